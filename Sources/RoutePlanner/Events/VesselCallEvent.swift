import Foundation

/// A carrier's word on when a vessel arrives at or departs from one call of a voyage: a DCSA Track & Trace
/// transport event (ARRI or DEPA), planned, estimated or actual.
///
/// Events about the same time of the same call rank by ``outranks(_:)``: the actual over the estimated over the
/// planned, then the one created later, so that applying them in any order gives the same schedule
/// (``LiveSchedule``).
public struct VesselCallEvent: Hashable, Sendable {
    /// Which time of the call the event gives.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// The vessel's arrival (DCSA's `ARRI`).
        case arrival = "ARRI"
        /// The vessel's departure (DCSA's `DEPA`).
        case departure = "DEPA"
    }

    /// How sure the time is, in rising rank.
    public enum Classifier: String, Hashable, Sendable, CaseIterable, Comparable {
        /// Planned (`PLN`).
        case planned = "PLN"
        /// Estimated (`EST`).
        case estimated = "EST"
        /// Actual (`ACT`).
        case actual = "ACT"

        var rank: Int {
            switch self {
            case .planned: 0
            case .estimated: 1
            case .actual: 2
            }
        }

        public static func < (lhs: Classifier, rhs: Classifier) -> Bool { lhs.rank < rhs.rank }
    }

    /// The event's identifier (DCSA's `eventID`): the same event sent twice counts once.
    public let id: String
    /// When the carrier created the event (`eventCreatedDateTime`).
    public let created: Date
    public let kind: Kind
    public let classifier: Classifier
    /// When the vessel arrives or departs (`eventDateTime`).
    public let time: Date
    /// The call: the voyage that arrives there (for an arrival) or departs from there (for a departure), and the port.
    public let call: CallReference
    /// The vessel's IMO number and the service's code, as the event names them, when it does: an event whose vessel or
    /// service is not the voyage's is refused (``LiveSchedule/resolve(_:)``).
    public let vesselIMONumber: String?
    public let service: String?

    public init(
        id: String, created: Date, kind: Kind, classifier: Classifier, time: Date, call: CallReference, vesselIMONumber: String? = nil,
        service: String? = nil
    ) {
        self.id = id
        self.created = created
        self.kind = kind
        self.classifier = classifier
        self.time = time
        self.call = call
        self.vesselIMONumber = vesselIMONumber
        self.service = service
    }

    /// Whether this event's time stands over another's for the same time of the same call: a higher classifier,
    /// else created later, else (a tie the carrier should not send) the greater identifier.
    public func outranks(_ other: VesselCallEvent) -> Bool {
        (classifier.rank, created, id) > (other.classifier.rank, other.created, other.id)
    }
}

/// A call of a voyage at a port, as an event names it.
public struct CallReference: Hashable, Sendable, CustomStringConvertible {
    public let voyage: VoyageNumber
    public let port: UnLocode
    /// Which of the voyage's calls at the port, counted from 1 in sailing order (DCSA's
    /// `transportCallSequenceNumber`); needed only when the voyage calls at the port more than once.
    public let sequence: Int?

    public init(voyage: VoyageNumber, port: UnLocode, sequence: Int? = nil) {
        self.voyage = voyage
        self.port = port
        self.sequence = sequence
    }

    public var description: String { "\(voyage) at \(port)" + (sequence.map { " (call \($0))" } ?? "") }
}
