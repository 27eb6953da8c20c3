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

    /// The option a disrupted cargo is to take.
    public enum Choice: Hashable, Sendable {
        /// Its first option.
        case best
        /// The option with this reference (`Itinerary.reference`), when it is still among its options.
        case option(String)
    }

    /// One disrupted cargo: what stops it, and its options from where it is.
    public struct Disrupted: Hashable, Sendable {
        public let trackingId: TrackingId
        /// What stops its itinerary now, the calls that moved and by how much it misses.
        public let cause: DisruptionCause
        /// What stops its itinerary now.
        public var disruption: ItineraryDisruption { cause.disruption }
        /// Its itinerary as it was planned.
        public let planned: Itinerary
        /// The specification searched, from where the cargo is; `nil` when it cannot be routed from there.
        public let specification: RouteSpecification?
        /// The options, best first, or why there are none.
        public let options: Result<[Itinerary], Failure>
        /// The option it was to take, if any.
        public let choice: Choice?
        /// The option it took: none when it was to take none, has no options, the option chosen is not among them, or
        /// the option no longer fits it.
        public let taken: Itinerary?

        /// Whether it took the option chosen.
        public var accepted: Bool { taken != nil }
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
    /// a choice, it takes the option chosen (``Cargo/take(_:foundFor:in:)``) before the next is searched, and holds that
    /// room instead.
    ///
    /// - Parameters:
    ///   - cargo: The cargo by tracking id; those that take an option are changed in place.
    ///   - network: The schedule as it now sails.
    ///   - limit: The most options per cargo.
    ///   - choices: The option each disrupted cargo is to take, by tracking id; the others are offered their options only.
    ///   - only: The cargo to re-plan, when not every disrupted one: the others keep the room they take, unsearched.
    /// - Returns: What was found and changed; `nil` when the task was cancelled, and then no cargo was changed.
    public static func replan(
        _ cargo: inout [TrackingId: Cargo], in network: ScheduleNetwork, limit: Int, accepting choices: [TrackingId: Choice] = [:], only: Set<TrackingId>? = nil
    ) -> Outcome? {
        replan(&cargo, in: network, limit: limit, choosing: { choices[$0.trackingId] }, only: only)
    }

    /// Re-plans every routed cargo on its way that `network` disrupts, as ``replan(_:in:limit:accepting:only:)``
    /// does, with the choice of each asked only of the cargo disrupted: `choose` is given each as it is when its options
    /// are found, and answers the option it is to take, or `nil` to offer its options only.
    public static func replan(
        _ cargo: inout [TrackingId: Cargo], in network: ScheduleNetwork, limit: Int, choosing choose: (Cargo) -> Choice?, only: Set<TrackingId>? = nil
    ) -> Outcome? {
        var replanned = cargo
        var taken = CapacityUse(takenBy: replanned.values, in: network)
        let router = Router(network: network)
        var outcome = Outcome()
        for trackingId in (only.map(Array.init) ?? Array(replanned.keys)).sorted() {
            if Task.isCancelled { return nil }
            guard var each = replanned[trackingId], let itinerary = each.itinerary, each.progress != nil else { continue }
            guard let cause = each.disruptionCause(in: network) else {
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
            var took: Itinerary?
            let choice = choose(each)
            let chosen: Itinerary? =
                switch (choice, options) {
                case (.best, .success(let itineraries)): itineraries.first
                case (.option(let reference), .success(let itineraries)): itineraries.first { $0.reference == reference }
                default: nil
                }
            if let specification, let chosen {
                var reassigned = each
                if reassigned.take(chosen, foundFor: specification, in: network) {
                    (each, took, replanned[trackingId]) = (reassigned, chosen, reassigned)
                    outcome.changed.insert(trackingId)
                }
            }
            taken.add(space, on: each.itinerary!, in: network)
            outcome.disrupted.append(
                Disrupted(
                    trackingId: trackingId, cause: cause, planned: itinerary, specification: specification, options: options, choice: choice,
                    taken: took))
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
