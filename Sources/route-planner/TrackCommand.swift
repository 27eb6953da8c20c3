import ArgumentParser
import RoutePlannerApplication
import RoutePlannerPictures

/// `route-planner track ID`: where a cargo is on its way.
struct TrackCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "track", abstract: "Show where a cargo is: routing and transport status, last location and voyage, next activity, ETA.")

    @Argument(help: "The cargo's tracking id.") var trackingId: String
    @OptionGroup var schedule: ScheduleOptions
    @OptionGroup var store: StoreOptions
    @Option(help: "Output format: table, json, csv (the row cargo --format csv writes), svg (the itinerary on a time line with the handling events) or html (a page with the status, the time line, the map and the events).")
    var format: OutputFormat = .table

    func validate() throws {
        if format == .dcsa { throw ValidationError("--format: tracking is written as table, json, csv, svg or html.") }
    }

    func run() async throws {
        let app = try schedule.composition(store: store.store)
        let coordinator = app.trackCargo
        if format.isPicture {
            let result = await coordinator.controller.handle(TrackCargoForm(trackingId: trackingId))
            if case .success(let response) = result {
                guard format == .html else { return print(TrackingPictures.timeline(response).svgDocument, terminator: "") }
                let locations = (try? await app.locations.locations()) ?? []
                return print(TrackingPictures.page(response, locations: locations, presenter: coordinator.presenter), terminator: "")
            }
            return try show(coordinator.presenter.present(result), flags: ["trackingId": "tracking-id"]) { _ in }
        }
        try show(await coordinator(TrackCargoForm(trackingId: trackingId)), flags: ["trackingId": "tracking-id"]) { cargo in
            if format == .json { return print(json(cargo)) }
            if format == .csv { return print(CSVReport.cargo([cargo])) }
            var lines = [
                "Cargo \(cargo.trackingId): \(cargo.size), \(cargo.route), \(cargo.window)",
                "Status:      \(cargo.status) (\(cargo.routingStatus), \(cargo.transportStatus))",
            ]
            if let advice = cargo.advice {
                let command = cargo.status == "claimed" ? "" : " (route-planner reroute \(cargo.trackingId))"
                lines += ["To do:       \(advice)\(command)"]
            }
            lines += [
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
