import Foundation
import RoutePlanner
import RoutePlannerFormats

/// A standard instance of Benchmarks/reference: its locations and voyages, imported from the generator's CSV
/// files, and the queries with the reference answers that `export_bin.py` wrote for the C anchor.
public struct BenchInstance {
    public struct Query {
        public var origin: UnLocode
        public var destination: UnLocode
        public var ready: Date
        /// The reference earliest arrival, or `nil` when the destination cannot be reached.
        public var expectedArrival: Date?
    }

    public var locations: [Location] = []
    public var voyages: [Voyage] = []
    public var queries: [Query] = []

    public init(directory: String, binary: String) throws {
        let folder = URL(fileURLWithPath: directory)
        let schedule = try CSVImporter().importSchedule(
            locations: folder.appendingPathComponent("locations.csv"), schedule: folder.appendingPathComponent("schedule.csv")
        ).value
        locations = schedule.locations
        voyages = schedule.voyages

        let data = try Data(contentsOf: URL(fileURLWithPath: binary))
        func int64(_ offset: Int) -> Int64 { data.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: Int64.self) } }
        func int32(_ offset: Int) -> Int32 { data.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: Int32.self) } }
        let (connections, ports, queryCount, t0) = (Int(int64(0)), Int(int64(8)), Int(int64(24)), int64(32))
        let queryOffset = 40 + 16 * connections + 4 * ports
        for index in 0..<queryCount {
            let base = queryOffset + 16 * index
            let expected = int32(base + 12)
            queries.append(
                Query(
                    origin: locations[Int(int32(base))].code, destination: locations[Int(int32(base + 4))].code,
                    ready: Date(timeIntervalSince1970: TimeInterval(t0 + Int64(int32(base + 8)))),
                    expectedArrival: expected < 0 ? nil : Date(timeIntervalSince1970: TimeInterval(t0 + Int64(expected)))))
        }
    }
}
