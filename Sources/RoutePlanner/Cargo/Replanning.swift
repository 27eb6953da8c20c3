import Foundation

/// The re-plan of the cargo that a schedule, as it now sails, disrupts: what applying carriers' events does after the
/// schedule has moved.
public enum Replanning {
    /// Why a disrupted cargo has no options.
    public enum Failure: Error, Hashable, Sendable {
        /// It cannot be routed from where it is.
        case routing(CargoRoutingError)
        /// No itinerary meets the specification from where it is, this one.
        case noRoute(RouteSpecification)
        /// The specification names a port the network does not have.
        case unknownLocation(UnLocode)
        /// Another error of the search, described.
        case search(String)
    }

    /// One disrupted cargo: what stops it, and its options from where it is.
    public struct Disrupted: Hashable, Sendable {
        public let trackingId: TrackingId
        /// What stops its itinerary now.
        public let disruption: ItineraryDisruption
        /// Its itinerary as it was planned.
        public let planned: Itinerary
        /// The specification searched, from where the cargo is; `nil` when it cannot be routed from there.
        public let specification: RouteSpecification?
        /// The options, best first, or why there are none.
        public let options: Result<[Itinerary], Failure>
        /// Whether it took its first option.
        public let accepted: Bool
    }

    /// What a re-plan found and changed.
    public struct Outcome: Sendable {
        /// The disrupted cargo, in tracking-id order.
        public var disrupted: [Disrupted] = []
        /// The routed cargo on their way that nothing disrupts.
        public var undisturbed = 0
        /// The cargo that took an option.
        public var changed: Set<TrackingId> = []
    }

    /// Re-plans every routed cargo on its way that `network` disrupts (``Cargo/disruption(in:)``), in tracking-id
    /// order.
    ///
    /// Each is searched from where it is (``Cargo/specificationFromWhereItIs(in:)``), with the room it takes against
    /// each movement's capacity less what every other open cargo's itinerary takes on it as `network` sails it. With
    /// `acceptingBest`, each takes its first option (``Cargo/take(_:foundFor:in:)``) before the next is searched, and
    /// holds that room instead.
    ///
    /// - Parameters:
    ///   - cargo: The cargo by tracking id; those that take an option are changed in place.
    ///   - network: The schedule as it now sails.
    ///   - limit: The most options per cargo.
    ///   - acceptingBest: Whether each disrupted cargo takes its first option.
    /// - Returns: What was found and changed; `nil` when the task was cancelled, and then no cargo was changed.
    public static func replan(_ cargo: inout [TrackingId: Cargo], in network: ScheduleNetwork, limit: Int, acceptingBest: Bool) -> Outcome? {
        var replanned = cargo
        var taken = CapacityUse(takenBy: replanned.values, in: network)
        let router = Router(network: network)
        var outcome = Outcome()
        for trackingId in replanned.keys.sorted() {
            if Task.isCancelled { return nil }
            var each = replanned[trackingId]!
            guard let itinerary = each.itinerary, each.progress != nil else { continue }
            guard let disruption = each.disruption(in: network) else {
                outcome.undisturbed += 1
                continue
            }
            let space = CargoSpace(each.booking)
            taken.remove(space, on: itinerary, in: network)
            var specification: RouteSpecification?
            let options: Result<[Itinerary], Failure>
            do {
                let found = try each.specificationFromWhereItIs(in: network)
                specification = found
                options = try search(for: found, limit: limit, options: RoutingOptions(space: space, taken: taken), router: router)
            } catch let error as CargoRoutingError {
                options = .failure(.routing(error))
            } catch {
                return nil
            }
            var accepted = false
            if acceptingBest, let specification, case .success(let itineraries) = options, let best = itineraries.first {
                var reassigned = each
                if reassigned.take(best, foundFor: specification, in: network) {
                    (each, accepted, replanned[trackingId]) = (reassigned, true, reassigned)
                    outcome.changed.insert(trackingId)
                }
            }
            taken.add(space, on: each.itinerary!, in: network)
            outcome.disrupted.append(
                Disrupted(
                    trackingId: trackingId, disruption: disruption, planned: itinerary, specification: specification, options: options, accepted: accepted))
        }
        cargo = replanned
        return outcome
    }

    /// The options for a specification, or why there are none; throws `CancellationError` when the search was cancelled.
    private static func search(
        for specification: RouteSpecification, limit: Int, options: RoutingOptions, router: Router
    ) throws(CancellationError) -> Result<[Itinerary], Failure> {
        do {
            return .success(try router.candidates(for: specification, limit: limit, options: options))
        } catch .noRoute {
            return .failure(.noRoute(specification))
        } catch .unknownLocation(let code) {
            return .failure(.unknownLocation(code))
        } catch .cancelled {
            throw CancellationError()
        } catch {
            return .failure(.search(error.description))
        }
    }
}
