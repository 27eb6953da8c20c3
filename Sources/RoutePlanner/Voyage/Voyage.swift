/// One vessel's, barge's or train's trip: a chain of carrier movements, each departing where the one before arrived.
///
/// The voyage aggregate. A rotation may call the same port more than once. The chain is checked when a
/// ``ScheduleNetwork`` is built from voyages.
public struct Voyage: Hashable, Sendable, Identifiable {
    /// The identifier of the voyage.
    public let number: VoyageNumber
    /// The movements of the voyage in the order the vessel sails them.
    public let movements: [CarrierMovement]
    /// The name of the vessel, when known.
    public let vessel: String?
    /// The code of the service (the loop of weekly voyages) the voyage belongs to, when known.
    public let service: String?
    /// The name of the service, when known (DCSA's `carrierServiceName`).
    public let serviceName: String?
    /// The vessel's IMO number, seven or eight digits, when known.
    public let vesselIMONumber: String?
    /// The voyage the vessel goes on as after this voyage's last call, when the schedule says so (a liner's next
    /// round trip; in DCSA, a call whose import and export voyage numbers differ).
    ///
    /// Cargo aboard stays aboard through that call: going on as the next voyage is not a transshipment, so it
    /// takes no transshipment time, no transshipment cut-off and no handling. The next voyage must depart from
    /// the port where this one ends, no earlier than it arrives there (``ScheduleNetwork`` checks it).
    public let continuation: VoyageNumber?
    /// How the voyage travels: a vessel, a barge or a train; ``TransportMode/truck`` only for a haul's leg
    /// (``Haulage``), which no network holds as a voyage.
    public let mode: TransportMode

    /// Creates a voyage from its movements in sailing order.
    public init(
        number: VoyageNumber, movements: [CarrierMovement], vessel: String? = nil, service: String? = nil,
        serviceName: String? = nil, vesselIMONumber: String? = nil, continuation: VoyageNumber? = nil, mode: TransportMode = .vessel
    ) {
        self.mode = mode
        self.number = number
        self.movements = movements
        self.vessel = vessel
        self.service = service
        self.serviceName = serviceName
        self.vesselIMONumber = vesselIMONumber
        self.continuation = continuation
    }

    /// The same voyage, vessel, service and continuation sailing other movements.
    public func replacingMovements(_ movements: [CarrierMovement]) -> Voyage {
        Voyage(
            number: number, movements: movements, vessel: vessel, service: service, serviceName: serviceName,
            vesselIMONumber: vesselIMONumber, continuation: continuation, mode: mode)
    }

    /// The same voyage going on as another voyage after its last call, or as none.
    public func replacingContinuation(_ continuation: VoyageNumber?) -> Voyage {
        Voyage(
            number: number, movements: movements, vessel: vessel, service: service, serviceName: serviceName,
            vesselIMONumber: vesselIMONumber, continuation: continuation, mode: mode)
    }

    public var id: VoyageNumber { number }
}
