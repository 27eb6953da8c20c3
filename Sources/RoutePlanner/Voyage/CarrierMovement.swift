import Foundation

/// One sailing of a voyage: from a departure location at a departure time to an arrival location at an
/// arrival time, with the TEU the voyage can carry on it.
///
/// A movement is a plain value; whether it is consistent (it arrives after it departs, it connects to the
/// movement before it) is checked when a ``ScheduleNetwork`` is built, so that every problem of a schedule
/// is reported at once.
public struct CarrierMovement: Hashable, Sendable {
    /// The port the vessel leaves.
    public var departureLocation: UnLocode
    /// The port the vessel reaches.
    public var arrivalLocation: UnLocode
    /// The time the vessel leaves the departure location.
    public var departureTime: Date
    /// The time the vessel reaches the arrival location.
    public var arrivalTime: Date
    /// The containers the voyage can carry on this movement, in twenty-foot equivalent units.
    public var capacity: Int

    /// Creates a carrier movement.
    public init(
        from departureLocation: UnLocode, to arrivalLocation: UnLocode,
        departure departureTime: Date, arrival arrivalTime: Date, capacity: Int
    ) {
        self.departureLocation = departureLocation
        self.arrivalLocation = arrivalLocation
        self.departureTime = departureTime
        self.arrivalTime = arrivalTime
        self.capacity = capacity
    }
}
