import RoutePlanner

/// Cargo held in memory, for tests, previews and one-off command runs.
public actor InMemoryCargoRepository: CargoRepository {
    private var cargoById: [TrackingId: Cargo]
    private var offers: [TrackingId: RouteOffer] = [:]
    /// The mark of each cargo's last write (``cargoWritten(after:)``), and the last mark given.
    private var marks: [TrackingId: Int] = [:]
    private var lastMark = 0
    private var lastTrackingNumber = 0
    /// The carriers' events that ``record(_:appliedTo:saving:ifUnchangedSince:offers:)`` records with the cargo they
    /// changed.
    public nonisolated let carrierEvents: InMemoryCarrierEventRepository

    /// Creates a repository holding the given cargo, and events recorded with it in `carrierEvents`.
    public init(_ cargo: [Cargo] = [], carrierEvents: InMemoryCarrierEventRepository = InMemoryCarrierEventRepository()) {
        cargoById = Dictionary(cargo.map { ($0.trackingId, $0) }, uniquingKeysWith: { _, last in last })
        lastMark = cargoById.isEmpty ? 0 : 1
        marks = cargoById.mapValues { _ in 1 }
        self.carrierEvents = carrierEvents
    }

    public func cargo(_ trackingId: TrackingId) async throws -> Cargo? { cargoById[trackingId] }
    public func allCargo() async throws -> [Cargo] { cargoById.values.filter { !$0.isCancelled }.sorted { $0.trackingId < $1.trackingId } }

    public func nextTrackingIds(_ count: Int) async throws -> [TrackingId] {
        (0..<max(count, 0)).map { _ in
            repeat { lastTrackingNumber += 1 } while cargoById[TrackingId.sequenced(lastTrackingNumber)] != nil
            return TrackingId.sequenced(lastTrackingNumber)
        }
    }

    public func trackingIds(bookingReferences: [String], customerId: CustomerId) async throws -> [String: TrackingId] {
        let wanted = Set(bookingReferences)
        return Dictionary(
            cargoById.values.compactMap { cargo in
                cargo.customerId == customerId ? cargo.bookingReference.flatMap { wanted.contains($0) ? ($0, cargo.trackingId) : nil } : nil
            },
            uniquingKeysWith: min)
    }

    public func save(_ cargo: Cargo) async throws { try await save([cargo]) }

    public func save(_ cargo: [Cargo]) async throws {
        // A booking reference names one cargo per customer, checked before anything is written.
        var booked: [String: TrackingId] = [:]
        for each in cargoById.values { if let key = Self.key(each) { booked[key] = each.trackingId } }
        for each in cargo {
            guard let key = Self.key(each) else { continue }
            if let other = booked[key], other != each.trackingId {
                throw BookingAlreadyBooked(bookingReference: each.bookingReference ?? "", trackingId: other)
            }
            booked[key] = each.trackingId
        }
        for each in cargo { put(each) }
    }

    /// Keeps a cargo, under the next write's mark; a cargo whose itinerary this changes loses the options it was last
    /// offered.
    private func put(_ cargo: Cargo) {
        if let kept = cargoById[cargo.trackingId], kept.itinerary != cargo.itinerary { offers[cargo.trackingId] = nil }
        lastMark += 1
        cargoById[cargo.trackingId] = cargo
        marks[cargo.trackingId] = lastMark
    }

    public func cargoWritten(after mark: Int) async throws -> CargoWrites {
        CargoWrites(
            inOrder: marks.compactMap { id, written in written > mark ? cargoById[id].map { CargoWrite(cargo: $0, mark: written) } : nil },
            after: mark)
    }

    private static func key(_ cargo: Cargo) -> String? {
        cargo.bookingReference.map { "\(cargo.customerId?.rawValue ?? "")\u{0}\($0)" }
    }
    public func offer(for trackingId: TrackingId) async throws -> RouteOffer? { offers[trackingId] }
    public func save(_ offer: RouteOffer) async throws { offers[offer.trackingId] = offer }

    public func save(_ offer: RouteOffer, ifUnchangedSince read: Cargo) async throws {
        guard read.trackingId == offer.trackingId, let now = cargoById[offer.trackingId], read.hasSameState(as: now) else {
            throw DomainError.changedMeanwhile(offer.trackingId)
        }
        offers[offer.trackingId] = offer
    }

    public func save(_ cargo: [Cargo], unlessChangedSince read: [Cargo]) async throws -> [TrackingId] {
        let before = Dictionary(read.map { ($0.trackingId, $0) }, uniquingKeysWith: { first, _ in first })
        let (unchanged, changed) = cargo.reduce(into: ([Cargo](), [TrackingId]())) { split, each in
            if let now = cargoById[each.trackingId], let then = before[each.trackingId], now.hasSameState(as: then) {
                split.0.append(each)
            } else {
                split.1.append(each.trackingId)
            }
        }
        try await save(unchanged)
        return changed
    }

    public func save(_ cargo: [Cargo], ifUnchangedSince read: [Cargo]) async throws {
        try check(cargo, unchangedSince: read)
        try await save(cargo)
    }

    public func record(
        _ batch: CarrierEventBatch, appliedTo: CarrierEventsMark, saving cargo: [Cargo], ifUnchangedSince read: [Cargo], offers: [RouteOffer]
    ) async throws -> Int {
        // Everything that can refuse the write is checked before anything is written, without suspending.
        try check(cargo, unchangedSince: read)
        let before = Dictionary(read.map { ($0.trackingId, $0) }, uniquingKeysWith: { first, _ in first })
        for offer in offers {
            guard let now = cargoById[offer.trackingId], before[offer.trackingId]?.hasSameState(as: now) == true else {
                throw DomainError.changedMeanwhile(offer.trackingId)
            }
        }
        let version = try carrierEvents.record(batch, appliedTo: appliedTo)
        for each in cargo { put(each) }
        for offer in offers { self.offers[offer.trackingId] = offer }
        return version
    }

    /// Refuses cargo that changed since it was read (`read`), or that was not read and exists.
    private func check(_ cargo: [Cargo], unchangedSince read: [Cargo]) throws {
        let before = Dictionary(read.map { ($0.trackingId, $0) }, uniquingKeysWith: { first, _ in first })
        for each in cargo {
            let now = cargoById[each.trackingId], then = before[each.trackingId]
            guard now.map({ then?.hasSameState(as: $0) == true }) ?? (then == nil) else { throw DomainError.changedMeanwhile(each.trackingId) }
        }
    }
}

/// Customers held in memory, found by id without regard to case.
public actor InMemoryCustomerRepository: CustomerRepository {
    /// Each customer by its id in lower case.
    private var customerById: [String: Customer] = [:]

    public init(_ customers: [Customer] = []) {
        for customer in customers { Self.store(customer, in: &customerById) }
    }

    public func customer(_ id: CustomerId) async throws -> Customer? { customerById[id.rawValue.lowercased()] }
    public func allCustomers() async throws -> [Customer] { customerById.values.sorted { $0.id < $1.id } }
    public func save(_ customer: Customer) async throws { Self.store(customer, in: &customerById) }

    /// Stores the customer under the id it was first registered under, which its cargo names.
    private static func store(_ customer: Customer, in customers: inout [String: Customer]) {
        let key = customer.id.rawValue.lowercased()
        customers[key] = Customer(id: customers[key]?.id ?? customer.id, name: customer.name) ?? customer
    }
}
