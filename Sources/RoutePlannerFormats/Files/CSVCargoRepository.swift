import Foundation
import RoutePlanner
import RoutePlannerApplication

/// Cargo booked in a `bookings.csv` file, read the first time it is needed and then kept in memory as it
/// is routed and handled; the file itself is never written.
public actor CSVCargoRepository: CargoRepository {
    private let bookingsURL: URL
    private let schedule: any VoyageRepository
    private let importer: CSVImporter
    private let movedByWeeks: Int
    private var loaded: InMemoryCargoRepository?

    /// Creates a repository over a bookings file whose locations are checked against the schedule's.
    ///
    /// - Parameters:
    ///   - bookings: The bookings CSV file.
    ///   - schedule: The schedule whose ports the bookings must name.
    ///   - importer: What reads the file.
    ///   - movedByWeeks: The weeks the bookings' ready times and deadlines move, as their timetable does
    ///     (``ScheduleFileRepository``).
    public init(bookings: URL, schedule: any VoyageRepository, importer: CSVImporter = CSVImporter(), movedByWeeks: Int = 0) {
        bookingsURL = bookings
        self.schedule = schedule
        self.importer = importer
        self.movedByWeeks = movedByWeeks
    }

    public func cargo(_ trackingId: TrackingId) async throws -> Cargo? { try await load().cargo(trackingId) }
    public func allCargo() async throws -> [Cargo] { try await load().allCargo() }
    public func cargoWritten(after mark: Int) async throws -> CargoWrites { try await load().cargoWritten(after: mark) }
    public func nextTrackingIds(_ count: Int) async throws -> [TrackingId] { try await load().nextTrackingIds(count) }
    public func trackingIds(bookingReferences: [String], customerId: CustomerId) async throws -> [String: TrackingId] {
        try await load().trackingIds(bookingReferences: bookingReferences, customerId: customerId)
    }
    public func save(_ cargo: Cargo) async throws { try await load().save(cargo) }
    public func save(_ cargo: [Cargo]) async throws { try await load().save(cargo) }
    public func save(_ cargo: [Cargo], unlessChangedSince read: [Cargo]) async throws -> [TrackingId] {
        try await load().save(cargo, unlessChangedSince: read)
    }
    public func save(_ cargo: [Cargo], ifUnchangedSince read: [Cargo]) async throws { try await load().save(cargo, ifUnchangedSince: read) }
    public func offer(for trackingId: TrackingId) async throws -> RouteOffer? { try await load().offer(for: trackingId) }
    public func save(_ offer: RouteOffer) async throws { try await load().save(offer) }
    public func save(_ offer: RouteOffer, ifUnchangedSince read: Cargo) async throws { try await load().save(offer, ifUnchangedSince: read) }
    public func record(
        _ batch: CarrierEventBatch, appliedTo: CarrierEventsMark, saving cargo: [Cargo], ifUnchangedSince read: [Cargo], offers: [RouteOffer]
    ) async throws -> Int {
        throw DomainError.invalidOperation("Carriers' events move the schedule a store keeps; bookings read from a file keep none: name the store.")
    }

    private func load() async throws -> InMemoryCargoRepository {
        if let loaded { return loaded }
        let network = try await schedule.network()
        let bookings = try importer.importBookings(contentsOf: bookingsURL, network: network).value.map { try $0.moved(byWeeks: movedByWeeks) }
        let repository = InMemoryCargoRepository(bookings.map(Cargo.init(booking:)))
        loaded = repository
        return repository
    }
}
