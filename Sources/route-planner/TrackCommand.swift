import Foundation
import ArgumentParser
import RoutePlanner
import RoutePlannerApplication
import RoutePlannerFormats
import RoutePlannerPictures

/// `route-planner track ID`: where a cargo is on its way.
struct TrackCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "track", abstract: "Show where a cargo is: routing and transport status, last location and voyage, next activity, ETA.")

    @Argument(help: "The cargo's tracking id.") var trackingId: String
    @OptionGroup var schedule: ScheduleOptions
    @OptionGroup var store: StoreOptions
    @Option(
        help:
            "Output format: table, json (data only, docs/schemas/cargo.schema.json), csv (the row cargo --format csv writes), svg (the itinerary on a time line with the handling events) or html (a page with the status, the time line, the map and the events)."
    )
    var format: OutputFormat = .table
    @Option(help: "Business time that the standing against the deadline is read at, a date or a date-time with a zone (default: now).")
    var asOf: String?

    func validate() throws {
        try TrackRendering.check(format)
        try BookCommand.check(asOf: asOf)
    }

    func run() async throws {
        let asOf = self.asOf.flatMap(BookCommand.date)
        let app = try await schedule.composition(store: store, now: { asOf ?? Date() })
        try await TrackRendering(locations: app.locations)
            .run(app.trackCargo, TrackCargoForm(trackingId: trackingId), as: format)
    }
}

/// A cargo's delivery progress, as `track` writes it.
struct TrackRendering: Rendering {
    typealias Interactor = TrackCargoInteractor
    typealias Presenter = TrackCargoPresenter

    static let formats: [OutputFormat] = [.table, .json, .csv, .svg, .html]
    static let subject = "tracking"
    /// Where the page's map finds the ports.
    let locations: any LocationRepository

    func text(_ response: TrackCargoResponse, as format: OutputFormat, presenter: TrackCargoPresenter) async throws -> String {
        switch format {
        case .json: return CargoDocument.json(response) + "\n"
        case .csv: return CargoDocument.csv([response.cargo]) + "\n"
        case .svg: return TrackingPictures.timeline(response).svgDocument
        case .html: return TrackingPictures.page(response, locations: (try? await locations.locations()) ?? [], presenter: presenter)
        case .table, .dcsa: break
        }
        let cargo = presenter.content(for: response)
        var table = [
            "Cargo \(cargo.trackingId): \(cargo.size), \(cargo.route), \(cargo.window)",
            "Status:      \(cargo.status) (\(cargo.routingStatus), \(cargo.transportStatus))",
        ]
        if let advice = cargo.advice {
            let command = response.cargo.delivery.status == .claimed ? "" : " (route-planner reroute \(cargo.trackingId))"
            table += ["To do:       \(advice)\(command)"]
        }
        table += [
            "Last seen:   \([cargo.lastKnownLocation, cargo.currentVoyage.map { "aboard \($0)" }].compactMap { $0 }.joined(separator: ", ").nilIfEmpty ?? "-")",
            "Next:        \(cargo.nextExpectedActivity ?? "-")",
            "ETA:         \(cargo.estimatedTimeOfArrival ?? "-")" + (cargo.delay.map { ", \($0)" } ?? ""),
        ]
        if let standing = cargo.standing { table += ["Deadline:    \(standing)"] }
        if let schedule = cargo.schedule { table += ["Schedule:    \(schedule)"] }
        if let rerouted = cargo.rerouted { table += ["Re-routed:   \(rerouted)"] }
        if let itinerary = cargo.itinerary {
            table += ["Itinerary:   \(itinerary.route), \(itinerary.departure) → \(itinerary.arrival), \(itinerary.slack)"]
            table += itinerary.legs.map { "  " + $0 }
        }
        if !cargo.events.isEmpty { table += ["Events:"] + cargo.events.map { "  " + $0 } }
        if !cargo.changes.isEmpty { table += ["Changes:"] + cargo.changes.map { "  " + $0 } }
        return lines(table)
    }
}

extension String {
    var nilIfEmpty: String? { isEmpty ? nil : self }
}
