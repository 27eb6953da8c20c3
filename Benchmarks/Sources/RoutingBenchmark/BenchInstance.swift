import Foundation
import RoutePlanner

/// A standard instance of ../shared/bench: its locations and voyages, read from the generator's CSV files,
/// and the queries with the reference answers that `export_bin.py` wrote for the C anchor.
///
/// The reader knows only the generator's plain format (no quotes, UTC times); the project's CSV importer
/// is the tool for real files.
struct BenchInstance {
    struct Query {
        var origin: UnLocode
        var destination: UnLocode
        var ready: Date
        /// The reference earliest arrival, or `nil` when the destination cannot be reached.
        var expectedArrival: Date?
    }

    var locations: [Location] = []
    var voyages: [Voyage] = []
    var queries: [Query] = []

    init(directory: String, binary: String) throws {
        for row in try Self.rows(of: directory + "/locations.csv").dropFirst() {
            let hours = Double(row[2])!
            locations.append(Location(code: UnLocode(row[0])!, name: String(row[1]), transshipmentTime: .seconds(hours * 3600)))
        }
        var movementsByVoyage: [String: [CarrierMovement]] = [:]
        var order: [String] = []
        for row in try Self.rows(of: directory + "/schedule.csv").dropFirst() {
            let voyage = String(row[0])
            let movement = CarrierMovement(
                from: UnLocode(row[1])!, to: UnLocode(row[2])!, departure: Self.date(row[3]), arrival: Self.date(row[4]),
                capacity: Int(row[5])!)
            if movementsByVoyage[voyage] == nil { order.append(voyage) }
            movementsByVoyage[voyage, default: []].append(movement)
        }
        voyages = order.map { number in
            Voyage(number: VoyageNumber(number)!, movements: movementsByVoyage[number]!.sorted { $0.departureTime < $1.departureTime })
        }

        let data = try Data(contentsOf: URL(fileURLWithPath: binary))
        func int64(_ offset: Int) -> Int64 { data.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: Int64.self) } }
        func int32(_ offset: Int) -> Int32 { data.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: Int32.self) } }
        let (connections, ports, queryCount, t0) = (Int(int64(0)), Int(int64(8)), Int(int64(24)), int64(32))
        let queryOffset = 40 + 16 * connections + 4 * ports
        for index in 0..<queryCount {
            let base = queryOffset + 16 * index
            let expected = int32(base + 12)
            queries.append(Query(
                origin: locations[Int(int32(base))].code, destination: locations[Int(int32(base + 4))].code,
                ready: Date(timeIntervalSince1970: TimeInterval(t0 + Int64(int32(base + 8)))),
                expectedArrival: expected < 0 ? nil : Date(timeIntervalSince1970: TimeInterval(t0 + Int64(expected)))))
        }
    }

    private static func rows(of path: String) throws -> [[Substring]] {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        return text.split(whereSeparator: \.isNewline).map { $0.split(separator: ",", omittingEmptySubsequences: false) }
    }

    /// Parses `YYYY-MM-DDTHH:MM:SSZ`.
    private static func date(_ text: Substring) -> Date {
        let digits = Array(text.utf8).map { Int($0) - 48 }
        func number(_ range: Range<Int>) -> Int { range.reduce(0) { $0 * 10 + digits[$1] } }
        let (year, month, day) = (number(0..<4), number(5..<7), number(8..<10))
        // Days from 1970-01-01 (Howard Hinnant's days_from_civil).
        let y = month <= 2 ? year - 1 : year
        let era = y / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let days = era * 146_097 + dayOfEra - 719_468
        let seconds = days * 86_400 + number(11..<13) * 3600 + number(14..<16) * 60 + number(17..<19)
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }
}
