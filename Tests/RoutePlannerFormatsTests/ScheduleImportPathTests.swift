import Foundation
@testable import RoutePlanner
@testable import RoutePlannerFormats
import RoutePlannerTestSupport
import Testing

/// The CSV schedule import's fast paths (plain rows read by `MovementRowReader`, the network built straight from the
/// rows) against its general paths: every file, valid or mutated, must import to the same network with the same
/// diagnostics, in strict and in lenient mode.
@Suite struct ScheduleImportPathTests {
    /// The outcome of an import, in a form that compares.
    struct Outcome: Equatable {
        var voyages: [Voyage]?
        /// What the voyages round or leave out: the network's own distances, CO2e and indexes.
        var distance: [Float]?
        var co2eGrams: [Int32]?
        var indexes: [[Int32]]?
        var diagnostics: [ImportDiagnostic]
        var omitted: Int
        var skipped: Int
    }

    static func outcome(_ locations: CSVFile, _ schedule: CSVFile, mode: CSVImporter.Mode, fast: Bool) -> Outcome {
        var importer = CSVImporter(mode: mode, errorLimit: 1_000)
        importer.takesFastPaths = fast
        do {
            return outcome(try importer.importSchedule(locations: locations, schedule: schedule))
        } catch {
            return Outcome(diagnostics: error.diagnostics, omitted: error.omittedErrorCount, skipped: 0)
        }
    }

    static func outcome(_ result: ImportResult<ImportedSchedule>) -> Outcome {
        let network = result.value.network
        return Outcome(
            voyages: result.value.voyages, distance: network.details.distance.map { $0.isNaN ? -1 : $0 },
            co2eGrams: network.details.co2eGrams,
            indexes: [
                network.voyageStart, network.departureStart, network.slotMovement, network.slotTo, network.slotSailing,
                network.connectingSlot, network.inboundStart, network.inboundPort, network.cutOffStart,
            ],
            diagnostics: result.diagnostics, omitted: result.omittedErrorCount, skipped: result.skippedRowCount)
    }

    @Test(arguments: 0..<4)
    func fastAndGeneralPathsImportEveryFileAlike(_ batch: Int) throws {
        let seed = UInt64(20_261_125 + batch)
        print("ScheduleImportPathTests: seed \(seed), 400 files")
        var generator = SplitMix64(seed: seed)
        let fixtures = Bundle.module.url(forResource: "Fixtures", withExtension: nil)!.appendingPathComponent("valid")
        let fixture = (
            locations: Array(try Data(contentsOf: fixtures.appendingPathComponent("locations.csv"))),
            schedule: Array(try Data(contentsOf: fixtures.appendingPathComponent("schedule.csv")))
        )
        var plainRows = 0
        for index in 0..<400 {
            var locations = fixture.locations, schedule = fixture.schedule
            if index % 4 != 0 {
                let random = RandomSchedule(
                    using: &generator, maxMovements: 30, cutOffs: Bool.random(using: &generator), figures: Bool.random(using: &generator))
                let network = try ScheduleNetwork(locations: random.locations, voyages: random.voyages)
                locations = Array(CSVWriter.locations(of: network).utf8)
                schedule = Array(CSVWriter.schedule(of: network).utf8)
            }
            if index % 3 != 0 { schedule = FuzzInput.mutate(schedule, using: &generator) }
            let files = (CSVFile(name: "locations.csv", bytes: locations), CSVFile(name: "schedule.csv", bytes: schedule))
            for mode in [CSVImporter.Mode.strict, .lenient] {
                let general = Self.outcome(files.0, files.1, mode: mode, fast: false)
                let fast = Self.outcome(files.0, files.1, mode: mode, fast: true)
                #expect(fast == general, "seed \(seed), file \(index), \(mode):\n\(String(decoding: schedule, as: UTF8.self))")
                plainRows += fast.voyages?.reduce(0) { $0 + $1.movements.count } ?? 0
            }
        }
        #expect(plainRows > 1_000, "too few files imported to compare the paths")
    }

    @Test func plainDecimalsReadAsDoubleReadsThem() {
        var generator = SplitMix64(seed: 20_261_125)
        for _ in 0..<20_000 {
            let whole = String(UInt64.random(in: 0...999_999_999, using: &generator))
            let digits = Int.random(in: 0...6, using: &generator)
            let fraction = String((0..<digits).map { _ in Character(String(Int.random(in: 0...9, using: &generator))) })
            let text = digits == 0 ? whole : whole + "." + fraction
            #expect(MovementRowReader.plainDecimal(Array(text.utf8)) == Double(text), "\(text)")
        }
        for text in ["", ".", "1.", ".5", "1e3", "-1", "+1", "1.2.3", "1 2", "inf", "nan", "0x10", "1234567890123456"] {
            #expect(MovementRowReader.plainDecimal(Array(text.utf8)) == nil, "\(text)")
        }
    }

    @Test func commonTimestampsReadAsTheGeneralParserReadsThem() {
        var generator = SplitMix64(seed: 20_261_125)
        let alphabet = Array("0123456789-T:Z+ ".utf8)
        for _ in 0..<50_000 {
            // A valid time in UTC or with an offset (from a day's length either way, past what a zone may be),
            // often with one byte changed, so that the shortcut's every check is crossed.
            let seconds = Int64.random(in: -62_135_596_800...253_402_300_799, using: &generator)
            let offset = Bool.random(using: &generator) ? 0 : Int.random(in: -1_500...1_500, using: &generator) * 60
            var text = Array(Timestamp.format(seconds: seconds, offset: offset).utf8)
            if offset == 0 && Int.random(in: 0..<4, using: &generator) == 0 {
                text = text.dropLast() + Array((Bool.random(using: &generator) ? "+00:00" : "-00:00").utf8)
            }
            if Bool.random(using: &generator) {
                text[Int.random(in: 0..<text.count, using: &generator)] = alphabet.randomElement(using: &generator)!
            }
            let general = Timestamp.parseAnyWithOffset(text)
            let parsed = Timestamp.parseWithOffset(text)
            #expect(parsed.map(\.parsed) == general.map(\.parsed) && parsed.map(\.offset) == general.map(\.offset), "\(String(decoding: text, as: UTF8.self))")
        }
    }

    @Test func aFieldsEndIsFoundEightBytesAtATimeWhereByteByByteFindsIt() {
        var generator = SplitMix64(seed: 20_261_126)
        let alphabet: [UInt8] = Array(",\n\r\"a0 -".utf8) + [0x00, 0x01, 0x2B, 0x2D, 0x0B, 0x0C, 0x0E, 0x80, 0xAC, 0xFF]
        for _ in 0..<50_000 {
            let bytes = (0..<8).map { _ in alphabet.randomElement(using: &generator)! }
            let word = bytes.withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(as: UInt64.self)) }
            let first = bytes.firstIndex { $0 == 0x2C || $0 == 0x0A || $0 == 0x0D }
            let ends = CSVReader.fieldEnds(word)
            #expect((ends == 0 ? nil : ends.trailingZeroBitCount / 8) == first, "\(bytes)")
        }
    }

    @Test func utf8CheckAgreesWithTheStandardLibrary() {
        var generator = SplitMix64(seed: 20_261_125)
        let pieces: [[UInt8]] = [
            Array("plain ascii, 8+ bytes".utf8), Array("é".utf8), Array("€".utf8), Array("😀".utf8), [0x80], [0xC0, 0x80],
            [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82], [0xFF], [0x41],
        ]
        for _ in 0..<20_000 {
            let bytes = (0..<Int.random(in: 0...12, using: &generator)).flatMap { _ in pieces.randomElement(using: &generator)! }
            #expect(CSVReader.isValidUTF8(bytes) == (String(validating: bytes, as: UTF8.self) != nil), "\(bytes)")
        }
    }
}
