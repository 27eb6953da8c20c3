/// An event of a carrier's feed that route-planner acts on: a vessel's call time, or a booked cargo's handling.
public enum CarrierEvent: Hashable, Sendable {
    case vesselCall(VesselCallEvent)
    case equipment(EquipmentEvent)

    /// The event's identifier (DCSA's `eventID`).
    public var id: String {
        switch self {
        case .vesselCall(let event): event.id
        case .equipment(let event): event.id
        }
    }
}
