import ArgumentParser
import Foundation
import RoutePlanner
import RoutePlannerApplication
import RoutePlannerFormats

/// `route-planner events apply FILE`: carriers' DCSA Track & Trace events, or voyages published again, applied to the
/// store's live schedule.
struct EventsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "events",
        abstract: "Apply carriers' DCSA Track & Trace 2.2 events, or voyages published again, to the store's schedule and cargo.",
        subcommands: [Apply.self])

    struct Apply: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Apply a file of events: the schedule's new times, the cargo handled, and each disrupted cargo's options.",
            discussion: """
                FILE is a JSON array of DCSA Track & Trace 2.2 events, as GET /v2/events answers and a subscription's callback \
                posts them. Transport events (ARRI, DEPA; PLN, EST, ACT) move the times of the store's schedule, which every \
                command over the store then routes on; actual equipment events (GTIN, LOAD, DISC, GTOT) naming a booking \
                (a BKG document reference) register that cargo's handling. A bad event is refused at its JSON path, the rest \
                applied; an event applied before changes nothing. FILE may instead be a DCSA Commercial Schedules 1.0.3 \
                vessel-schedules document (an array of service schedules): each voyage it lists is published again, its calls \
                replacing the voyage's, so a call it no longer lists is omitted (a document with an error publishes nothing). \
                Then every open cargo whose itinerary the schedule now \
                disrupts (a missed connection or departure, a late arrival, a leg that no longer sails) gets its options from \
                where it is, under the capacity the other cargo hold, best first, kept as its offer (assign-route takes one). \
                Examples: route-planner events apply examples/events/feed.json --store demo.sqlite --accept best; \
                route-planner events apply examples/events/schedule-update.json --store demo.sqlite
                """)

        @Argument(help: "The events, or a vessel-schedules document: a JSON file.") var file: String
        @OptionGroup var schedule: ScheduleOptions
        @OptionGroup var store: StoreOptions
        @Option(help: "best: assign each disrupted cargo its best option, recorded as the event feed's change.") var accept = ""
        @Option(name: .customShort("k"), help: "The most options per disrupted cargo, from 1 to 50.") var limit = "3"
        @Option(help: "Output format: table, or json (data only: docs/schemas/events.schema.json).") var format: OutputFormat = .table

        func validate() throws {
            try EventsRendering.check(format)
        }

        func run() async throws {
            let data: Data
            do {
                data = try Data(contentsOf: URL(fileURLWithPath: file))
            } catch {
                printError("error: \(file): \((error as NSError).localizedFailureReason ?? "it cannot be read")")
                throw ExitCode.failure
            }
            let app = try await schedule.composition(store: store)
            let form = ApplyCarrierEventsForm(
                events: CarrierEventsDocument(reading: data), source: URL(fileURLWithPath: file).lastPathComponent, accept: accept, limit: limit)
            try await EventsRendering().run(app.applyCarrierEvents, form, as: format)
        }
    }
}

extension ApplyCarrierEventsForm.Field: CommandLineField {
    var flag: String {
        switch self {
        case .events: "file"
        case .accept: "accept"
        case .limit: "k"
        }
    }

    var isArgument: Bool { self == .events }
}

/// What a batch of events did, as `events apply` writes it.
struct EventsRendering: Rendering {
    typealias Interactor = ApplyCarrierEventsInteractor
    typealias Presenter = ApplyCarrierEventsPresenter

    static let formats: [OutputFormat] = [.table, .json]
    static let subject = "what events did"

    func text(_ response: ApplyCarrierEventsResponse, as format: OutputFormat, presenter: ApplyCarrierEventsPresenter) async throws -> String {
        if format == .json { return CargoDocument.json(response) + "\n" }
        let view = presenter.content(for: response)
        var out = [view.summary]
        out += view.republished.map { "published again: \($0)" }
        out += view.refused.map { "refused: \($0)" }
        out += view.setAside.map { "set aside: \($0)" }
        out.append(view.cargoSummary)
        for cargo in view.disrupted {
            out.append("")
            out.append(
                "Cargo \(cargo.cargo.trackingId) (\(cargo.cargo.route), \(cargo.cargo.size)): \(cargo.disruption); planned to arrive \(cargo.plannedArrival)")
            if let from = cargo.from { out.append("  options \(from):") }
            for (index, option) in cargo.options.enumerated() {
                out.append(
                    "  \(index + 1). \(option.itinerary.route), arrives \(option.itinerary.arrival): \(option.change)\(option.accepted ? " (assigned)" : "")")
                out += option.itinerary.legs.map { "       \($0)" }
            }
            if let problem = cargo.problem { out.append("  \(problem)") }
        }
        return lines(out)
    }
}
