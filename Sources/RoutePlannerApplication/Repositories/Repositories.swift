import Foundation
import RoutePlanner

/// Where the use cases find the ports of the network.
public protocol LocationRepository: Sendable {
    /// Every location, in a fixed order.
    func locations() async throws -> [Location]
}

/// Where the use cases find the voyage schedule, compiled for routing.
public protocol VoyageRepository: Sendable {
    func network() async throws -> ScheduleNetwork
}

/// Where the use cases keep cargo: each cargo with its itinerary and handling events, the last options it
/// was offered, and the sequence of tracking ids.
///
/// Each call that writes is one transaction: it happens whole or not at all.
public protocol CargoRepository: Sendable {
    /// The cargo with a tracking id, or `nil` (the DDD sample's `findByTrackingId`).
    func cargo(_ trackingId: TrackingId) async throws -> Cargo?
    /// Every open cargo (its booking not cancelled), in tracking id order.
    func allCargo() async throws -> [Cargo]
    /// Part of the open cargo in tracking id order: `limit` from `offset` on, of every customer or of one (its id
    /// matched in any case), and how many there are in all; for a list shown a page at a time. A cancelled cargo is
    /// found by its tracking id alone (``cargo(_:)``).
    func cargo(from offset: Int, limit: Int, customer: CustomerId?) async throws -> (cargo: [Cargo], total: Int)
    /// Every cargo written after `mark`, a cancelled one too, each with the mark of its last write, and the mark to
    /// read after next: for a copy of the cargo kept current (``CargoIndex``) without reading it all again.
    ///
    /// Each write of a cargo, in this process or another, gives it a greater mark than its writes before; every write
    /// not read is after the mark returned, so that reading after it next misses none. 0 comes before every write, so
    /// `cargoWritten(after: 0)` is every cargo.
    func cargoWritten(after mark: Int) async throws -> CargoWrites
    /// The tracking ids among these that a cargo has; for a writer that must tell new cargo from cargo it has not
    /// read, without reading it (which a store that checks versions takes as the read a write is made from).
    func existingTrackingIds(among trackingIds: [TrackingId]) async throws -> Set<TrackingId>
    /// `count` tracking ids no cargo has had or will have, in order.
    ///
    /// An id handed out is never handed out again, even when no cargo is saved under it.
    func nextTrackingIds(_ count: Int) async throws -> [TrackingId]
    /// The tracking ids of a customer's cargo booked under some of these booking references
    /// (`Cargo.bookingReference`), by reference. References are the customer's own: two
    /// customers may use the same one.
    func trackingIds(bookingReferences: [String], customerId: CustomerId) async throws -> [String: TrackingId]
    /// Stores a new cargo under the next tracking id (``nextTrackingIds(_:)``'s), made by `make` from that id, and
    /// returns it: a store mints the id and writes the cargo at once, so that no other cargo takes the id between. A
    /// store may call `make` again with a later id, where the one it took is a cargo's imported with its own id. A
    /// cargo `make` refuses (by throwing) is not stored; its id may still be spent.
    func saveNew(_ make: @escaping @Sendable (TrackingId) throws -> Cargo) async throws -> Cargo
    /// Stores the cargo, replacing the one with its tracking id.
    ///
    /// A store shared between processes may refuse a cargo that another process changed since this
    /// repository read it, or that it never read (the SQLite repository's `StoreError.conflict`), so that no
    /// change is lost; read the cargo again and retry.
    func save(_ cargo: Cargo) async throws
    /// Stores every cargo in one transaction: all of them or none. A new cargo whose customer already has a
    /// cargo under its booking reference is refused (``BookingAlreadyBooked``, or the store's own error).
    func save(_ cargo: [Cargo]) async throws
    /// Stores each cargo that is still in the state it was read in (`read`, by `Cargo.hasSameState(as:)`),
    /// in one transaction, and leaves the others as they are: for work that reads cargo, takes a while, and must
    /// not write over a change made in the meantime.
    ///
    /// - Returns: The tracking ids of the cargo that changed since they were read (or are gone), not stored.
    func save(_ cargo: [Cargo], unlessChangedSince read: [Cargo]) async throws -> [TrackingId]
    /// Stores every cargo in one transaction if each is still in the state it was read in (`read`, by
    /// `Cargo.hasSameState(as:)`) and each one not among `read` is new; else stores none of them and throws a
    /// conflict (the store's, such as `StoreError.conflict`, or ``StorageFailure/conflict(_:)``): for a change made
    /// from what was read, which must not write over a change made meanwhile, in this process or another.
    func save(_ cargo: [Cargo], ifUnchangedSince read: [Cargo]) async throws
    /// The options last offered for a cargo, if any.
    func offer(for trackingId: TrackingId) async throws -> RouteOffer?
    /// The options last offered for each of these cargo that has some, by tracking id: for a list of many cargo, read at
    /// once.
    func offers(for trackingIds: [TrackingId]) async throws -> [TrackingId: RouteOffer]
    /// Stores the options offered for a cargo, replacing the ones before.
    ///
    /// Options answer where a cargo can go as it stood when they were offered: every write of a cargo that changes its
    /// itinerary (routes it, re-routes it, or drops its route) drops its last options in the same transaction.
    func save(_ offer: RouteOffer) async throws
    /// Stores the options offered for a cargo, replacing the ones before, if the cargo is still in the state they were
    /// found from (`read`, by `Cargo.hasSameState(as:)`); else stores nothing and throws a conflict (the store's, such
    /// as `StoreError.conflict`, or ``StorageFailure/conflict(_:)``): for a search that reads a cargo and takes a while,
    /// whose options a route assigned meanwhile has spent.
    func save(_ offer: RouteOffer, ifUnchangedSince read: Cargo) async throws
    /// Records a batch of carriers' events in the carrier event repository of this cargo's store, as
    /// ``CarrierEventRepository/record(_:)`` does, and in the same transaction stores the cargo it changed, as
    /// `save(_:ifUnchangedSince:)` does with cargo, and then the options it offered, each replacing the cargo's last: all of it
    /// or none. A cargo offered options must also still be in the state it was read in (`read` holds it), else the
    /// conflict is thrown and nothing is written.
    ///
    /// The batch was applied over `appliedTo` (the schedule's version and the events recorded then); when another
    /// batch was recorded since, nothing is written and ``BatchOvertaken`` is thrown, so that what the batch found is
    /// always what the schedule it makes does to the cargo.
    ///
    /// - Returns: The schedule's version after the batch.
    func record(
        _ batch: CarrierEventBatch, appliedTo: CarrierEventsMark, saving cargo: [Cargo], ifUnchangedSince read: [Cargo], offers: [RouteOffer]
    ) async throws -> Int
}

extension CargoRepository {
    /// Each cargo's offer, each looked up: for a repository that holds them all at hand.
    public func offers(for trackingIds: [TrackingId]) async throws -> [TrackingId: RouteOffer] {
        var offers: [TrackingId: RouteOffer] = [:]
        for trackingId in trackingIds { offers[trackingId] = try await offer(for: trackingId) }
        return offers
    }

    /// Part of the cargo, read from ``allCargo()``: for a repository that holds it all at hand anyway.
    public func cargo(from offset: Int, limit: Int, customer: CustomerId?) async throws -> (cargo: [Cargo], total: Int) {
        let key = customer?.rawValue.lowercased()
        let matching = try await allCargo().filter { key == nil || $0.customerId?.rawValue.lowercased() == key }
        let start = min(max(0, offset), matching.count)
        return (Array(matching[start..<min(matching.count, start + max(0, limit))]), matching.count)
    }

    /// The tracking ids among these that a cargo has, each looked up: for a repository that holds it all at hand.
    public func existingTrackingIds(among trackingIds: [TrackingId]) async throws -> Set<TrackingId> {
        var existing: Set<TrackingId> = []
        for id in trackingIds where try await cargo(id) != nil { existing.insert(id) }
        return existing
    }

    /// Stores a new cargo under the next tracking id, minted first: for a repository whose two calls cost nothing.
    public func saveNew(_ make: @escaping @Sendable (TrackingId) throws -> Cargo) async throws -> Cargo {
        let cargo = try make(try await nextTrackingId())
        try await save([cargo], ifUnchangedSince: [])
        return cargo
    }

    /// A tracking id no cargo has had or will have.
    public func nextTrackingId() async throws -> TrackingId {
        guard let id = try await nextTrackingIds(1).first else { throw TrackingIdUnavailable() }
        return id
    }
}

/// A cargo as it was last written, and the mark of that write (``CargoRepository/cargoWritten(after:)``).
public struct CargoWrite: Sendable {
    public let cargo: Cargo
    public let mark: Int

    public init(cargo: Cargo, mark: Int) {
        self.cargo = cargo
        self.mark = mark
    }
}

/// The cargo written after a mark, and the mark to read after next (``CargoRepository/cargoWritten(after:)``).
public struct CargoWrites: Sendable {
    /// Each cargo written after the mark, as it was last written.
    public let cargo: [CargoWrite]
    /// A mark that every write after the mark asked for, and not in `cargo`, comes after.
    ///
    /// A store whose writes may commit out of their marks' order gives a mark below some of those read, which are
    /// then read again: PostgreSQL's, where a write is marked by its transaction's id.
    public let mark: Int

    public init(cargo: [CargoWrite], mark: Int) {
        self.cargo = cargo
        self.mark = mark
    }

    /// The cargo written, and as the mark to read after next the greatest of theirs or, with none, `mark`: for a
    /// store whose writes commit in their marks' order.
    public init(inOrder cargo: [CargoWrite], after mark: Int) {
        self.init(cargo: cargo, mark: cargo.map(\.mark).max().map { max($0, mark) } ?? mark)
    }
}

/// A customer's booking reference is already the cargo with this tracking id; nothing was saved.
public struct BookingAlreadyBooked: Error, Hashable, Sendable, CustomStringConvertible {
    public let bookingReference: String
    public let trackingId: TrackingId

    public var description: String { "booking \(bookingReference) is already booked as cargo \(trackingId); nothing was written" }
}

extension CargoRepository {
    /// The cargo with a tracking id as a person typed it: as given, else in upper case, the case in which
    /// tracking ids are minted (`rp000001` finds RP000001).
    func cargo(typed trackingId: TrackingId) async throws -> Cargo? {
        if let cargo = try await cargo(trackingId) { return cargo }
        guard let upper = TrackingId(trackingId.rawValue.uppercased()), upper != trackingId else { return nil }
        return try await cargo(upper)
    }
}

/// A repository gave no tracking id when asked for one, against its contract.
public struct TrackingIdUnavailable: Error, Hashable, Sendable, CustomStringConvertible {
    public init() {}

    public var description: String { "the cargo repository gave no new tracking id" }
}

/// Where the use cases find the customers who book cargo.
public protocol CustomerRepository: Sendable {
    /// The customer with an id without regard to case (`acme` finds ACME), or `nil`.
    func customer(_ id: CustomerId) async throws -> Customer?
    /// Every customer, in id order.
    func allCustomers() async throws -> [Customer]
    /// Stores the customer, replacing the one with its id without regard to case, whose id it keeps.
    func save(_ customer: Customer) async throws
}

/// The candidate itineraries a cargo was offered, numbered from 1 in this order, and the specification they
/// were found for (from where the cargo was, when it had moved).
public struct RouteOffer: Hashable, Sendable {
    public let trackingId: TrackingId
    public let specification: RouteSpecification
    public let itineraries: [Itinerary]

    public init(trackingId: TrackingId, specification: RouteSpecification, itineraries: [Itinerary]) {
        self.trackingId = trackingId
        self.specification = specification
        self.itineraries = itineraries
    }
}
