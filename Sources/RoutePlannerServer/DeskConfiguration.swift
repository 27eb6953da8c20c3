import RoutePlannerApplication

/// What the desk keeps and uses besides the schedule: the cargo and customers, and the assignment's solver.
public struct DeskConfiguration: Sendable {
    /// Where booked cargo is kept: a store file, or memory.
    public var cargo: any CargoRepository
    /// The registered customers.
    public var customers: any CustomerRepository
    /// The assignment's solver; `nil` leaves the assignment screen saying that it is not available.
    public var solver: (any AssignmentSolver)?
    /// Whether the cargo outlives the server (a store file); the desk says so when it does not.
    public var keepsCargo: Bool

    public init(cargo: any CargoRepository, customers: any CustomerRepository, solver: (any AssignmentSolver)?, keepsCargo: Bool) {
        self.cargo = cargo
        self.customers = customers
        self.solver = solver
        self.keepsCargo = keepsCargo
    }
}
