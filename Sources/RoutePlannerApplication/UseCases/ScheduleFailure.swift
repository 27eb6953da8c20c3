import Foundation
import RoutePlanner

/// Why the schedule cannot answer a request: a port or voyage it does not have, no sailing that meets a
/// specification, a what-if that does not fit it, or no capacities to assign under.
public enum ScheduleFailure: Hashable, Sendable {
    /// A well-formed code that is not a port of the network, with the closest codes it has.
    case unknownLocation(UnLocode, closest: [UnLocode])
    /// A voyage number the network does not have.
    case unknownVoyage(VoyageNumber)
    /// No itinerary meets the specification; the earliest arrival there would be without the deadline,
    /// if the destination can be reached at all.
    case noRoute(RouteSpecification, earliestPossibleArrival: Date?)
    /// The what-if scenario does not fit the schedule: it names a voyage or port the schedule does not have,
    /// or would make a voyage sail backwards in time.
    case invalidScenario(ScenarioError)
    /// The schedule gives no capacities (a DCSA vessel schedule without a capacity file), so nothing can be
    /// assigned under them.
    case capacitiesUnknown

    /// The request is well formed, but the schedule has no answer to it.
    public var kind: ViewFailure.Kind { .rejected }
}
