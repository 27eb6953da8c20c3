import RoutePlanner
import RoutePlannerApplication
import RoutePlannerAssignment

/// The application's `AssignmentSolver` port, implemented with `CapacityAssignment` and GLPK: the adapter
/// lives here, in the composition root, so that neither the application nor the GLPK library depends on
/// the other.
struct GLPKAssignmentSolver: AssignmentSolver {
    func assign(
        _ bookings: [Booking], on network: ScheduleNetwork, options: AssignmentOptions, progress: (@Sendable (String) -> Void)?
    ) throws(AssignmentError) -> AssignmentPlan {
        try CapacityAssignment(network: network).assign(bookings, options: options, progress: progress)
    }
}
