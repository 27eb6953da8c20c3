import RoutePlanner
import RoutePlannerApplication

/// A test double over a cargo repository: every call goes to ``forwarded`` unless the double implements it, as a
/// double that changes the store between a read and a write does for the calls it watches.
protocol ForwardingCargoRepository: CargoRepository {
    /// The repository the calls go to.
    var forwarded: any CargoRepository { get }
}

extension ForwardingCargoRepository {
    func cargo(_ trackingId: TrackingId) async throws -> Cargo? { try await forwarded.cargo(trackingId) }
    func allCargo() async throws -> [Cargo] { try await forwarded.allCargo() }
    func cargoWritten(after mark: Int) async throws -> CargoWrites { try await forwarded.cargoWritten(after: mark) }
    func nextTrackingIds(_ count: Int) async throws -> [TrackingId] { try await forwarded.nextTrackingIds(count) }
    func trackingIds(bookingReferences: [String], customerId: CustomerId) async throws -> [String: TrackingId] {
        try await forwarded.trackingIds(bookingReferences: bookingReferences, customerId: customerId)
    }
    func save(_ cargo: Cargo) async throws { try await forwarded.save(cargo) }
    func save(_ cargo: [Cargo]) async throws { try await forwarded.save(cargo) }
    func save(_ cargo: [Cargo], unlessChangedSince read: [Cargo]) async throws -> [TrackingId] { try await forwarded.save(cargo, unlessChangedSince: read) }
    func save(_ cargo: [Cargo], ifUnchangedSince read: [Cargo]) async throws { try await forwarded.save(cargo, ifUnchangedSince: read) }
    func offer(for trackingId: TrackingId) async throws -> RouteOffer? { try await forwarded.offer(for: trackingId) }
    func save(_ offer: RouteOffer) async throws { try await forwarded.save(offer) }
    func save(_ offer: RouteOffer, ifUnchangedSince read: Cargo) async throws { try await forwarded.save(offer, ifUnchangedSince: read) }
    func record(
        _ batch: CarrierEventBatch, appliedTo: CarrierEventsMark, saving cargo: [Cargo], ifUnchangedSince read: [Cargo], offers: [RouteOffer]
    ) async throws -> Int {
        try await forwarded.record(batch, appliedTo: appliedTo, saving: cargo, ifUnchangedSince: read, offers: offers)
    }
}
