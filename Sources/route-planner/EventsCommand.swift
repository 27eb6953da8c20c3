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
        abstract: "Apply carriers' events to the store's schedule and cargo, list the cargo they disrupt, and accept their options.",
        subcommands: [Apply.self, Disrupted.self, Accept.self])

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
                where it is, under the capacity the other cargo hold, best first, kept as its offer (assign-route takes one; \
                a cargo that --accept best routes has spent its options). \
                Examples: route-planner events apply examples/events/feed.json --store demo.sqlite --accept best; \
                route-planner events apply examples/events/schedule-update.json --store demo.sqlite
                """)

        @Argument(help: "The events, or a vessel-schedules document: a JSON file.") var file: String
        @OptionGroup var schedule: ScheduleOptions
        @OptionGroup var store: StoreOptions
        @Option(
            help:
                "best: assign each cargo this batch disrupts its best option, recorded as the event feed's change (not the cargo disrupted before it: events accept takes those)."
        ) var accept = ""
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

extension EventsCommand {
    /// `route-planner events disrupted`: the cargo the store's schedule disrupts, as the desk's disruptions screen lists them.
    struct Disrupted: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List the cargo the schedule as it now sails disrupts, each with what disrupts it, its ETA, delay, standing and options.",
            discussion: """
                Each disrupted cargo is listed with what disrupts it, by how much it misses and the calls that moved; when it was \
                planned to arrive and now arrives; its delay; how it stands against its deadline (late, at risk or fine, at \
                --as-of); and the options it was last offered, each beside its plan. events accept takes them. \
                Example: route-planner events disrupted --store demo.sqlite --standing late
                """)

        @OptionGroup var schedule: ScheduleOptions
        @OptionGroup var store: StoreOptions
        @Option(help: "Only the cargo that stand so against their deadlines: late, at-risk or fine.") var standing = ""
        @Option(help: "Business time that the standings read, a date or a date-time with a zone (default: now).") var asOf: String?
        @Option(help: "Output format: table, or json (data only: docs/schemas/disruptions.schema.json).") var format: OutputFormat = .table

        func validate() throws {
            try DisruptedRendering.check(format)
            try BookCommand.check(asOf: asOf)
        }

        func run() async throws {
            let asOf = self.asOf.flatMap(BookCommand.date)
            let app = try await schedule.composition(store: store, now: { asOf ?? Date() })
            try await DisruptedRendering().run(app.listDisruptions, ListDisruptionsForm(standing: standing), as: format)
        }
    }

    /// `route-planner events accept`: the options chosen for disrupted cargo, previewed, or assigned with `--confirm`.
    struct Accept: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Accept options for disrupted cargo: see what would change, then assign them with --confirm.",
            discussion: """
                Each CHOICE is a tracking id, alone for its best option from where it is, or with =N for option N of the options \
                it was last offered (events disrupted lists them) or =RP-… for the option with that reference. With --standing, \
                every disrupted cargo that stands so against its deadline takes its best option too. The options are searched \
                again on the schedule as it now sails, under the room the other cargo take; a cargo whose option is no longer \
                among them is left as it is, and says why. Without --confirm nothing is written; the preview prints, for each \
                cargo, the choice to confirm that takes exactly the option shown. \
                Example: route-planner events accept RP000003=2 --store demo.sqlite --confirm
                """)

        @Argument(help: "The cargo and their options: RP000001, RP000001=2 or RP000001=RP-….") var choices: [String] = []
        @OptionGroup var schedule: ScheduleOptions
        @OptionGroup var store: StoreOptions
        @Option(help: "Every disrupted cargo that stands so against its deadline takes its best option: late, at-risk or fine.") var standing = ""
        @Flag(help: "Assign the options; without it, only say what would change.") var confirm = false
        @Option(help: "Business time that --standing reads, a date or a date-time with a zone (default: now).") var asOf: String?
        @Option(help: "Output format: table, or json (data only: docs/schemas/accept.schema.json).") var format: OutputFormat = .table

        func validate() throws {
            try AcceptRendering.check(format)
            try BookCommand.check(asOf: asOf)
        }

        func run() async throws {
            let asOf = self.asOf.flatMap(BookCommand.date)
            let app = try await schedule.composition(store: store, now: { asOf ?? Date() })
            try await AcceptRendering().run(app.acceptOptions, AcceptOptionsForm(choices: choices, standing: standing, confirm: confirm), as: format)
        }
    }
}

extension ListDisruptionsForm.Field: CommandLineField {}

extension AcceptOptionsForm.Field: CommandLineField {
    var isArgument: Bool { self == .choices }
}

/// The disrupted cargo, as `events disrupted` writes them.
struct DisruptedRendering: Rendering {
    typealias Interactor = ListDisruptionsInteractor
    typealias Presenter = ListDisruptionsPresenter

    static let formats: [OutputFormat] = [.table, .json]
    static let subject = "disrupted cargo"

    func text(_ response: ListDisruptionsResponse, as format: OutputFormat, presenter: ListDisruptionsPresenter) async throws -> String {
        if format == .json { return CargoDocument.json(response) + "\n" }
        let view = presenter.content(for: response)
        var out = [view.summary]
        for cargo in view.cargo {
            out.append("")
            out.append("Cargo \(cargo.tracking.trackingId) (\(cargo.tracking.route), \(cargo.tracking.size)): \(cargo.disruption)")
            out.append("  planned to arrive \(cargo.plannedArrival); now \(cargo.estimatedArrival); delay: \(cargo.delay)")
            if let standing = cargo.tracking.standing { out.append("  against the deadline: \(standing)") }
            if let current = cargo.current { out.append("  current route: \(current.route), arriving \(current.arrival)") }
            for (index, option) in cargo.options.enumerated() {
                out.append("  \(index + 1). \(option.itinerary.route), arrives \(option.itinerary.arrival): \(option.change)")
                out += option.itinerary.legs.map { "       \($0)" }
            }
            if cargo.options.isEmpty { out.append("  no options yet: events accept \(cargo.tracking.trackingId) finds its best") }
        }
        return lines(out)
    }
}

/// What accepting options did, or would do, as `events accept` writes it.
struct AcceptRendering: Rendering {
    typealias Interactor = AcceptOptionsInteractor
    typealias Presenter = AcceptOptionsPresenter

    static let formats: [OutputFormat] = [.table, .json]
    static let subject = "accepted options"

    func text(_ response: AcceptOptionsResponse, as format: OutputFormat, presenter: AcceptOptionsPresenter) async throws -> String {
        if format == .json { return CargoDocument.json(response, format: presenter.format) + "\n" }
        let view = presenter.content(for: response)
        var out = [view.summary]
        for cargo in view.cargo {
            if let change = cargo.change {
                out.append("\(cargo.cargo): \(cargo.option), \(change)\(cargo.standing.map { "; against the deadline, \($0)" } ?? "")")
            } else {
                out.append("\(cargo.cargo): left as \(response.confirmed ? "it was" : "it is"): \(cargo.reason ?? "")")
            }
        }
        if !response.confirmed, !response.rerouted.isEmpty {
            out.append("")
            out.append(
                "To assign exactly these, run events accept again with --confirm and: \(view.cargo.map { AcceptOptionsPresenter.confirmation($0.entry) }.joined(separator: " "))"
            )
        }
        return lines(out)
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
                "Cargo \(cargo.cargo.trackingId) (\(cargo.cargo.route), \(cargo.cargo.size))\(cargo.disruptedBefore ? ", disrupted before this batch" : ""): "
                    + "\(cargo.disruption); planned to arrive \(cargo.plannedArrival)")
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
