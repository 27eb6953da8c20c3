import Foundation
@testable import RoutePlanner
import RoutePlannerTestSupport
import Testing

/// The byte-level path for plain schedule rows (`PlainRowReader`) against the general path: every file, valid or
/// mutated, must import to the same voyages with the same diagnostics, in strict and in lenient mode.
@Suite struct PlainRowReaderTests {
    /// The outcome of an import, in a form that compares.
    struct Outcome: Equatable {
        var voyages: [Voyage]?
        var diagnostics: [ImportDiagnostic]
        var omitted: Int
        var skipped: Int
    }

    static func outcome(_ locations: CSVFile, _ schedule: CSVFile, mode: CSVImporter.Mode, plain: Bool) -> Outcome {
        var importer = CSVImporter(mode: mode, errorLimit: 1_000)
        importer.readsPlainRows = plain
        do {
            let result = try importer.importSchedule(locations: locations, schedule: schedule)
            return Outcome(voyages: result.value.voyages, diagnostics: result.diagnostics, omitted: result.omittedErrorCount, skipped: result.skippedRowCount)
        } catch {
            return Outcome(voyages: nil, diagnostics: error.diagnostics, omitted: error.omittedErrorCount, skipped: 0)
        }
    }

    @Test(arguments: 0..<4)
    func bothPathsReadEveryFileAlike(_ batch: Int) throws {
        let seed = UInt64(20_261_125 + batch)
        print("PlainRowReaderTests: seed \(seed), 400 files")
        var generator = SplitMix64(seed: seed)
        let fixtures = Bundle.module.url(forResource: "Fixtures", withExtension: nil)!.appendingPathComponent("valid")
        let fixture = (
            locations: Array(try Data(contentsOf: fixtures.appendingPathComponent("locations.csv"))),
            schedule: Array(try Data(contentsOf: fixtures.appendingPathComponent("schedule.csv"))))
        var plainRows = 0
        for index in 0..<400 {
            var locations = fixture.locations, schedule = fixture.schedule
            if index % 4 != 0 {
                let random = RandomSchedule(using: &generator, maxMovements: 30, cutOffs: Bool.random(using: &generator), figures: Bool.random(using: &generator))
                let network = try ScheduleNetwork(locations: random.locations, voyages: random.voyages)
                locations = Array(CSVWriter.locations(of: network).utf8)
                schedule = Array(CSVWriter.schedule(of: network).utf8)
            }
            if index % 3 != 0 { schedule = FuzzInput.mutate(schedule, using: &generator) }
            let files = (CSVFile(name: "locations.csv", bytes: locations), CSVFile(name: "schedule.csv", bytes: schedule))
            for mode in [CSVImporter.Mode.strict, .lenient] {
                let general = Self.outcome(files.0, files.1, mode: mode, plain: false)
                let plain = Self.outcome(files.0, files.1, mode: mode, plain: true)
                #expect(plain == general, "seed \(seed), file \(index), \(mode):\n\(String(decoding: schedule, as: UTF8.self))")
                plainRows += plain.voyages?.reduce(0) { $0 + $1.movements.count } ?? 0
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
            #expect(PlainRowReader.plainDecimal(Array(text.utf8)) == Double(text), "\(text)")
        }
        for text in ["", ".", "1.", ".5", "1e3", "-1", "+1", "1.2.3", "1 2", "inf", "nan", "0x10", "1234567890123456"] {
            #expect(PlainRowReader.plainDecimal(Array(text.utf8)) == nil, "\(text)")
        }
    }
}
