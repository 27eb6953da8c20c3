import RoutePlanner

/// A solution of the master problem's LP relaxation: a value for each column and a dual for each capacity
/// row, exact (GLPK's simplex method) or near the optimum (``PrimalDualLP``).
struct LPSolution {
    /// The value of each column the LP had, by column (``MasterProblem/ColumnID/rawValue``); columns added
    /// since have none.
    var values: [Double]
    /// The dual of each capacity row, at least zero.
    var capacityDuals: [ScheduleNetwork.MovementID: Double]
    /// Whether the solution is only near the optimum (a first-order solver's).
    var isApproximate: Bool

    /// No LP solved yet.
    static let none = LPSolution(values: [], capacityDuals: [:], isApproximate: false)

    /// Whether the LP had the column.
    func has(column: MasterProblem.ColumnID) -> Bool { column.rawValue < values.count }

    /// The column's value, 0 for a column the LP did not have.
    func value(of column: MasterProblem.ColumnID) -> Double { has(column: column) ? values[column.rawValue] : 0 }
}
