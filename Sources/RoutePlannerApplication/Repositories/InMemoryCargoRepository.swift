import RoutePlanner

/// Cargo held in memory, for tests, previews and one-off command runs.
public actor InMemoryCargoRepository: CargoRepository {
    private var cargoById: [String: Cargo]
    private var offers: [String: RouteOffer] = [:]
    private var lastTrackingNumber = 0

    /// Creates a repository holding the given cargo.
    public init(_ cargo: [Cargo] = []) {
        cargoById = Dictionary(cargo.map { ($0.trackingId, $0) }, uniquingKeysWith: { _, last in last })
    }

    public func cargo(_ trackingId: String) async throws -> Cargo? { cargoById[trackingId] }
    public func allCargo() async throws -> [Cargo] { cargoById.values.sorted { $0.trackingId < $1.trackingId } }

    public func nextTrackingIds(_ count: Int) async throws -> [String] {
        (0..<max(count, 0)).map { _ in
            repeat { lastTrackingNumber += 1 } while cargoById[TrackingId.make(lastTrackingNumber)] != nil
            return TrackingId.make(lastTrackingNumber)
        }
    }

    public func trackingIds(bookingReferences: [String], customerId: String) async throws -> [String: String] {
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
        var booked: [String: String] = [:]
        for each in cargoById.values { if let key = Self.key(each) { booked[key] = each.trackingId } }
        for each in cargo {
            guard let key = Self.key(each) else { continue }
            if let other = booked[key], other != each.trackingId {
                throw BookingAlreadyBooked(bookingReference: each.bookingReference ?? "", trackingId: other)
            }
            booked[key] = each.trackingId
        }
        for each in cargo { cargoById[each.trackingId] = each }
    }

    private static func key(_ cargo: Cargo) -> String? {
        cargo.bookingReference.map { "\(cargo.customerId ?? "")\u{0}\($0)" }
    }
    public func offer(for trackingId: String) async throws -> RouteOffer? { offers[trackingId] }
    public func save(_ offer: RouteOffer) async throws { offers[offer.trackingId] = offer }
}

/// Customers held in memory.
public actor InMemoryCustomerRepository: CustomerRepository {
    private var customerById: [String: Customer]

    public init(_ customers: [Customer] = []) {
        customerById = Dictionary(customers.map { ($0.id, $0) }, uniquingKeysWith: { _, last in last })
    }

    public func customer(_ id: String) async throws -> Customer? { customerById[id] }
    public func allCustomers() async throws -> [Customer] { customerById.values.sorted { $0.id < $1.id } }
    public func save(_ customer: Customer) async throws { customerById[customer.id] = customer }
}

/// The tracking ids repositories hand out: `RP` and six or more digits, `RP000001`.
public enum TrackingId {
    /// The tracking id with a sequence number.
    public static func make(_ number: Int) -> String {
        let digits = String(number)
        return "RP" + String(repeating: "0", count: max(0, 6 - digits.count)) + digits
    }
}
