import Foundation
import RoutePlanner

/// What makes a handling event impossible against the network: what registering one event and importing
/// a handling report share.
enum HandlingCheck {
    /// How far a load or unload may be from a scheduled call of its voyage there: a week, for delays.
    static let callTolerance: TimeInterval = 7 * 86_400

    /// The field and the message of the first problem, or `nil` when the event fits the network: the
    /// location is a port of it; a load's voyage departs from there and an unload's arrives there, within
    /// ``callTolerance`` of the event.
    static func problem(kind: HandlingEvent.Kind, location: UnLocode, voyage: VoyageNumber?, time: Date, in network: ScheduleNetwork)
        -> (field: String, message: String)?
    {
        guard network.location(location) != nil else {
            return ("location", DomainError.unknown(location, among: network.locations).unknownLocationText)
        }
        guard kind.requiresVoyage, let voyage else { return nil }
        guard let schedule = network.voyage(voyage) else { return ("voyage", "Voyage \(voyage) is not in the schedule.") }
        let calls = kind == .load
            ? schedule.movements.filter { $0.departureLocation == location }.map(\.departureTime)
            : schedule.movements.filter { $0.arrivalLocation == location }.map(\.arrivalTime)
        guard !calls.isEmpty else {
            return ("location", "Voyage \(voyage) does not \(kind == .load ? "depart from" : "arrive at") \(location).")
        }
        guard calls.contains(where: { abs($0.timeIntervalSince(time)) <= callTolerance }) else {
            return ("completionTime", "Voyage \(voyage) calls at \(location) at \(calls.map { DateText.timestamp($0) }.joined(separator: ", ")), not within a week of \(DateText.timestamp(time)).")
        }
        return nil
    }
}

extension DomainError {
    /// The unknown-location error's text, for messages that are not a whole presenter's.
    var unknownLocationText: String { PlannerFormat().message(for: self) }
}
