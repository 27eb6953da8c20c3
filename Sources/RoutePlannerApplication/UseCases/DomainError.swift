import Foundation
import RoutePlanner

/// A request that was valid but cannot be carried out against the network and the cargo we have.
public enum DomainError: Error, Hashable, Sendable {
    /// A well-formed code that is not a port of the network, with the closest codes it has.
    case unknownLocation(UnLocode, closest: [UnLocode])
    /// A voyage number the network does not have.
    case unknownVoyage(VoyageNumber)
    /// No cargo has the tracking id.
    case cargoNotFound(TrackingId)
    /// No customer has the id.
    case customerNotFound(CustomerId)
    /// The deadline of a new booking is not after the clock's time (`asOf`).
    case deadlinePassed(Date, asOf: Date)
    /// The customer's id is registered already, under another name; renaming must be asked for.
    case customerRegistered(Customer, newName: String)
    /// No itinerary meets the specification; the earliest arrival there would be without the deadline,
    /// if the destination can be reached at all.
    case noRoute(RouteSpecification, earliestPossibleArrival: Date?)
    /// The itinerary does not fit the cargo's specification, for these reasons.
    case itineraryDoesNotSatisfySpecification(trackingId: TrackingId, reasons: [String])
    /// The cargo was claimed (at a place and time): its journey is closed, and it is not routed again.
    case cargoClosed(TrackingId, claim: HandlingEvent)
    /// The cargo's booking was cancelled at this time: nothing more happens to it.
    case cargoCancelled(TrackingId, at: Date)
    /// The cargo was loaded (by this event), so its booking cannot be cancelled.
    case cargoLoaded(TrackingId, load: HandlingEvent)
    /// The operation makes no sense in the cargo's state.
    case invalidOperation(String)
    /// A repository could not be read or written.
    case repositoryFailure(String)
    /// Another process changed the data first, so nothing of this change was written: read again and retry.
    case conflict(String)
    /// The what-if scenario does not fit the schedule: it names a voyage or port the schedule does not have,
    /// or would make a voyage sail backwards in time.
    case invalidScenario(ScenarioError)
    /// A file has these problems, each located `file:line:column`; nothing of it was used.
    case fileErrors([ImportDiagnostic], omitted: Int)
    /// The task running the use case was cancelled; the work it started stopped.
    case cancelled
    /// The schedule gives no capacities (a DCSA vessel schedule without a capacity file), so nothing can be
    /// assigned under them.
    case capacitiesUnknown
    /// The caller's role may not run the use case (``Principal/may(_:)``); nothing was read or written.
    case notPermitted(Permission)
    /// The user name and password do not match an account, or the account may not log in now; the same for an
    /// unknown user and a wrong password, so that neither is confirmed.
    case notAuthenticated
    /// Too many logins failed for the account or from the address; the next may be tried after these seconds.
    case tooManyAttempts(retryAfter: Int)
    /// The user name is taken by another account.
    case userExists(String)
    /// No account has the user name.
    case userNotFound(String)
    /// No token has the id.
    case tokenNotFound(String)

    /// What kind of failure it is, for a view to show and a front end to map to its status or exit code.
    public var kind: ViewFailure.Kind {
        switch self {
        case .cargoNotFound, .userNotFound, .tokenNotFound: .notFound
        case .conflict, .customerRegistered, .userExists: .conflict
        case .notPermitted: .forbidden
        case .notAuthenticated: .unauthenticated
        case .tooManyAttempts(let seconds): .throttled(retryAfter: seconds)
        case .repositoryFailure, .cancelled: .unavailable
        case .unknownLocation, .unknownVoyage, .customerNotFound, .deadlinePassed, .noRoute, .itineraryDoesNotSatisfySpecification, .cargoClosed,
            .cargoCancelled, .cargoLoaded, .invalidOperation, .invalidScenario, .fileErrors, .capacitiesUnknown:
            .rejected
        }
    }

    /// A cargo changed since it was read, so nothing of a change made from what was read was written.
    static func changedMeanwhile(_ trackingId: TrackingId) -> DomainError {
        .conflict("cargo \(trackingId) was changed by someone else since it was read; nothing was written: read it again and try again")
    }

    /// The error of a repository: a scenario's own, else a repository failure.
    static func repository(_ error: any Error) -> DomainError {
        // A scoped repository refuses in the domain's own terms (another customer's cargo is not found).
        if let error = error as? DomainError { return error }
        if let error = error as? any StoreFailure, error.isConflict { return .conflict(String(describing: error)) }
        if let error = error as? ScenarioError { return .invalidScenario(error) }
        return .repositoryFailure(String(describing: error))
    }

    /// The problems found in a file's rows in the order of the file, the first
    /// ``ImportError/namedLimit`` of them named, as the readers name their own.
    ///
    /// - Parameter omitted: Problems found and counted before, but not named.
    static func fileErrors(_ diagnostics: [ImportDiagnostic], alsoOmitted omitted: Int = 0) -> DomainError {
        let limit = ImportError.namedLimit
        let sorted = diagnostics.enumerated()
            .sorted { ($0.element.file, $0.element.line, $0.element.column, $0.offset) < ($1.element.file, $1.element.line, $1.element.column, $1.offset) }
            .map(\.element)
        return .fileErrors(Array(sorted.prefix(limit)), omitted: max(sorted.count - limit, 0) + omitted)
    }
}

/// An error of a store, which says whether it lost a race: another process changed the data first, and nothing of
/// the write was kept (`DomainError.conflict(_:)`).
public protocol StoreFailure: Error {
    var isConflict: Bool { get }
}
