import Foundation
import RoutePlanner

/// The cargo a principal may see, over the whole store, with the changes it makes recorded as its own.
///
/// Another customer's cargo reads as none (never as forbidden, so that an id is not confirmed to exist), and
/// writing it is refused as ``CargoFailure/notFound(_:)``. A customer's user reads who made each change as
/// `Principal.shown(_:)` tells it (the forwarder's planners by their party only), and what it writes keeps the
/// changes as the store recorded them. Each cargo written is compared with its state before (as
/// it was read through this repository, or as read for ``save(_:unlessChangedSince:)``), and what changed is
/// recorded in it (`Cargo.record(_:)`, `CargoChange.between(_:_:by:at:)`), so that the store keeps who made each
/// change in the same transaction as the change.
///
/// The state before is never read again at the write: it is what the store compares the cargo it holds with, in the
/// write's transaction (`CargoRepository.save(_:ifUnchangedSince:)`), so that a change another request or process
/// made since this one read the cargo is a conflict, never overwritten. A cargo that exists but was not read
/// through this repository is refused, as a conflict (whoever writes it must read it first), or to a customer's
/// user as not found.
///
/// Over a live schedule that carriers' events moved, a new itinerary's change names the schedule's version it was
/// planned on (`… on WS15-W09; schedule version 3`), so that a cargo's track tells which events its route already knew.
actor ScopedCargoRepository: CargoRepository {
    nonisolated let base: any CargoRepository
    nonisolated let principal: Principal
    private let now: @Sendable () -> Date
    private let liveSchedule: LiveScheduleRepository?
    /// Each cargo as it was last read through this repository.
    private var read: [TrackingId: Cargo] = [:]

    init(base: any CargoRepository, principal: Principal, now: @escaping @Sendable () -> Date, liveSchedule: LiveScheduleRepository? = nil) {
        self.base = base
        self.principal = principal
        self.now = now
        self.liveSchedule = liveSchedule
    }

    func cargo(_ trackingId: TrackingId) async throws -> Cargo? {
        remember(try await base.cargo(trackingId).flatMap { principal.sees($0) ? $0 : nil }.map { [$0] } ?? []).first
    }

    func allCargo() async throws -> [Cargo] { remember(try await base.allCargo().filter(principal.sees)) }

    func cargo(from offset: Int, limit: Int, customer: CustomerId?) async throws -> (cargo: [Cargo], total: Int) {
        guard let own = principal.customerId else {
            let page = try await base.cargo(from: offset, limit: limit, customer: customer)
            return (remember(page.cargo), page.total)
        }
        // A customer user's list is its own customer's, whichever customer it names.
        guard customer.map(principal.sees(customer:)) ?? true else { return ([], 0) }
        let page = try await base.cargo(from: offset, limit: limit, customer: own)
        return (remember(page.cargo), page.total)
    }

    /// The cargo written after `mark` that the principal sees; not kept as read, since a copy is made of them, not a
    /// change.
    func cargoWritten(after mark: Int) async throws -> CargoWrites {
        let written = try await base.cargoWritten(after: mark)
        return CargoWrites(
            cargo: written.cargo.filter { principal.sees($0.cargo) }.map { CargoWrite(cargo: principal.shown($0.cargo), mark: $0.mark) },
            mark: written.mark)
    }

    /// Keeps the cargo read, as the states its next writes are compared with, and returns them as the principal may
    /// see them.
    private func remember(_ cargo: [Cargo]) -> [Cargo] {
        for each in cargo { read[each.trackingId] = each }
        return cargo.map(principal.shown)
    }

    func nextTrackingIds(_ count: Int) async throws -> [TrackingId] { try await base.nextTrackingIds(count) }

    func trackingIds(bookingReferences: [String], customerId: CustomerId) async throws -> [String: TrackingId] {
        guard principal.sees(customer: customerId) else { return [:] }
        return try await base.trackingIds(bookingReferences: bookingReferences, customerId: customerId)
    }

    func save(_ cargo: Cargo) async throws { try await save([cargo]) }

    func saveNew(_ make: @escaping @Sendable (TrackingId) throws -> Cargo) async throws -> Cargo {
        let principal = principal, time = now()
        let saved = try await base.saveNew { id in
            var cargo = try make(id)
            guard principal.sees(cargo) else { throw DomainError.cargo(.notFound(id)) }
            cargo.record(CargoChange.between(nil, cargo, by: principal.name, party: principal.party, at: time))
            return cargo
        }
        return remember([saved])[0]
    }

    func save(_ cargo: [Cargo]) async throws {
        var before: [TrackingId: Cargo] = [:]
        for each in cargo { before[each.trackingId] = read[each.trackingId] }
        try check(cargo, stored: before)
        let recorded = try await recorded(cargo, before: before)
        // Written only over the states read here: another request's change since, in this process or another, is a
        // conflict, never overwritten; and a cargo not read here only when it is new.
        do {
            try await base.save(recorded, ifUnchangedSince: Array(before.values))
        } catch {
            try await refuseUnread(cargo, before: before)
            throw error
        }
        _ = remember(recorded)
    }

    func save(_ cargo: [Cargo], ifUnchangedSince read: [Cargo]) async throws {
        let before = Dictionary(read.map { ($0.trackingId, $0) }, uniquingKeysWith: { first, _ in first })
        try check(cargo, stored: before)
        let recorded = try await recorded(cargo, before: before)
        try await base.save(recorded, ifUnchangedSince: read)
        _ = remember(recorded)
    }

    func save(_ cargo: [Cargo], unlessChangedSince read: [Cargo]) async throws -> [TrackingId] {
        let before = Dictionary(read.map { ($0.trackingId, $0) }, uniquingKeysWith: { first, _ in first })
        try check(cargo, stored: before)
        let recorded = try await recorded(cargo, before: before)
        let changed = Set(try await base.save(recorded, unlessChangedSince: read))
        _ = remember(recorded.filter { !changed.contains($0.trackingId) })
        return recorded.map(\.trackingId).filter(changed.contains)
    }

    /// Refuses the batch when the principal may not see a cargo it writes, or one it offers options to that was not
    /// read here; the routes it assigns name the schedule's version the batch makes.
    func record(
        _ batch: CarrierEventBatch, appliedTo: CarrierEventsMark, saving cargo: [Cargo], ifUnchangedSince read: [Cargo], offers: [RouteOffer]
    ) async throws -> Int {
        let before = Dictionary(read.map { ($0.trackingId, $0) }, uniquingKeysWith: { first, _ in first })
        try check(cargo, stored: before)
        if let unseen = offers.first(where: { self.read[$0.trackingId].map(principal.sees) != true }) { throw DomainError.cargo(.notFound(unseen.trackingId)) }
        let recorded = try await recorded(cargo, before: before, scheduleVersion: appliedTo.version + (batch.changesSchedule ? 1 : 0))
        let version = try await base.record(batch, appliedTo: appliedTo, saving: recorded, ifUnchangedSince: read, offers: offers)
        _ = remember(recorded)
        return version
    }

    func offer(for trackingId: TrackingId) async throws -> RouteOffer? {
        try await sees(trackingId) ? base.offer(for: trackingId) : nil
    }

    func save(_ offer: RouteOffer) async throws {
        guard try await sees(offer.trackingId) else { throw DomainError.cargo(.notFound(offer.trackingId)) }
        try await base.save(offer)
    }

    func save(_ offer: RouteOffer, ifUnchangedSince read: Cargo) async throws {
        guard try await sees(offer.trackingId) else { throw DomainError.cargo(.notFound(offer.trackingId)) }
        try await base.save(offer, ifUnchangedSince: read)
    }

    /// Whether the principal sees the cargo: told by the cargo as it was read here, whose customer never changes, or
    /// else read.
    private func sees(_ trackingId: TrackingId) async throws -> Bool {
        if let cargo = read[trackingId] { return principal.sees(cargo) }
        return try await cargo(trackingId) != nil
    }

    /// Refuses a write that failed for a cargo not read here that exists: to a customer's user, which may not know of
    /// another customer's cargo, as one not found; to a planner, as written without being read first.
    private func refuseUnread(_ cargo: [Cargo], before: [TrackingId: Cargo]) async throws {
        let unread = cargo.map(\.trackingId).filter { before[$0] == nil }
        guard !unread.isEmpty, let existing = try await base.existingTrackingIds(among: unread).sorted().first else { return }
        guard principal.role == .planner else { throw DomainError.cargo(.notFound(existing)) }
        throw DomainError.storage(.conflict("cargo \(existing) was written without being read first; nothing was written: read it and try again"))
    }

    /// Refuses cargo the principal may not see, as it is or as it was before.
    private func check(_ cargo: [Cargo], stored: [TrackingId: Cargo]) throws {
        for each in cargo where !principal.sees(each) || stored[each.trackingId].map(principal.sees) == false {
            throw DomainError.cargo(.notFound(each.trackingId))
        }
    }

    /// The cargo with what changed since its state before recorded as the principal's; over a live schedule that events
    /// moved, a new itinerary with the schedule's version it was planned on (`scheduleVersion` when known, else the
    /// version the event repository has now).
    private func recorded(_ cargo: [Cargo], before: [TrackingId: Cargo], scheduleVersion: Int? = nil) async throws -> [Cargo] {
        let time = now()
        let changes = cargo.map { CargoChange.between(before[$0.trackingId], $0, by: principal.name, party: principal.party, at: time) }
        var version = scheduleVersion
        if version == nil, let liveSchedule, changes.contains(where: { $0.contains { $0.kind == .routed } }) {
            version = try await liveSchedule.events.scheduleVersion()
        }
        var kept: [TrackingId: [CargoChange]] = [:]
        if principal.role != .planner {
            // What a customer's user was shown of the changes is not what the store keeps: they are kept as read.
            for each in cargo where !each.changes.isEmpty {
                if let known = read[each.trackingId] {
                    kept[each.trackingId] = known.changes
                } else {
                    kept[each.trackingId] = try await base.cargo(each.trackingId)?.changes ?? []
                }
            }
        }
        return zip(cargo, changes).map { each, changes in
            var each = kept[each.trackingId].map(each.withChanges) ?? each
            each.record(
                changes.map { change in
                    guard change.kind == .routed, let version, version > 0 else { return change }
                    return CargoChange(
                        kind: .routed, detail: change.detail + "; schedule version \(version)", by: change.by, party: change.party, at: change.at)
                })
            return each
        }
    }
}
