import Foundation
import RoutePlanner

/// Turns the result of a route search into what a view shows: formatted candidates, numbered from 1 in
/// this order, field errors, or a message that says what to do.
public struct RouteCargoPresenter: Presenter {
    /// The fields of the form whose errors it presents.
    public typealias Field = RouteCargoForm.Field
    public var format: PlannerFormat

    public init(format: PlannerFormat = PlannerFormat()) {
        self.format = format
    }

    public func content(for response: RouteCargoResponse) -> [ItineraryViewModel] {
        response.itineraries.map { format.itinerary(response.specification, $0) }
    }
}

/// A route search behind one call.
public typealias RouteCargoCoordinator = Coordinator<RouteCargoInteractor, RouteCargoPresenter>
