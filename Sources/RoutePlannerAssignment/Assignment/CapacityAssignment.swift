import Foundation
import RoutePlanner

/// Assigns many bookings to itineraries at once under the TEU capacity of every carrier movement,
/// maximising the revenue carried, and explains every booking it cannot carry.
///
/// The integer program gives each booking one itinerary that satisfies it, or none; on every movement the
/// TEU of the bookings riding it stays within its capacity. Its columns (itineraries) are not enumerated:
/// column generation solves the LP relaxation, prices new itineraries with the capacity duals as movement
/// costs (`Router.cheapestItinerary(for:costs:transferCosts:)`), and repeats until none pays, then adds extended cover
/// cuts (Balas 1975) on congested movements. GLPK's simplex method solves the LP while each solve is quick;
/// on large, degenerate LPs a first-order solver (PDHG with PDLP's restarts) takes over. The integer program is then
/// solved over the columns found: the LP rounded, improved by exchanges and ruin and recreate (Schrimpf et al.
/// 2000), the bookings rounding leaves out re-solved exactly by GLPK
/// (presolve and all cut families), each independent component solved whole, and components too large for
/// that improved by large-neighbourhood search (Shaw 1998); the greedy baseline is the floor. The best
/// Lagrangian bound of the rounds bounds the optimum over all itineraries. See Guides/Assignment.md for the
/// model and its maths.
///
/// The searches of seeding and pricing run on every core (at most four); what they find is added in the same
/// order on any number of cores. The integer stage solves its independent components side by side on as many
/// threads, and frees as many neighbourhoods at once; each component's result does not depend on them. So the plan
/// does not depend on the cores unless a time limit cuts a component's solve short or the neighbourhood search
/// runs. `assign` blocks its calling thread until the plan is made; the master program is solved on that thread.
///
/// Itineraries go door to door: pricing searches the network's hauls by truck as the router does, so a booking from or
/// to a place no voyage calls at is carried by a haul to or from a terminal, and the bound stays a true bound over
/// every itinerary. A haul's cost per TEU comes off the booking's worth with the handling. A haul's room is not limited
/// unless it has a capacity a day (`Haulage.capacityPerDay`): then each day its trucks leave on (`HaulDay`) is a
/// capacity row as a movement is, and pricing costs its dual on the day the itinerary's truck leaves.
///
/// - Complexity: Each pricing round solves one LP (by simplex, or 4,000 first-order iterations of O(*z*) for
///   *z* non-zeros) and at most one cheapest-itinerary search per booking group, O(*m* log *m*) each for *m*
///   movements; the integer program is NP-hard in general.
public struct CapacityAssignment: Sendable {
    /// The network the bookings are assigned over, with its hauls.
    public let network: ScheduleNetwork

    public init(network: ScheduleNetwork) {
        self.network = network
    }

    /// Assigns the bookings.
    ///
    /// - Parameters:
    ///   - bookings: The bookings to assign, each carried whole or not at all.
    ///   - options: The time limit, the gap and the penalty for each TEU left out.
    ///   - progress: Called with a line after each step (seeding, each pricing round, rounding), for a long
    ///     solve to show it is alive.
    /// - Throws: `AssignmentError.invalidOptions(_:)` for options with `AssignmentOptions.problems`,
    ///   `AssignmentError.unknownLocation(booking:_:)` for a booking whose ports the network lacks,
    ///   `AssignmentError.solverFailed(_:)` when GLPK fails, and `AssignmentError.cancelled` when the task
    ///   running it is cancelled (checked between pricing rounds and neighbourhoods; a GLPK solve under way
    ///   ends at its own time limit).
    public func assign(
        _ bookings: [Booking], options: AssignmentOptions = AssignmentOptions(), progress: (@Sendable (String) -> Void)? = nil
    ) throws(AssignmentError) -> AssignmentPlan {
        guard options.problems.isEmpty else { throw .invalidOptions(options.problems) }
        for booking in bookings {
            for code in [booking.specification.origin, booking.specification.destination] where network.location(code) == nil {
                throw .unknownLocation(booking: booking.id, code)
            }
        }
        do {
            return try AssignmentRun(network: network, bookings: bookings, options: options, progress: progress).solve()
        } catch .cancelled {
            throw .cancelled
        } catch {
            throw .solverFailed(error.description)
        }
    }
}
