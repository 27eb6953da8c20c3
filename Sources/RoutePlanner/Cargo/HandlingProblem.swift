import Foundation

/// What makes a handling event impossible against a network (``ScheduleNetwork/handlingProblem(kind:location:voyage:time:planned:)``).
public enum HandlingProblem: Hashable, Sendable {
    /// The location is not a port of the network.
    case unknownLocation(UnLocode)
    /// The voyage is not a voyage or a haul (``Haulage/voyageNumber``) of the network, nor a haul of the cargo's itinerary.
    case unknownVoyage(VoyageNumber)
    /// A load's voyage does not depart from the location, or an unload's does not arrive there.
    case voyageDoesNotCall(VoyageNumber, kind: HandlingEvent.Kind, at: UnLocode)
    /// The voyage calls there at these times, none within ``ScheduleNetwork/handlingCallTolerance`` of the event's.
    case noCallNear(VoyageNumber, at: UnLocode, calls: [Date], time: Date)

    /// The event's field the problem is about: `location`, `voyage` or `completionTime`.
    public var field: String {
        switch self {
        case .unknownLocation, .voyageDoesNotCall: "location"
        case .unknownVoyage: "voyage"
        case .noCallNear: "completionTime"
        }
    }
}

extension ScheduleNetwork {
    /// How far a load or unload may be from a scheduled call of its voyage there: a week, for delays.
    public static let handlingCallTolerance: TimeInterval = 7 * 86_400

    /// The first problem of a handling event against the network, or `nil` when it fits: the location is a port of
    /// the network; a load's voyage departs from there and an unload's arrives there, within
    /// ``handlingCallTolerance`` of the event; a load onto a haul's truck (its voyage ``Haulage/voyageNumber``) is at
    /// the place it collects from and an unload at the place it delivers to, at any time. A haul the table no longer
    /// has is still the cargo's own where its itinerary (`planned`) rides it: a truck under way is unloaded where its leg
    /// delivers (a load onto a haul the table no longer has is refused: no truck will come). What registering one event,
    /// a handling report and carriers' equipment events check alike.
    public func handlingProblem(
        kind: HandlingEvent.Kind, location: UnLocode, voyage: VoyageNumber?, time: Date, planned: Itinerary? = nil
    ) -> HandlingProblem? {
        guard self.location(location) != nil else { return .unknownLocation(location) }
        guard kind.requiresVoyage, let voyage else { return nil }
        guard let schedule = self.voyage(voyage) else {
            // A haul is not timetabled: its truck collects from one place and delivers to the other whenever it drives.
            let ends =
                haul(named: voyage).map { ($0.from, $0.to) }
                ?? (kind == .unload ? planned?.legs.first { $0.isHaul && $0.voyage.number == voyage } : nil).map {
                    ($0.loadLocation.code, $0.unloadLocation.code)
                }
            guard let (from, to) = ends else { return .unknownVoyage(voyage) }
            return location == (kind == .load ? from : to) ? nil : .voyageDoesNotCall(voyage, kind: kind, at: location)
        }
        let calls =
            kind == .load
            ? schedule.movements.filter { $0.departureLocation == location }.map(\.departureTime)
            : schedule.movements.filter { $0.arrivalLocation == location }.map(\.arrivalTime)
        guard !calls.isEmpty else { return .voyageDoesNotCall(voyage, kind: kind, at: location) }
        guard calls.contains(where: { abs($0.timeIntervalSince(time)) <= Self.handlingCallTolerance }) else {
            return .noCallNear(voyage, at: location, calls: calls, time: time)
        }
        return nil
    }
}
