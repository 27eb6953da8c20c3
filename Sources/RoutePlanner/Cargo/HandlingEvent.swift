import Foundation

/// Something that happened to a cargo at a location: received, loaded, discharged, cleared or claimed.
///
/// The DDD sample's handling event. Reports arrive late and out of order, so an event carries both the
/// time it happened (``completionTime``) and the time it was reported (``registrationTime``); the cargo's
/// state is derived from its events in completion order (see ``Delivery``).
public struct HandlingEvent: Hashable, Sendable {
    /// What happened.
    public enum Kind: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
        /// The cargo was handed over at its origin; no voyage.
        case receive
        /// The cargo was loaded onto a voyage.
        case load
        /// The cargo was discharged from a voyage.
        case unload
        /// The cargo was cleared by customs; no voyage.
        case customs
        /// The consignee took the cargo at its destination, which ends the journey; no voyage.
        case claim

        /// Whether events of this kind name the voyage that carries the cargo.
        public var requiresVoyage: Bool { self == .load || self == .unload }

        public var description: String { rawValue }
    }

    /// What happened.
    public let kind: Kind
    /// Where it happened.
    public let location: UnLocode
    /// The voyage loaded onto or discharged from; `nil` for the other kinds.
    public let voyage: VoyageNumber?
    /// When it happened.
    public let completionTime: Date
    /// When it was reported; never before it happened.
    public let registrationTime: Date

    /// Creates an event.
    ///
    /// - Throws: ``HandlingEventError`` listing every problem: a load or unload without a voyage, another
    ///   kind with one, or a report registered before the event happened.
    public init(kind: Kind, location: UnLocode, voyage: VoyageNumber? = nil, completionTime: Date, registrationTime: Date)
        throws(HandlingEventError)
    {
        var problems: [HandlingEventError.Problem] = []
        if kind.requiresVoyage && voyage == nil { problems.append(.voyageMissing(kind)) }
        if !kind.requiresVoyage && voyage != nil { problems.append(.voyageNotAllowed(kind)) }
        if !completionTime.isSupported || !registrationTime.isSupported {
            problems.append(.timeOutOfRange)
        } else if registrationTime < completionTime {
            problems.append(.registeredBeforeCompletion)
        }
        guard problems.isEmpty else { throw HandlingEventError(problems: problems) }
        self.kind = kind
        self.location = location
        self.voyage = voyage
        self.completionTime = completionTime
        self.registrationTime = registrationTime
    }

    /// Whether two reports describe the same handling: same kind, location, voyage and completion time,
    /// whenever each was registered.
    public func isSameHandling(as other: HandlingEvent) -> Bool {
        kind == other.kind && location == other.location && voyage == other.voyage && completionTime == other.completionTime
    }
}

extension HandlingEvent: CustomStringConvertible {
    /// "load at CNSHA on WS15-W09", "receive at CNSHA".
    public var description: String {
        "\(kind) at \(location)" + (voyage.map { " on \($0)" } ?? "")
    }
}

/// The reasons a handling event cannot be made.
public struct HandlingEventError: Error, Hashable, Sendable, CustomStringConvertible {
    /// One reason a handling event cannot be made.
    public enum Problem: Hashable, Sendable {
        /// A load or unload that does not name its voyage.
        case voyageMissing(HandlingEvent.Kind)
        /// A receive, customs or claim that names a voyage.
        case voyageNotAllowed(HandlingEvent.Kind)
        /// The report is registered before the event happened.
        case registeredBeforeCompletion
        /// A time is outside the years 1 to 9999.
        case timeOutOfRange
    }

    /// Every problem found, in a fixed order.
    public let problems: [Problem]

    /// Creates an error with the problems found.
    public init(problems: [Problem]) { self.problems = problems }

    public var description: String {
        problems.map { problem in
            switch problem {
            case .voyageMissing(let kind): "a \(kind) needs the voyage"
            case .voyageNotAllowed(let kind): "a \(kind) names no voyage"
            case .registeredBeforeCompletion: "the event is reported before it happened"
            case .timeOutOfRange: "the times must be within the years 1 to 9999"
            }
        }.joined(separator: "; ")
    }
}
