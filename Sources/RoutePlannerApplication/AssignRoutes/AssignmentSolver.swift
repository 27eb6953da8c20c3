import RoutePlanner

/// The port through which the application assigns many bookings under the capacities: the application
/// owns it, and the composition root adapts an implementation to it (RoutePlannerAssignment's
/// `CapacityAssignment`, as the command line's `GLPKAssignmentSolver` does), so the application never needs GLPK.
public protocol AssignmentSolver: Sendable {
    /// Assigns the bookings itineraries on the network under the TEU capacity of every movement.
    ///
    /// - Parameters:
    ///   - bookings: The bookings to assign, each carried whole or not at all.
    ///   - network: The schedule, with the capacity that is left for these bookings.
    ///   - options: The time limit, the gap and the penalty for each TEU left out.
    ///   - progress: Called with a line after each step of the solve.
    /// - Throws: `AssignmentError`, `AssignmentError.cancelled` when the task is cancelled.
    func assign(
        _ bookings: [Booking], on network: ScheduleNetwork, options: AssignmentOptions, progress: (@Sendable (String) -> Void)?
    ) throws(AssignmentError) -> AssignmentPlan
}
