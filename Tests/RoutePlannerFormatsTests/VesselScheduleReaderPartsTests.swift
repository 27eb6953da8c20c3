import Foundation
@testable import RoutePlanner
@testable import RoutePlannerFormats
import RoutePlannerTestSupport
import Testing

/// A vessel-schedules document read in two parts side by side against the same document read in one pass: the
/// same problems, ports and voyages, for valid documents of several service schedules, documents whose parts share
/// a voyage or a reference, and mutated ones. A failure names its seed and document.
@Suite struct VesselScheduleReaderPartsTests {
    /// A random schedule as a carrier's vessel schedules spread over several service schedules, whose first key is
    /// now `carrierServiceCode`, now `carrierServiceName`, now `vesselSchedules` (a part cannot start there); now
    /// and then a voyage or a call reference given twice, far apart.
    static func document(using generator: inout some RandomNumberGenerator) -> [UInt8] {
        let random = RandomSchedule(using: &generator, maxMovements: 60, cutOffs: Bool.random(using: &generator))
        var voyages = random.voyages
        // A repeat lands anywhere in the second half of the voyages, so in either half of the second part.
        if Int.random(in: 0..<6, using: &generator) == 0 && voyages.count > 1 {
            voyages.insert(voyages[0], at: Int.random(in: (voyages.count / 2)...voyages.count, using: &generator))
        }
        let repeatedReferenceAt =
            Int.random(in: 0..<6, using: &generator) == 0
            ? Int.random(in: (voyages.count / 2)..<voyages.count, using: &generator) : -1
        func time(_ date: Date) -> String { Timestamp.format(seconds: Int64(date.timeIntervalSince1970), offset: 3_600) }
        var schedules: [String] = []
        for (index, voyage) in voyages.enumerated() {
            var calls: [String] = []
            for call in 0...voyage.movements.count {
                let (arriving, departing) = (call > 0 ? voyage.movements[call - 1] : nil, call < voyage.movements.count ? voyage.movements[call] : nil)
                let code = departing?.departureLocation ?? arriving!.arrivalLocation
                var stamps: [String] = []
                if let arriving {
                    stamps.append(#"{"eventTypeCode": "ARRI", "eventClassifierCode": "PLN", "eventDateTime": "\#(time(arriving.arrivalTime))"}"#)
                }
                if let departing {
                    stamps.append(#"{"eventTypeCode": "DEPA", "eventClassifierCode": "PLN", "eventDateTime": "\#(time(departing.departureTime))"}"#)
                }
                let reference = index == repeatedReferenceAt && index > 0 && call == 0 ? "V0C0" : "V\(index)C\(call)"
                var fields = [
                    #""transportCallReference": "\#(reference)""#, #""carrierImportVoyageNumber": "\#(voyage.number)""#,
                    #""location": {"UNLocationCode": "\#(code)"\#(Bool.random(using: &generator) ? #", "locationName": "Port \#(code)""# : "")}"#,
                    #""timestamps": [\#(stamps.joined(separator: ", "))]"#,
                ]
                if departing != nil { fields.append(#""carrierExportVoyageNumber": "\#(voyage.number)""#) }
                calls.append("{" + fields.joined(separator: ", ") + "}")
            }
            schedules.append(#"{"vessel": {"name": "Vessel \#(index)"}, "isDummyVessel": false, "transportCalls": [\#(calls.joined(separator: ",\n"))]}"#)
        }
        var services: [String] = []
        var next = 0
        while next < schedules.count {
            let count = Int.random(in: 1...3, using: &generator)
            let members = [
                #""carrierServiceCode": "S\#(services.count)""#, #""carrierServiceName": "Service \#(services.count)""#,
                #""vesselSchedules": [\#(schedules[next..<min(next + count, schedules.count)].joined(separator: ",\n"))]"#,
            ]
            let first = Int.random(in: 0..<3, using: &generator)
            services.append("{" + ([members[first]] + members.enumerated().filter { $0.offset != first }.map(\.element)).joined(separator: ", ") + "}")
            next += count
        }
        return Array(("[" + services.joined(separator: Bool.random(using: &generator) ? ",\n" : ", ") + "]").utf8)
    }

    /// What a reader read, comparable.
    struct Outcome: Equatable {
        var problems: [String]
        var ports: [String]
        var voyages: [Voyage]
    }

    static func outcome(_ document: [UInt8], halvingSize: Int) -> (Outcome, wasReadInParts: Bool) {
        var reader = VesselScheduleReader(errorLimit: 1_000, halvingSize: halvingSize)
        document.withUnsafeBufferPointer { reader.read($0) }
        let problems = reader.problems.map { "\($0.offset) \($0.path ?? "-") \($0.severity) \($0.message)" }
        let ports = reader.ports.map { "\($0.code) \($0.name ?? "-") \($0.firstPath) \($0.firstOffset)" }
        let voyages = reader.sailings.voyages(codes: reader.ports.map(\.code))
        return (Outcome(problems: problems, ports: ports, voyages: voyages), reader.wasReadInParts)
    }

    /// Past the middle, the first object after a comma whose first key is `carrierServiceCode` is inside a transport
    /// call (among the address lines of its location, which the reader skips): the first part's reader never reaches
    /// it between two service schedules, reads on to the end, and the result is the one pass's.
    @Test func aGuessInsideAServiceScheduleLeavesTheFirstReaderToReadItAll() {
        let schedules = (0..<40).map { index in
            #"{"vessel": {"name": "Vessel \#(index)"}, "isDummyVessel": false, "transportCalls": [{"transportCallReference": "R\#(index)A", "carrierImportVoyageNumber": "V\#(index)", "location": {"UNLocationCode": "CNSHA", "addressLines": [0, {"carrierServiceCode": "N"}]}, "timestamps": [{"eventTypeCode": "DEPA", "eventClassifierCode": "PLN", "eventDateTime": "2026-03-02T08:00:00Z"}], "carrierExportVoyageNumber": "V\#(index)"}, {"transportCallReference": "R\#(index)B", "carrierImportVoyageNumber": "V\#(index)", "location": {"UNLocationCode": "NLRTM"}, "timestamps": [{"eventTypeCode": "ARRI", "eventClassifierCode": "PLN", "eventDateTime": "2026-04-01T08:00:00Z"}]}]}"#
        }
        let document = Array(
            #"[{"carrierServiceCode": "S0", "carrierServiceName": "Service 0", "vesselSchedules": [\#(schedules.joined(separator: ","))]}, {"carrierServiceCode": "S1", "carrierServiceName": "Service 1", "vesselSchedules": [\#(schedules[0].replacingOccurrences(of: "R0", with: "R40").replacingOccurrences(of: "V0", with: "V40"))]}]"#
                .utf8)
        let guess = document.withUnsafeBufferPointer { VesselScheduleReader.secondPartStart(of: $0) }
        #expect(guess != nil && guess! < document.count - 60, "the guess falls inside the first service schedule")
        let (whole, _) = Self.outcome(document, halvingSize: .max)
        let (parts, wasReadInParts) = Self.outcome(document, halvingSize: 0)
        #expect(!wasReadInParts)
        #expect(parts == whole && whole.voyages.count == 41 && whole.problems.isEmpty)
    }

    @Test(arguments: 0..<2)
    func aDocumentReadInTwoPartsReadsAsInOnePass(_ batch: Int) {
        let seed = UInt64(20_261_127 + batch)
        print("VesselScheduleReaderPartsTests: seed \(seed), 400 documents")
        var generator = SplitMix64(seed: seed)
        var inParts = 0
        for index in 0..<400 {
            var document = Self.document(using: &generator)
            if index % 4 == 3 { document = FuzzInput.mutate(document, using: &generator) }
            let (whole, _) = Self.outcome(document, halvingSize: .max)
            let (parts, wasReadInParts) = Self.outcome(document, halvingSize: 0)
            #expect(parts == whole, "seed \(seed), document \(index):\n\(String(decoding: document, as: UTF8.self))")
            if wasReadInParts { inParts += 1 }
        }
        #expect(inParts > 100, "only \(inParts) of 400 documents were read in two parts")
    }
}
