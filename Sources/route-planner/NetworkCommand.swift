import ArgumentParser
import Foundation
import RoutePlanner

/// `route-planner network`: what the loaded network holds.
struct NetworkCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "network", abstract: "Summarise the loaded network: ports, voyages, movements, dates and capacity.")

    @OptionGroup var schedule: ScheduleOptions

    func run() async throws {
        let network: ScheduleNetwork
        do {
            network = try await schedule.composition().voyages.network()
        } catch {
            printError(String(describing: error))
            throw ExitCode.failure
        }
        let movements = (0..<network.movementCount).map { network.movement(.init($0)) }
        let capacities = movements.map(\.capacity).filter { $0 < Int(Int32.max) }
        func day(_ date: Date?) -> String { date.map { String(CSVWriter.timestamp($0).prefix(10)) } ?? "-" }
        let busiest = Dictionary(grouping: movements, by: \.departureLocation).mapValues(\.count)
            .sorted { ($1.value, $0.key) < ($0.value, $1.key) }.prefix(5)
        print("""
            Ports:      \(network.locations.count)
            Voyages:    \(network.voyageCount)
            Movements:  \(network.movementCount)
            Dates:      \(day(network.sailingSpan?.lowerBound)) to \(day(network.sailingSpan?.upperBound))
            Capacity:   \(capacities.isEmpty ? "unlimited" : "\(capacities.min()!) to \(capacities.max()!) TEU per movement")\(capacities.count < movements.count ? " (\(movements.count - capacities.count) unlimited)" : "")
            Busiest:    \(busiest.map { "\($0.key) (\(network.location($0.key)!.name), \($0.value) departures)" }.joined(separator: ", "))
            """)
    }
}
