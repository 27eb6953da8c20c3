import RoutePlanner

/// The cargo a principal may see, over the whole store: another customer's cargo reads as none (never as
/// forbidden, so that an id is not confirmed to exist), and writing it is refused as
/// `DomainError.cargoNotFound`.
struct ScopedCargoRepository: CargoRepository {
    let base: any CargoRepository
    let principal: Principal

    func cargo(_ trackingId: TrackingId) async throws -> Cargo? {
        try await base.cargo(trackingId).flatMap { principal.sees($0) ? $0 : nil }
    }

    func allCargo() async throws -> [Cargo] { try await base.allCargo().filter(principal.sees) }

    func cargo(from offset: Int, limit: Int, customer: CustomerId?) async throws -> (cargo: [Cargo], total: Int) {
        guard let own = principal.customerId else { return try await base.cargo(from: offset, limit: limit, customer: customer) }
        // A customer user's list is its own customer's, whichever customer it names.
        guard customer.map(principal.sees(customer:)) ?? true else { return ([], 0) }
        return try await base.cargo(from: offset, limit: limit, customer: own)
    }

    func nextTrackingIds(_ count: Int) async throws -> [TrackingId] { try await base.nextTrackingIds(count) }

    func trackingIds(bookingReferences: [String], customerId: CustomerId) async throws -> [String: TrackingId] {
        guard principal.sees(customer: customerId) else { return [:] }
        return try await base.trackingIds(bookingReferences: bookingReferences, customerId: customerId)
    }

    func save(_ cargo: Cargo) async throws { try await save([cargo]) }

    func save(_ cargo: [Cargo]) async throws {
        try await check(cargo)
        try await base.save(cargo)
    }

    func save(_ cargo: [Cargo], unlessChangedSince read: [Cargo]) async throws -> [TrackingId] {
        try await check(cargo)
        return try await base.save(cargo, unlessChangedSince: read)
    }

    func offer(for trackingId: TrackingId) async throws -> RouteOffer? {
        try await cargo(trackingId) == nil ? nil : base.offer(for: trackingId)
    }

    func save(_ offer: RouteOffer) async throws {
        guard try await cargo(offer.trackingId) != nil else { throw DomainError.cargoNotFound(offer.trackingId) }
        try await base.save(offer)
    }

    /// Refuses cargo the principal may not see, as it is or as it is stored.
    private func check(_ cargo: [Cargo]) async throws {
        guard principal.role != .planner else { return }
        for each in cargo {
            guard principal.sees(each) else { throw DomainError.cargoNotFound(each.trackingId) }
            if let stored = try await base.cargo(each.trackingId), !principal.sees(stored) { throw DomainError.cargoNotFound(each.trackingId) }
        }
    }
}
