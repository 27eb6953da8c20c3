import Foundation
import RoutePlanner

/// A request that was valid but cannot be carried out against the network and the cargo we have, by area: the
/// schedule, a cargo, a customer, an account, the store; and the failures every use case shares.
///
/// Each area says what kind of failure each of its cases is (``kind``), which a view shows and each front end maps
/// to its status or exit code in one table.
public enum DomainError: Error, Hashable, Sendable {
    /// The schedule has no answer: an unknown port or voyage, no route, a what-if that does not fit it.
    case schedule(ScheduleFailure)
    /// A cargo is not there, or its state refuses the change.
    case cargo(CargoFailure)
    /// A customer is not registered, or is registered under another name.
    case customer(CustomerFailure)
    /// Who is acting is not known, or may not do it.
    case account(AccountFailure)
    /// The store did not read or write the data.
    case storage(StorageFailure)
    /// The operation makes no sense in the state of what it acts on; the message says why.
    case invalidOperation(String)
    /// A file has these problems, each located `file:line:column`; nothing of it was used.
    case fileErrors([ImportDiagnostic], omitted: Int)
    /// The task running the use case was cancelled; the work it started stopped.
    case cancelled

    /// What kind of failure it is, for a view to show and a front end to map to its status or exit code.
    public var kind: ViewFailure.Kind {
        switch self {
        case .schedule(let failure): failure.kind
        case .cargo(let failure): failure.kind
        case .customer(let failure): failure.kind
        case .account(let failure): failure.kind
        case .storage(let failure): failure.kind
        case .invalidOperation, .fileErrors: .rejected
        case .cancelled: .unavailable
        }
    }

    /// A cargo changed since it was read, so nothing of a change made from what was read was written.
    static func changedMeanwhile(_ trackingId: TrackingId) -> DomainError {
        .storage(.conflict("cargo \(trackingId) was changed by someone else since it was read; nothing was written: read it again and try again"))
    }

    /// The error of a repository: a scenario's own, else a repository failure.
    static func repository(_ error: any Error) -> DomainError {
        // A scoped repository refuses in the domain's own terms (another customer's cargo is not found).
        if let error = error as? DomainError { return error }
        if let error = error as? any StoreFailure, error.isConflict { return .storage(.conflict(String(describing: error))) }
        if let error = error as? BookingAlreadyBooked { return .storage(.conflict(error.description)) }
        if let error = error as? ScenarioError { return .schedule(.invalidScenario(error)) }
        return .storage(.unavailable(String(describing: error)))
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
/// the write was kept (``StorageFailure/conflict(_:)``).
public protocol StoreFailure: Error {
    var isConflict: Bool { get }
}
