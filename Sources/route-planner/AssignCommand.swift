import ArgumentParser
import Foundation
import RoutePlanner
import RoutePlannerApplication
import RoutePlannerAssignment

/// `route-planner assign`: every booking an itinerary under the capacities, with GLPK.
struct AssignCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "assign",
        abstract: "Assign every booking an itinerary under the TEU capacity of each voyage leg, maximising revenue.",
        discussion: "Prints one line per booking (its itinerary, or why it is not carried), then the totals and the busiest legs.")

    @OptionGroup var schedule: ScheduleOptions

    @OptionGroup(title: "What if") var whatIf: ScenarioOptions

    @Option(help: "The bookings CSV file. Default: the bundled sample bookings (with the bundled network only).")
    var bookings: String?

    @Option(help: "Seconds the solve may take, 1 to 3600.")
    var timeLimit = "60"

    @Option(help: "The relative gap to stop at: a fraction (0.005) or a percentage (0.5%).")
    var gap = "0.01%"

    @Option(help: "Write the integer program to this file in MPS, for any other solver to check.")
    var modelMPS = ""

    func validate() throws {
        if schedule.schedule != nil && bookings == nil {
            throw ValidationError("--bookings is needed with --schedule and --locations.")
        }
    }

    @Option(help: "Also write the assignment as CSV, one row per booking: booking,teu,carried,voyages,departure,arrival,reason.")
    var output: String?

    @Flag(help: "Solve without the what-if flags too, and show the bookings that lose their route and the revenue lost.")
    var compare = false

    func run() async throws {
        let app = schedule.composition(bookings: bookings, scenario: try whatIf.scenario())
        // Progress goes to a terminal only; a pipe or a file stays quiet.
        var progress: (@Sendable (String) -> Void)?
        if isatty(STDERR_FILENO) == 1 { progress = { @Sendable line in printError(line) } }
        let result = await app.assignRoutes(progress: progress).controller.assign(timeLimit: timeLimit, gap: gap, modelFile: modelMPS)
        switch app.assignRoutes.presenter.present(result) {
        case .success(let report):
            print((report.bookings + [""] + report.totals + ["", "Busiest legs:"] + report.busiestLegs.map { "  " + $0 }).joined(separator: "\n"))
        case .validationFailure(let fields):
            for (field, message) in fields.sorted(by: { $0.key < $1.key }) {
                printError("error: --\(field == "timeLimit" ? "time-limit" : field): \(message)")
            }
            throw ExitCode(64)
        case .failure(let message):
            printError("error: \(message)")
            throw ExitCode.failure
        case .idle, .loading:
            break
        }
        guard case .success(let response) = result else { return }
        if let output {
            try Self.csv(response.plan).write(toFile: output, atomically: true, encoding: .utf8)
        }
        if compare {
            let baseline = await schedule.composition(bookings: bookings).assignRoutes.controller.assign(timeLimit: timeLimit, gap: gap)
            guard case .success(let before) = baseline else { return }
            let carriedBefore = Set(before.plan.carried.map(\.booking.id))
            let lost = response.plan.assignments.filter { $0.itinerary == nil && carriedBefore.contains($0.booking.id) }
            print("", "Compared with the schedule as it is:",
                  "  revenue \(String(format: "%.0f", before.plan.revenue)) → \(String(format: "%.0f", response.plan.revenue)) (\(String(format: "%+.0f", response.plan.revenue - before.plan.revenue)))",
                  "  \(lost.count) booking\(lost.count == 1 ? "" : "s") lose their route\(lost.isEmpty ? "" : ": " + lost.map(\.booking.id).joined(separator: ", "))",
                  separator: "\n")
        }
    }

    /// One row per booking, in the order of the bookings.
    static func csv(_ plan: AssignmentPlan) -> String {
        var lines = ["booking,teu,carried,voyages,departure,arrival,reason"]
        for assignment in plan.assignments {
            let id = CSVWriter.field(assignment.booking.id)
            if let itinerary = assignment.itinerary {
                lines.append("\(id),\(assignment.booking.teu),yes,\(itinerary.legs.map(\.voyage.number.rawValue).joined(separator: " ")),"
                    + "\(RouteOutput.timestamp(itinerary.departureTime)),\(RouteOutput.timestamp(itinerary.arrivalTime)),")
            } else {
                let reason = switch assignment.reason {
                case .noItinerary?: "no itinerary by the deadline"
                case .capacity(let legs)?: "capacity: " + legs.map { "\($0.voyage) \($0.from)-\($0.to)" }.joined(separator: " ")
                case nil: ""
                }
                lines.append("\(id),\(assignment.booking.teu),no,,,,\(reason)")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
