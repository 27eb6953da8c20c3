import ArgumentParser
import Foundation
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

    func run() async throws {
        let state = await schedule.composition(bookings: bookings, scenario: try whatIf.scenario()).assignRoutes.assign(timeLimit: timeLimit, gap: gap, modelFile: modelMPS)
        switch state {
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
    }
}
