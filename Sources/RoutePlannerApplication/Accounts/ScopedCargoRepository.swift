import Foundation
import RoutePlanner

/// The cargo a principal may see, over the whole store, with the changes it makes recorded as its own.
///
/// Another customer's cargo reads as none (never as forbidden, so that an id is not confirmed to exist), and
/// writing it is refused as `DomainError.cargoNotFound`. Each cargo written is compared with its state before
/// (as stored, or as read for ``save(_:unlessChangedSince:)``), and what changed is recorded in it
/// (`Cargo.record(_:)`, `CargoChange.between(_:_:by:at:)`), so that the store keeps who made each change in the
/// same transaction as the change.
struct ScopedCargoRepository: CargoRepository {
    let base: any CargoRepository
    let principal: Principal
    let now: @Sendable () -> Date

    /// Past this many cargo in one write, their states before are read all at once rather than one by one.
    private static let readsAllPast = 200

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
        let stored = try await states(of: cargo)
        try check(cargo, stored: stored)
        try await base.save(recorded(cargo, before: stored))
    }

    func save(_ cargo: [Cargo], unlessChangedSince read: [Cargo]) async throws -> [TrackingId] {
        let before = Dictionary(read.map { ($0.trackingId, $0) }, uniquingKeysWith: { first, _ in first })
        try check(cargo, stored: before)
        return try await base.save(recorded(cargo, before: before), unlessChangedSince: read)
    }

    func offer(for trackingId: TrackingId) async throws -> RouteOffer? {
        try await cargo(trackingId) == nil ? nil : base.offer(for: trackingId)
    }

    func save(_ offer: RouteOffer) async throws {
        guard try await cargo(offer.trackingId) != nil else { throw DomainError.cargoNotFound(offer.trackingId) }
        try await base.save(offer)
    }

    /// The cargo as stored, of those about to be written that are.
    private func states(of cargo: [Cargo]) async throws -> [TrackingId: Cargo] {
        if cargo.count > Self.readsAllPast {
            let wanted = Set(cargo.map(\.trackingId))
            return Dictionary(try await base.allCargo().filter { wanted.contains($0.trackingId) }.map { ($0.trackingId, $0) }, uniquingKeysWith: { first, _ in first })
        }
        var stored: [TrackingId: Cargo] = [:]
        for each in cargo { stored[each.trackingId] = try await base.cargo(each.trackingId) }
        return stored
    }

    /// Refuses cargo the principal may not see, as it is or as it was before.
    private func check(_ cargo: [Cargo], stored: [TrackingId: Cargo]) throws {
        for each in cargo where !principal.sees(each) || stored[each.trackingId].map(principal.sees) == false {
            throw DomainError.cargoNotFound(each.trackingId)
        }
    }

    /// The cargo with what changed since its state before recorded as the principal's.
    private func recorded(_ cargo: [Cargo], before: [TrackingId: Cargo]) -> [Cargo] {
        let time = now()
        return cargo.map { each in
            var each = each
            each.record(CargoChange.between(before[each.trackingId], each, by: principal.name, at: time))
            return each
        }
    }
}
