import Foundation
import RoutePlanner

/// What an assignment would write: the itinerary of each cargo it carries, by its legs, so that a front end keeps it
/// (the desk keeps it with its run) and writes it later, on confirmation (``ConfirmAssignmentInteractor``).
public struct AssignmentProposal: Codable, Hashable, Sendable {
    /// A leg as the schedule names it: the voyage, and where and when it loads and discharges.
    public struct Leg: Codable, Hashable, Sendable {
        public let voyage: String
        public let from: String
        public let departure: Date
        public let to: String
        public let arrival: Date

        public init(voyage: String, from: String, departure: Date, to: String, arrival: Date) {
            (self.voyage, self.from, self.departure, self.to, self.arrival) = (voyage, from, departure, to, arrival)
        }
    }

    /// A cargo's itinerary.
    public struct Route: Codable, Hashable, Sendable {
        public let trackingId: String
        public let legs: [Leg]

        public init(trackingId: String, legs: [Leg]) {
            self.trackingId = trackingId
            self.legs = legs
        }

        /// A cargo's route: the legs of an itinerary.
        public init(trackingId: String, itinerary: Itinerary) {
            self.trackingId = trackingId
            legs = itinerary.legs.map {
                Leg(
                    voyage: $0.voyage.number.rawValue, from: $0.loadLocation.code.rawValue, departure: $0.loadTime, to: $0.unloadLocation.code.rawValue,
                    arrival: $0.unloadTime)
            }
        }
    }

    /// The routes, in the plan's order (tracking id order).
    public let routes: [Route]

    public init(routes: [Route]) {
        self.routes = routes
    }

    /// The routes of a plan for open cargo: each booking carried, by its tracking id.
    public init(_ plan: AssignmentPlan) {
        routes = plan.assignments.compactMap { assignment in assignment.itinerary.map { Route(trackingId: assignment.booking.id, itinerary: $0) } }
    }
}
