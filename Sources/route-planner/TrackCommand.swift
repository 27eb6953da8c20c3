import ArgumentParser
import RoutePlannerApplication

/// `route-planner track ID`: where a cargo is on its way.
struct TrackCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "track", abstract: "Show where a cargo is: routing and transport status, last location and voyage, next activity, ETA.")

    @Argument(help: "The cargo's tracking id.") var trackingId: String
    @OptionGroup var schedule: ScheduleOptions
    @OptionGroup var store: StoreOptions
    @Option(help: "Output format: table, json or csv (the row cargo --format csv writes).") var format: OutputFormat = .table

    func validate() throws {
        if format == .dcsa { throw ValidationError("--format: tracking is written as table, json or csv.") }
    }

    func run() async throws {
        let coordinator = try schedule.composition(store: store.store).trackCargo
        try show(await coordinator(TrackCargoForm(trackingId: trackingId)), flags: ["trackingId": "tracking-id"]) { cargo in
            if format == .json { return print(json(cargo)) }
            if format == .csv { return print(CSVReport.cargo([cargo])) }
            var lines = [
                "Cargo \(cargo.trackingId): \(cargo.size), \(cargo.route), \(cargo.window)",
                "Status:      \(cargo.status) (\(cargo.routingStatus), \(cargo.transportStatus))",
                "Last seen:   \([cargo.lastKnownLocation, cargo.currentVoyage.map { "aboard \($0)" }].compactMap { $0 }.joined(separator: ", ").nilIfEmpty ?? "-")",
                "Next:        \(cargo.nextExpectedActivity ?? "-")",
                "ETA:         \(cargo.estimatedTimeOfArrival ?? "-")",
            ]
            if let itinerary = cargo.itinerary {
                lines += ["Itinerary:   \(itinerary.route), \(itinerary.departure) → \(itinerary.arrival), \(itinerary.slack)"]
                lines += itinerary.legs.map { "  " + $0 }
            }
            if !cargo.events.isEmpty { lines += ["Events:"] + cargo.events.map { "  " + $0 } }
            print(lines.joined(separator: "\n"))
        }
    }
}

extension String {
    var nilIfEmpty: String? { isEmpty ? nil : self }
}
