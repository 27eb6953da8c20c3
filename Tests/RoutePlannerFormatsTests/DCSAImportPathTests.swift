import Foundation
@testable import RoutePlanner
@testable import RoutePlannerFormats
import RoutePlannerTestSupport
import Testing

/// The DCSA import's network built straight from the document's sailings against the network built through a
/// `Voyage` per voyage: every document, valid or mutated, with or without its locations, capacity and distance
/// files, must import to the same network with the same diagnostics.
@Suite struct DCSAImportPathTests {
    /// A random schedule as a carrier's vessel schedules: one vessel schedule per voyage, each call's times in an
    /// offset of its own (now and then one of more than 18 hours, which only the network's check refuses), and the
    /// files that go with it.
    static func files(using generator: inout some RandomNumberGenerator) throws -> (
        schedule: [UInt8], locations: CSVFile?, capacities: CSVFile?, distances: CSVFile?
    ) {
        let random = RandomSchedule(using: &generator, maxMovements: 30, cutOffs: Bool.random(using: &generator), figures: Bool.random(using: &generator))
        let network = try ScheduleNetwork(locations: random.locations, voyages: random.voyages)
        func offset() -> Int {
            Int.random(in: 0..<40, using: &generator) == 0 ? 19 * 3600 : Int.random(in: -24...28, using: &generator) * 1800
        }
        func time(_ date: Date, _ offset: Int) -> String { Timestamp.format(seconds: Int64(date.timeIntervalSince1970), offset: offset) }
        var schedules: [String] = []
        for (index, voyage) in random.voyages.enumerated() {
            var calls: [String] = []
            for call in 0...voyage.movements.count {
                let (arriving, departing) = (call > 0 ? voyage.movements[call - 1] : nil, call < voyage.movements.count ? voyage.movements[call] : nil)
                let code = departing?.departureLocation ?? arriving!.arrivalLocation
                let zone = offset()
                var stamps: [String] = []
                if let arriving {
                    stamps.append(#"{"eventTypeCode": "ARRI", "eventClassifierCode": "PLN", "eventDateTime": "\#(time(arriving.arrivalTime, zone))"}"#)
                }
                if let departing {
                    stamps.append(#"{"eventTypeCode": "DEPA", "eventClassifierCode": "EST", "eventDateTime": "\#(time(departing.departureTime, zone))"}"#)
                }
                var fields = [
                    #""transportCallReference": "V\#(index)C\#(call)""#, #""carrierImportVoyageNumber": "\#(voyage.number)""#,
                    #""location": {"UNLocationCode": "\#(code)", "locationName": "Port \#(code)"}"#,
                    #""timestamps": [\#(stamps.joined(separator: ", "))]"#,
                ]
                if let departing {
                    fields.append(#""carrierExportVoyageNumber": "\#(voyage.number)""#)
                    if !departing.cutOffTimes.isEmpty {
                        let cutOffs = departing.cutOffTimes.map {
                            #"{"cutOffDateTimeCode": "\#($0.code.rawValue)", "cutOffDateTime": "\#(time($0.time, zone))"}"#
                        }
                        fields.append(#""cutOffTimes": [\#(cutOffs.joined(separator: ", "))]"#)
                    }
                }
                calls.append("{" + fields.joined(separator: ", ") + "}")
            }
            schedules.append(
                #"{"vessel": {"name": "Vessel \#(index)", "vesselIMONumber": "\#(9_000_000 + index)"}, "isDummyVessel": false, "transportCalls": [\#(calls.joined(separator: ",\n"))]}"#
            )
        }
        let schedule = Array(
            #"[{"carrierServiceCode": "S1", "carrierServiceName": "Service", "vesselSchedules": [\#(schedules.joined(separator: ",\n"))]}]"#.utf8)
        var capacities: CSVFile?
        if Bool.random(using: &generator) {
            var rows = ["voyage,vessel_imo,capacity_teu,co2e_g_per_teu_km,capacity_tonnes,reefer_plugs"]
            for (index, voyage) in random.voyages.enumerated() where Int.random(in: 0..<4, using: &generator) > 0 {
                let byVessel = Bool.random(using: &generator)
                let intensity = Bool.random(using: &generator) ? String(Double.random(in: 0...100, using: &generator)) : ""
                let tonnes = Bool.random(using: &generator) ? String(Int.random(in: 0...100_000, using: &generator)) : ""
                let plugs = Bool.random(using: &generator) ? String(Int.random(in: 0...500, using: &generator)) : ""
                rows.append(
                    "\(byVessel ? "" : voyage.number.rawValue),\(byVessel ? String(9_000_000 + index) : ""),\(Int.random(in: 0...20_000, using: &generator)),\(intensity),\(tonnes),\(plugs)"
                )
            }
            capacities = CSVFile(name: "capacities.csv", text: rows.joined(separator: "\n") + "\n")
        }
        var distances: CSVFile?
        if Bool.random(using: &generator), random.locations.count >= 2 {
            let (a, b) = (random.locations[0].code, random.locations[1].code)
            distances = CSVFile(name: "distances.csv", text: "from,to,distance_nm\n\(a),\(b),\(Int.random(in: 1...20_000, using: &generator))\n")
        }
        let locations = Bool.random(using: &generator) ? CSVFile(name: "locations.csv", text: CSVWriter.locations(of: network)) : nil
        return (schedule, locations, capacities, distances)
    }

    static func outcome(
        _ schedule: [UInt8], _ locations: CSVFile?, _ capacities: CSVFile?, _ distances: CSVFile?, fast: Bool
    ) -> ScheduleImportPathTests.Outcome {
        var importer = DCSAImporter(errorLimit: 1_000)
        importer.takesFastPaths = fast
        do {
            let result = try importer.importVesselSchedules(
                CSVFile(name: "schedule.json", bytes: schedule), locations: locations, capacities: capacities, distances: distances)
            var outcome = ScheduleImportPathTests.outcome(result)
            let network = result.value.network
            outcome.indexes! += [network.details.departureOffset, network.details.arrivalOffset, network.details.weightCapacity, network.details.plugCapacity]
            return outcome
        } catch {
            return ScheduleImportPathTests.Outcome(diagnostics: error.diagnostics, omitted: error.omittedErrorCount, skipped: 0)
        }
    }

    @Test(arguments: 0..<2)
    func theNetworkStraightFromTheSailingsIsTheNetworkOfTheVoyages(_ batch: Int) throws {
        let seed = UInt64(20_261_126 + batch)
        print("DCSAImportPathTests: seed \(seed), 300 documents")
        var generator = SplitMix64(seed: seed)
        var (imported, straight, throughVoyages) = (0, 0, 0)
        for index in 0..<300 {
            var (schedule, locations, capacities, distances) = try Self.files(using: &generator)
            if index % 3 == 2 { schedule = FuzzInput.mutate(schedule, using: &generator) }
            let general = Self.outcome(schedule, locations, capacities, distances, fast: false)
            let fast = Self.outcome(schedule, locations, capacities, distances, fast: true)
            #expect(fast == general, "seed \(seed), document \(index):\n\(String(decoding: schedule, as: UTF8.self))")
            if general.voyages != nil { imported += 1 }
            // A document that reads without a problem but has an offset past 18 hours is left to the network's
            // own check, which refuses it.
            var reader = VesselScheduleReader(errorLimit: 1_000)
            schedule.withUnsafeBufferPointer { reader.read($0) }
            let ports = reader.ports.map { Location(code: $0.code, name: "P", transshipmentTime: .zero) }
            if !reader.hasErrors && reader.sailings.voyageCount > 0 {
                if reader.sailings.network(locations: ports, capacitiesAreKnown: false) == nil { throughVoyages += 1 } else { straight += 1 }
            }
        }
        #expect(imported > 100, "too few documents imported to compare the paths")
        #expect(throughVoyages > 0, "no document took the network's own check")
        #expect(straight > 100, "too few documents built their network straight from the sailings")
    }
}
