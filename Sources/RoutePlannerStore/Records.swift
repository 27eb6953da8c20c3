import Foundation
import GRDB
import RoutePlanner
import RoutePlannerApplication

// The store's rows. They stay inside this target: the domain's types never conform to GRDB's protocols.

struct CustomerRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "customer"
    var id: String
    var name: String
}

struct AssignmentRunRow: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "assignmentRun"
    var id: String
    var status: String
    var progress: String?
    var startedAt: Date
    var aliveAt: Date
    var cancellationRequested: Bool
    var result: String?
    var summary: String?

    init(_ run: AssignmentRunRecord) {
        (id, status, progress, startedAt, aliveAt) = (run.id, run.status.rawValue, run.progress, run.startedAt, run.aliveAt)
        (cancellationRequested, result, summary) = (run.cancellationRequested, run.result, run.summary)
    }

    /// The run the row keeps; `nil` for a status this version does not know.
    var run: AssignmentRunRecord? {
        AssignmentRunRecord.Status(rawValue: status).map {
            AssignmentRunRecord(
                id: id, status: $0, progress: progress, startedAt: startedAt, aliveAt: aliveAt, cancellationRequested: cancellationRequested, result: result,
                summary: summary)
        }
    }
}

struct CargoRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "cargo"
    var trackingId: String
    var customerId: String?
    var bookingReference: String?
    var teu: Int
    var revenuePerTEU: Double?
    var origin: String
    var destination: String
    var readyTime: Date
    var arrivalDeadline: Date
    var cargoType: String
    var dangerousGoods: Bool
    var maxTransitSeconds: Int64?
    var bookedReadyTime: Date?
    var weight: Double?
    var version: Int
    /// When the booking was cancelled; a cancelled cargo is read by its tracking id alone, never listed.
    var cancelledAt: Date?
}

struct EventRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "handlingEvent"
    var id: Int64?
    var trackingId: String
    var kind: String
    var location: String
    var voyage: String?
    var completionTime: Date
    var registrationTime: Date
}

struct OfferRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "offer"
    var trackingId: String
    var origin: String
    var destination: String
    var readyTime: Date
    var arrivalDeadline: Date
    var cargoType: String
    var dangerousGoods: Bool
    var maxTransitSeconds: Int64?
}

/// One leg of an assigned itinerary (`itineraryLeg`) or of an offered one (`offerLeg`, with its candidate).
struct LegRecord: Codable, FetchableRecord {
    var trackingId: String
    var candidate: Int?
    var position: Int
    var voyage: String
    var loadLocation: String
    var unloadLocation: String
    var loadTime: Date
    var unloadTime: Date
    /// The leg's mode of transport (`TransportMode`): `nil` for a vessel's, else `barge`, `rail` or `truck` (a haul).
    var mode: String?
    /// Which calls at their ports the load and the discharge are (`Leg.loadCall`, `Leg.unloadCall`), which find the
    /// leg whatever its voyage's times and calls become (`ScheduleNetwork.sailing(_:)`); `nil` in an offer's leg and in
    /// a leg stored before the store's version 11.
    var loadCall: Int?
    var unloadCall: Int?
    /// The positions of the leg's first and last movements in its voyage, in a leg stored by the store's version 10.
    var firstMovement: Int?
    var lastMovement: Int?
}

extension LegRecord {
    /// Whether two itineraries' legs, each in order, are the same legs: the same voyages (or hauls) between the same
    /// calls at the same times, however the store kept them (a barge's leg stored before version 17 has no mode).
    static func sameLegs(_ one: [LegRecord], _ other: [LegRecord]) -> Bool {
        one.count == other.count
            && zip(one, other).allSatisfy {
                ($0.voyage, $0.loadLocation, $0.unloadLocation, $0.loadTime, $0.unloadTime, $0.mode == "truck")
                    == ($1.voyage, $1.loadLocation, $1.unloadLocation, $1.loadTime, $1.unloadTime, $1.mode == "truck")
            }
    }

    init(trackingId: String, candidate: Int?, position: Int, leg: Leg) {
        self.trackingId = trackingId
        self.candidate = candidate
        self.position = position
        voyage = leg.voyage.number.rawValue
        loadLocation = leg.loadLocation.code.rawValue
        unloadLocation = leg.unloadLocation.code.rawValue
        loadTime = leg.loadTime
        unloadTime = leg.unloadTime
        mode = leg.voyage.mode == .vessel ? nil : leg.voyage.mode.rawValue
        loadCall = leg.loadCall
        unloadCall = leg.unloadCall
    }

    /// Inserts the leg into `itineraryLeg`, or into `offerLeg` when it has a candidate.
    func insert(_ db: Database) throws {
        if let candidate {
            try db.execute(
                sql:
                    "INSERT INTO offerLeg (trackingId, candidate, position, voyage, loadLocation, unloadLocation, loadTime, unloadTime, mode) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                arguments: [trackingId, candidate, position, voyage, loadLocation, unloadLocation, loadTime, unloadTime, mode])
        } else {
            try db.execute(
                sql: """
                    INSERT INTO itineraryLeg (trackingId, position, voyage, loadLocation, unloadLocation, loadTime, unloadTime, mode, loadCall, unloadCall)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [trackingId, position, voyage, loadLocation, unloadLocation, loadTime, unloadTime, mode, loadCall, unloadCall])
        }
    }
}

struct UserRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "user"
    var name: String
    /// `planner` or `customer`.
    var role: String
    var customerId: String?
    var passwordHash: String
    var createdAt: Date
}

extension UserRecord {
    /// The user of the row; `nil` for a row this version cannot read (a role it does not know).
    var storedUser: StoredUser? {
        let role: Principal.Role? =
            switch (role, customerId.flatMap { CustomerId($0) }) {
            case ("planner", nil): .planner
            case ("customer", let id?): .customer(id)
            default: nil
            }
        return role.flatMap { UserAccount(name: name, role: $0) }.map { StoredUser(account: $0, passwordHash: passwordHash) }
    }
}

struct AccessTokenRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "accessToken"
    var id: String
    var userName: String
    var secretHash: String
    var label: String
    var createdAt: Date
}

struct SessionRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "session"
    var idHash: String
    var userName: String
    var formToken: String
    var createdAt: Date
    var lastSeen: Date
}

struct CargoChangeRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "cargoChange"
    var trackingId: String
    var position: Int
    var kind: String
    var detail: String
    var changedBy: String
    var party: String
    var changedAt: Date
}
