import ArgumentParser
import RoutePlannerApplication

/// `route-planner network`: what the loaded network holds.
struct NetworkCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "network", abstract: "Summarise the loaded network: ports, voyages, movements, dates and capacity.")

    @OptionGroup var schedule: ScheduleOptions

    func run() async throws {
        try show(await schedule.composition().summarizeNetwork(SummarizeNetworkForm())) { print($0.lines.joined(separator: "\n")) }
    }
}
