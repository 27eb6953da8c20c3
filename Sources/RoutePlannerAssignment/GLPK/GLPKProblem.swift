internal import CGLPK
import Foundation

/// A minimal GLPK wrapper: one linear or integer program that it owns and frees.
///
/// It hides GLPK's 1-based arrays, keeps GLPK from printing to the terminal, checks every index and entry
/// before calling C (GLPK aborts the whole process on misuse), and maps GLPK's return codes to
/// ``GLPKError``. Rows and columns are counted from 0 here.
final class GLPKProblem {
    /// The sense of the objective.
    enum Direction { case minimize, maximize }

    /// How an LP solve ended.
    enum LPStatus: Equatable { case optimal, infeasible, unbounded, undefined }

    /// How an integer solve ended.
    struct MIPResult: Equatable {
        enum Status: Equatable {
            /// Proven optimal (within GLPK's tolerances).
            case optimal
            /// Stopped at the requested relative gap.
            case gapReached
            /// Stopped at the time limit with an integer solution.
            case timeLimit
            /// Stopped at the time limit without an integer solution.
            case timeLimitNoSolution
            case infeasible
        }
        var status: Status
        /// The objective of the best integer solution, if any.
        var objective: Double?
    }

    /// The options of an integer solve.
    struct MIPOptions {
        var timeLimit: Duration = .seconds(60)
        var relativeGap = 1e-4
        /// GLPK's MIP presolver; its defaults leave it off, and big models need it.
        var presolve = true
        /// Gomory, MIR, cover and clique cuts; off in GLPK's defaults.
        var cuts = true
        /// A known integer solution, one value per column, handed to GLPK as its first incumbent; only
        /// without the presolver, whose reduced model has other columns.
        var incumbent: [Double]? = nil
    }

    /// What the branch-and-bound callback needs: the incumbent to hand over once.
    private final class CallbackContext {
        var incumbent: [Double]?
        init(incumbent: [Double]?) { self.incumbent = incumbent }
    }

    private let pointer: OpaquePointer

    init(direction: Direction) {
        glp_term_out(GLP_OFF)
        pointer = glp_create_prob()
        glp_set_obj_dir(pointer, direction == .maximize ? GLP_MAX : GLP_MIN)
    }

    deinit {
        glp_delete_prob(pointer)
    }

    var rowCount: Int { Int(glp_get_num_rows(pointer)) }
    var columnCount: Int { Int(glp_get_num_cols(pointer)) }

    /// Adds rows `row ≤ upper` (`nil`: free) and returns their indices.
    @discardableResult
    func addRows(upperBounds: [Double?]) -> Range<Int> {
        let first = rowCount
        guard !upperBounds.isEmpty else { return first..<first }
        glp_add_rows(pointer, Int32(upperBounds.count))
        for (offset, upper) in upperBounds.enumerated() {
            if let upper {
                precondition(upper.isFinite, "a row's upper bound must be finite")
                glp_set_row_bnds(pointer, Int32(first + offset + 1), GLP_UP, 0, upper)
            } else {
                glp_set_row_bnds(pointer, Int32(first + offset + 1), GLP_FR, 0, 0)
            }
        }
        return first..<(first + upperBounds.count)
    }

    /// Names a row or a column, as the MPS file shows it: spaces and control characters (which GLPK refuses
    /// by ending the process) become `_`, and a name is cut to GLPK's 255 bytes.
    func setName(row: Int? = nil, column: Int? = nil, _ name: String) {
        var cleaned = String(
            name.unicodeScalars.map {
                $0.properties.isWhitespace || $0.properties.generalCategory == .control || !$0.isASCII ? "_" : Character($0)
            })
        while cleaned.utf8.count > 255 { cleaned.removeLast() }
        if let row { glp_set_row_name(pointer, Int32(row + 1), cleaned) }
        if let column { glp_set_col_name(pointer, Int32(column + 1), cleaned) }
    }

    /// Adds a column with bounds (`upper` `nil`: none), an objective coefficient and its entries, and
    /// returns its index.
    @discardableResult
    func addColumn(objective: Double, lower: Double = 0, upper: Double?, isInteger: Bool = false, entries: [(row: Int, value: Double)]) -> Int {
        precondition(objective.isFinite && lower.isFinite && (upper.map { $0.isFinite && lower <= $0 } ?? true), "invalid column bounds or objective")
        let column = columnCount
        glp_add_cols(pointer, 1)
        let index = Int32(column + 1)
        if let upper {
            glp_set_col_bnds(pointer, index, lower == upper ? GLP_FX : GLP_DB, lower, upper)
        } else {
            glp_set_col_bnds(pointer, index, GLP_LO, lower, 0)
        }
        glp_set_obj_coef(pointer, index, objective)
        glp_set_col_kind(pointer, index, isInteger ? GLP_IV : GLP_CV)
        setEntries(entries, of: column)
        return column
    }

    /// Replaces the entries of a column; rows must exist and appear at most once.
    func setEntries(_ entries: [(row: Int, value: Double)], of column: Int) {
        precondition((0..<columnCount).contains(column), "column \(column) does not exist")
        var seen = Set<Int>()
        for entry in entries {
            precondition((0..<rowCount).contains(entry.row), "row \(entry.row) does not exist")
            precondition(seen.insert(entry.row).inserted, "row \(entry.row) appears twice in column \(column)")
            precondition(entry.value.isFinite, "an entry must be finite")
        }
        var indices: [Int32] = [0] + entries.map { Int32($0.row + 1) }
        var values: [Double] = [0] + entries.map(\.value)
        glp_set_mat_col(pointer, Int32(column + 1), Int32(entries.count), &indices, &values)
    }

    /// Replaces the entries of a row; columns must exist and appear at most once.
    func setEntries(_ entries: [(column: Int, value: Double)], ofRow row: Int) {
        precondition((0..<rowCount).contains(row), "row \(row) does not exist")
        var seen = Set<Int>()
        for entry in entries {
            precondition((0..<columnCount).contains(entry.column), "column \(entry.column) does not exist")
            precondition(seen.insert(entry.column).inserted, "column \(entry.column) appears twice in row \(row)")
        }
        var indices: [Int32] = [0] + entries.map { Int32($0.column + 1) }
        var values: [Double] = [0] + entries.map(\.value)
        glp_set_mat_row(pointer, Int32(row + 1), Int32(entries.count), &indices, &values)
    }

    /// A simplex method.
    enum SimplexMethod {
        /// Primal simplex: for a basis that stays primal feasible, as after adding columns.
        case primal
        /// Dual simplex, falling back to the primal if it fails: for a basis that stays dual feasible, as
        /// after adding rows that cut off the solution.
        case dual
    }

    /// Solves the LP relaxation by the simplex method, without the presolver so that the basis carries over
    /// to the next solve.
    ///
    /// - Throws: ``GLPKError/timeLimit`` when the time runs out; the basis reached stays.
    func solveLP(timeLimit: Duration, method: SimplexMethod = .primal) throws(GLPKError) -> LPStatus {
        guard rowCount > 0, columnCount > 0 else { throw .emptyModel }
        var parameters = glp_smcp()
        glp_init_smcp(&parameters)
        parameters.msg_lev = GLP_MSG_OFF
        parameters.meth = method == .primal ? GLP_PRIMAL : GLP_DUALP
        parameters.tm_lim = Self.milliseconds(timeLimit)
        let code = glp_simplex(pointer, &parameters)
        if code == GLP_ETMLIM { throw .timeLimit }
        if code != 0 { throw GLPKError(code: code) }
        switch glp_get_status(pointer) {
        case GLP_OPT: return .optimal
        case GLP_NOFEAS: return .infeasible
        case GLP_UNBND: return .unbounded
        default: return .undefined
        }
    }

    var lpObjective: Double { glp_get_obj_val(pointer) }
    func rowDual(_ row: Int) -> Double { glp_get_row_dual(pointer, Int32(row + 1)) }
    func columnValue(_ column: Int) -> Double { glp_get_col_prim(pointer, Int32(column + 1)) }

    /// Solves the integer program.
    func solveMIP(_ options: MIPOptions) throws(GLPKError) -> MIPResult {
        guard rowCount > 0, columnCount > 0 else { throw .emptyModel }
        precondition(options.relativeGap >= 0, "the relative gap must not be negative")
        var parameters = glp_iocp()
        glp_init_iocp(&parameters)
        parameters.msg_lev = GLP_MSG_OFF
        parameters.tm_lim = Self.milliseconds(options.timeLimit)
        parameters.mip_gap = options.relativeGap
        parameters.presolve = options.presolve ? GLP_ON : GLP_OFF
        let cuts = options.cuts ? GLP_ON : GLP_OFF
        (parameters.gmi_cuts, parameters.mir_cuts, parameters.cov_cuts, parameters.clq_cuts) = (cuts, cuts, cuts, cuts)
        let context = CallbackContext(incumbent: nil)
        if let incumbent = options.incumbent {
            precondition(!options.presolve, "an incumbent can be handed to GLPK only without its presolver")
            precondition(incumbent.count == columnCount, "give one value per column")
            context.incumbent = [0] + incumbent
            parameters.cb_info = Unmanaged.passUnretained(context).toOpaque()
            parameters.cb_func = { tree, info in
                guard let tree, let info, glp_ios_reason(tree) == GLP_IHEUR else { return }
                let context = Unmanaged<CallbackContext>.fromOpaque(info).takeUnretainedValue()
                guard let values = context.incumbent else { return }
                context.incumbent = nil
                _ = values.withUnsafeBufferPointer { glp_ios_heur_sol(tree, $0.baseAddress) }
            }
        }
        defer { withExtendedLifetime(context) {} }
        if !options.presolve {
            // Without the presolver GLPK needs an optimal LP basis first.
            var simplex = glp_smcp()
            glp_init_smcp(&simplex)
            simplex.msg_lev = GLP_MSG_OFF
            simplex.tm_lim = Self.milliseconds(options.timeLimit)
            let code = glp_simplex(pointer, &simplex)
            if code == GLP_ETMLIM { return MIPResult(status: .timeLimitNoSolution, objective: nil) }
            guard code == 0 else { throw GLPKError(code: code) }
            guard glp_get_status(pointer) == GLP_OPT else { return MIPResult(status: .infeasible, objective: nil) }
        }
        let code = glp_intopt(pointer, &parameters)
        let status = glp_mip_status(pointer)
        let objective = status == GLP_OPT || status == GLP_FEAS ? glp_mip_obj_val(pointer) : nil
        switch code {
        case 0 where status == GLP_OPT: return MIPResult(status: .optimal, objective: objective)
        case 0 where status == GLP_NOFEAS, GLP_ENOPFS: return MIPResult(status: .infeasible, objective: nil)
        case GLP_EMIPGAP: return MIPResult(status: .gapReached, objective: objective)
        case GLP_ETMLIM: return MIPResult(status: objective == nil ? .timeLimitNoSolution : .timeLimit, objective: objective)
        case 0: return MIPResult(status: objective == nil ? .infeasible : .optimal, objective: objective)
        default: throw GLPKError(code: code)
        }
    }

    func integerValue(_ column: Int) -> Double { glp_mip_col_val(pointer, Int32(column + 1)) }

    /// Writes the model in free MPS, which any solver reads.
    ///
    /// MPS has no objective sense (and GLPK's reader rejects the `OBJSENSE` extension), so a maximisation is
    /// written as the minimisation of the negated objective: every solver then finds the same optimum,
    /// negated.
    ///
    /// - Parameter integer: Whether to write every column as an integer one, whatever its kind here.
    func writeMPS(to url: URL, integer: Bool = false) throws(GLPKError) {
        let copy = glp_create_prob()
        defer { glp_delete_prob(copy) }
        // With the names: rows and columns read as the bookings and movements they stand for.
        glp_copy_prob(copy, pointer, GLP_ON)
        glp_set_obj_name(copy, "revenue")
        if integer {
            for column in stride(from: 1, through: glp_get_num_cols(copy), by: 1) { glp_set_col_kind(copy, column, GLP_IV) }
        }
        if glp_get_obj_dir(copy) == GLP_MAX {
            glp_set_obj_dir(copy, GLP_MIN)
            // Index 0 is the constant term.
            for column in 0...glp_get_num_cols(copy) { glp_set_obj_coef(copy, column, -glp_get_obj_coef(copy, column)) }
        }
        let code = url.path.withCString { glp_write_mps(copy, GLP_MPS_FILE, nil, $0) }
        guard code == 0 else { throw .cannotWrite(url.path) }
    }

    /// Whether GLPK was built with thread-local storage, so that problems may be solved on several threads at
    /// once, each problem on one thread (its environment is the thread's). Debian's build is.
    static var isThreadSafe: Bool { glp_config("TLS") != nil }

    /// Reads a model that ``writeMPS(to:)`` wrote, as a minimisation.
    static func readMPS(from url: URL) throws(GLPKError) -> GLPKProblem {
        let problem = GLPKProblem(direction: .minimize)
        let code = url.path.withCString { glp_read_mps(problem.pointer, GLP_MPS_FILE, nil, $0) }
        guard code == 0 else { throw .cannotRead(url.path) }
        return problem
    }

    private static func milliseconds(_ duration: Duration) -> Int32 {
        let (seconds, attoseconds) = duration.components
        let total = Double(seconds) * 1000 + Double(attoseconds) / 1e15
        return Int32(clamping: Int64(max(1, min(total, Double(Int32.max)))))
    }
}

/// A failure of GLPK, in words.
enum GLPKError: Error, Equatable, CustomStringConvertible {
    case emptyModel
    case timeLimit
    case cannotWrite(String)
    case cannotRead(String)
    case solverFailed(code: Int32)
    /// The task running the solve was cancelled.
    case cancelled

    init(code: Int32) {
        self = code == GLP_ETMLIM ? .timeLimit : .solverFailed(code: code)
    }

    var description: String {
        switch self {
        case .emptyModel: "the model has no rows or no columns"
        case .timeLimit: "the time limit was reached"
        case .cannotWrite(let path): "cannot write the model to \(path)"
        case .cannotRead(let path): "cannot read a model from \(path)"
        case .solverFailed(let code): "GLPK failed with code \(code)"
        case .cancelled: "the solve was cancelled"
        }
    }
}
