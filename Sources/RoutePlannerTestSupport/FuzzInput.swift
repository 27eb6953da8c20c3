import Foundation
import RoutePlanner
import RoutePlannerFormats
import RoutePlannerApplication

/// One input of the fuzz target (`Fuzz/`) and of the seeded mutation test: bytes that the importers and
/// the what-if parser must take without a trap, keeping their promises.
///
/// The first byte chooses what reads the rest: a schedule (locations and schedule separated by a `0xFF`
/// byte), a bookings file, a handling report, what-if entries (one per line, `c`, `p`, `d` or `k` then
/// the text of `--cancel-voyage`, `--close-port`, `--delay` or `--capacity`) applied to the sample network, or
/// a DCSA vessel-schedules document (and a capacity file after a `0xFF` byte).
public enum FuzzInput {
    /// Reads the input every way it is read; a broken promise stops the process, as a trap would.
    public static func exercise(_ data: [UInt8]) {
        guard let mode = data.first else { return }
        let body = Array(data.dropFirst())
        switch mode % 5 {
        case 0:
            let split = body.firstIndex(of: 0xFF) ?? body.count
            let locations = CSVFile(name: "l.csv", bytes: Array(body[..<split]))
            let schedule = CSVFile(name: "s.csv", bytes: Array(body[min(split + 1, body.count)...]))
            for importer in [CSVImporter(), CSVImporter(mode: .lenient)] {
                check(locations, schedule) { () throws(ImportError) in try importer.importSchedule(locations: locations, schedule: schedule).diagnostics }
            }
        case 1:
            let file = CSVFile(name: "b.csv", bytes: body)
            for importer in [CSVImporter(), CSVImporter(mode: .lenient)] {
                check(file) { () throws(ImportError) in try importer.importBookingRows(file, network: sample).diagnostics }
            }
        case 2:
            let file = CSVFile(name: "r.csv", bytes: body)
            for importer in [CSVImporter(), CSVImporter(mode: .lenient)] {
                check(file) { () throws(ImportError) in
                    try importer.importHandlingReport(file, registeredAt: Date(timeIntervalSince1970: 1_800_000_000)).diagnostics
                }
            }
        case 4:
            let split = body.firstIndex(of: 0xFF) ?? body.count
            let schedule = CSVFile(name: "s.json", bytes: Array(body[..<split]))
            let capacities = split < body.count ? CSVFile(name: "c.csv", bytes: Array(body[(split + 1)...])) : nil
            check(schedule, capacities) { () throws(ImportError) in
                try DCSAImporter().importVesselSchedules(schedule, capacities: capacities).diagnostics
            }
        default:
            var form = ScenarioForm()
            for line in String(decoding: body, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false) {
                let text = String(line.dropFirst())
                switch line.first {
                case "c": form.cancelVoyages.append(text)
                case "p": form.closePorts.append(text)
                case "d": form.delays.append(text)
                default: form.capacities.append(text)
                }
            }
            guard case .success(let scenario) = Scenario.create(form) else { return }
            if let changed = try? sample.applying(scenario), changed.movementCount > sample.movementCount {
                fatalError("a scenario added movements: \(scenario)")
            }
        }
    }

    private static let sample = SampleVoyages.network()

    /// Runs an import and checks what it says: every diagnostic points into a file it read, at a line and a
    /// column that exist there.
    private static func check(_ files: CSVFile?..., run: () throws(ImportError) -> [ImportDiagnostic]) {
        let files = files.compactMap { $0 }
        let diagnostics: [ImportDiagnostic]
        do {
            diagnostics = try run()
        } catch {
            guard !error.errors.isEmpty || error.omittedErrorCount > 0 else { fatalError("an import failed without an error: \(error)") }
            diagnostics = error.diagnostics
        }
        for diagnostic in diagnostics {
            guard let file = files.first(where: { $0.name == diagnostic.file }) else { fatalError("\(diagnostic): no such file") }
            let lines = file.bytes.reduce(1) { $0 + ($1 == 0x0A || $1 == 0x0D ? 1 : 0) }
            guard diagnostic.line >= 1, diagnostic.line <= lines, diagnostic.column >= 1, diagnostic.column <= file.bytes.count + 1 else {
                fatalError("\(diagnostic) is outside \(file.name) (\(lines) lines, \(file.bytes.count) bytes)")
            }
        }
    }

    /// The input with a few seeded changes of the kinds that break CSV and JSON files: bytes flipped, inserted
    /// or deleted, delimiters, brackets and quotes added, lines doubled, dropped or cut.
    public static func mutate(_ input: [UInt8], using generator: inout some RandomNumberGenerator) -> [UInt8] {
        var bytes = input
        let special: [UInt8] = Array(",\"\n\r:@=.-+ 0123456789eE{}[]\\".utf8) + [0x00, 0xFF, 0xC3, 0xA9, 0xE2, 0x80]
        for _ in 0..<Int.random(in: 1...4, using: &generator) {
            let at = bytes.isEmpty ? 0 : Int.random(in: 0..<bytes.count, using: &generator)
            switch Int.random(in: 0..<7, using: &generator) {
            case 0 where !bytes.isEmpty: bytes[at] = UInt8.random(in: 0...255, using: &generator)
            case 1: bytes.insert(special.randomElement(using: &generator)!, at: at)
            case 2 where !bytes.isEmpty: bytes.remove(at: at)
            case 3:
                let line = bytes[at...].prefix { $0 != 0x0A }
                bytes.insert(contentsOf: line + [0x0A], at: at)
            case 4 where !bytes.isEmpty: bytes.removeSubrange(at..<min(bytes.count, at + Int.random(in: 1...40, using: &generator)))
            case 5: bytes.insert(contentsOf: Array(String(repeating: "9", count: Int.random(in: 1...30, using: &generator)).utf8), at: at)
            default: bytes = Array(bytes.prefix(at))
            }
        }
        return bytes
    }
}
