import Foundation
import RoutePlanner

/// Cargo booked in a `bookings.csv` file, read the first time it is needed, and kept in memory as it is
/// routed and handled.
public actor CSVCargoRepository: CargoRepository {
    private let bookingsURL: URL
    private let schedule: any VoyageRepository
    private let importer: CSVImporter
    private var cargoById: [String: Cargo]?

    /// Creates a repository over a bookings file whose locations are checked against the schedule's.
    public init(bookings: URL, schedule: any VoyageRepository, importer: CSVImporter = CSVImporter()) {
        bookingsURL = bookings
        self.schedule = schedule
        self.importer = importer
    }

    public func cargo(_ trackingId: String) async throws -> Cargo? { try await load()[trackingId] }

    public func save(_ cargo: Cargo) async throws {
        var all = try await load()
        all[cargo.trackingId] = cargo
        cargoById = all
    }

    public func allCargo() async throws -> [Cargo] { try await load().values.sorted { $0.trackingId < $1.trackingId } }

    private func load() async throws -> [String: Cargo] {
        if let cargoById { return cargoById }
        let network = try await schedule.network()
        let bookings = try importer.importBookings(try CSVFile(contentsOf: bookingsURL), network: network).value
        let loaded = Dictionary(bookings.map { ($0.id, Cargo(booking: $0)) }, uniquingKeysWith: { first, _ in first })
        cargoById = loaded
        return loaded
    }
}
