import Foundation
import RoutePlanner

/// Turns the result of a route search into what a view shows: formatted candidates, field errors, or a
/// message that says what to do.
///
/// Times are shown in ``timeZone`` with the zone written out; the presenter is a pure function of its
/// input.
public struct RouteCargoPresenter: Sendable {
    /// The zone times are shown in; UTC unless the planner prefers their own.
    public var timeZone: TimeZone

    public init(timeZone: TimeZone = TimeZone(identifier: "UTC")!) {
        self.timeZone = timeZone
    }

    public func present(_ result: Result<RouteCargoResponse, RequestFailure>) -> RouteCargoViewState {
        switch result {
        case .success(let response): .success(response.itineraries.map { itinerary(response.specification, $0) })
        case .failure(.validation(let error)): .validationFailure(error.fields)
        case .failure(.domain(let error)): .failure(message(for: error))
        }
    }

    /// One itinerary, formatted against the specification it meets.
    public func itinerary(_ specification: RouteSpecification, _ itinerary: Itinerary) -> ItineraryViewModel {
        let format = PlannerFormat(timeZone: timeZone)
        let transit = itinerary.arrivalTime.timeIntervalSince(itinerary.departureTime)
        let transshipments = zip(itinerary.legs, itinerary.legs.dropFirst()).map { arriving, leaving in
            "\(arriving.unloadLocation): waits \(PlannerFormat.duration(leaving.loadTime.timeIntervalSince(arriving.unloadTime)))"
        }
        let slack = specification.arrivalDeadline.timeIntervalSince(itinerary.arrivalTime)
        return ItineraryViewModel(
            id: itinerary.legs.map { "\($0.voyage.number):\($0.loadLocation.code)-\($0.unloadLocation.code)" }.joined(separator: ","),
            departure: format.dateTime(itinerary.departureTime),
            arrival: format.dateTime(itinerary.arrivalTime),
            transitTime: PlannerFormat.duration(transit),
            transitDays: Int((transit / 86_400).rounded(.up)),
            route: ([itinerary.origin] + itinerary.legs.map(\.unloadLocation.code)).map(\.rawValue).joined(separator: " → "),
            transshipments: transshipments,
            legs: itinerary.legs.map { "\($0.voyage.number): \($0.loadLocation) → \($0.unloadLocation)" },
            slack: slack < 60 ? "arrives at the deadline" : "arrives \(PlannerFormat.duration(slack)) before the deadline")
    }

    /// A date and time in the presenter's zone, with the zone written out: "Mon 2 Mar 2026, 08:00 UTC".
    public func dateTime(_ date: Date) -> String { PlannerFormat(timeZone: timeZone).dateTime(date) }

    /// A domain error in words a planner acts on.
    public func message(for error: DomainError) -> String {
        let format = PlannerFormat(timeZone: timeZone)
        switch error {
        case .unknownLocation(let code, let closest):
            let suggestion = closest.isEmpty ? "" : " Did you mean \(closest.map(\.rawValue).joined(separator: ", "))?"
            return "\(code) is not a port of this network.\(suggestion)"
        case .unknownVoyage(let number):
            return "Voyage \(number) is not in the schedule."
        case .cargoNotFound(let trackingId):
            return "There is no cargo with tracking id \(trackingId)."
        case .noRoute(let specification, let earliest?):
            return "No sailing reaches \(specification.destination) by \(format.day(specification.arrivalDeadline)); "
                + "the earliest possible arrival is \(format.day(earliest))."
        case .noRoute(let specification, nil):
            return "No sailing connects \(specification.origin) to \(specification.destination) after "
                + "\(format.day(specification.readyTime)) in this schedule."
        case .itineraryDoesNotSatisfySpecification(let trackingId, let reasons):
            return "This itinerary does not fit cargo \(trackingId): \(reasons.joined(separator: "; "))."
        case .invalidOperation(let message):
            return message
        case .repositoryFailure(let message):
            return "The schedule or the cargo could not be read: \(message)"
        }
    }
}
