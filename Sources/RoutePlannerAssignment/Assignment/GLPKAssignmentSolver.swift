import RoutePlanner
import RoutePlannerApplication

/// The application's ``AssignmentSolver`` port, implemented with ``CapacityAssignment`` and GLPK; the
/// composition root wires it in (`composition.assignRoutes(solver: GLPKAssignmentSolver())`).
public struct GLPKAssignmentSolver: AssignmentSolver {
    public init() {}

    public func assign(
        _ bookings: [Booking], on network: ScheduleNetwork, options: AssignmentOptions, progress: (@Sendable (String) -> Void)?
    ) throws(AssignmentError) -> AssignmentPlan {
        try CapacityAssignment(network: network).assign(bookings, options: options, progress: progress)
    }
}
