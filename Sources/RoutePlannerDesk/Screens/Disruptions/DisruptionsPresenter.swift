import RoutePlanner
import RoutePlannerApplication
import RoutePlannerPictures

/// Draws the disruptions screen from its use cases' states: the disrupted cargo listed, what accepting the options
/// chosen would change or changed, the cargo asked for drawn beside its options, the counts a batch's address carries, and a batch sent that was not applied. A pure
/// function of its input.
struct DisruptionsPresenter {
    /// What a batch of events did, as the screen after it says, from the counts its address carries.
    static let appliedCounts = [
        "count", "applied", "appliedBefore", "handled", "refused", "setAside", "disrupted", "publishedVoyages", "republished", "disruptedBefore",
    ]
    /// The prefix of each cargo's choice in the list's form: `choose-RP000001=2`.
    static let choicePrefix = "choose-"

    /// The query's name for the cargo whose route and options are drawn: `compare=RP000001`.
    static let compare = "compare"

    /// The screen's view model.
    ///
    /// - Parameters:
    ///   - state: The disruptions listed.
    ///   - accept: What accepting the options chosen would change or changed, when it was asked for.
    ///   - query: The screen's address: the standing listed, the choices, the cargo to draw, a batch's counts.
    ///   - values: The events form's input, and `problems` why a batch sent was not applied.
    ///   - locations: The ports the pictures place the cargo's calls at.
    func present(
        _ state: DeskState<DisruptionsView>, accept: DeskState<AcceptOptionsView>?, query: FormData, values: FormData, problems: FormProblems = FormProblems(),
        locations: [Location] = []
    ) -> DisruptionsViewModel {
        var cargo: [DisruptionsViewModel.Cargo] = [], events: ([String], Int)?, publications: ([String], Int)?, listFailure: String?, summary: String?
        var compared: DisruptionsViewModel.Compared?
        let standing = query["standing"], select = query["select"], comparing = query[Self.compare].trimmingCharacters(in: .whitespaces)
        switch state {
        case .success(let view):
            summary = view.summary
            if !comparing.isEmpty { compared = Self.compared(comparing, in: view, locations: locations) }
            cargo = view.cargo.map { each in
                let id = each.tracking.trackingId.rawValue
                let chosen =
                    query.contains(Self.choicePrefix + id)
                    ? query[Self.choicePrefix + id]
                    : !select.isEmpty && each.entry.standing.map { ListCargoRequest.formValue($0.rawValue) } == select && !each.options.isEmpty ? "1" : ""
                return DisruptionsViewModel.Cargo(
                    trackingId: id, onCargo: .cargo(each.tracking.trackingId, FormData()),
                    canCompare: !each.options.isEmpty && each.entry.cargo.itinerary != nil,
                    customer: each.entry.cargo.customerId.map { $0.rawValue } ?? "", route: each.tracking.route, disruption: each.disruption,
                    plannedArrival: each.plannedArrival, estimatedArrival: each.estimatedArrival, delay: each.delay,
                    standing: each.tracking.standing ?? "", current: each.current.map(Self.describe) ?? "",
                    options: each.options.enumerated().map { index, option in
                        (String(index + 1), "Option \(index + 1): \(Self.describe(option.itinerary)); \(option.change)")
                    },
                    chosen: chosen)
            }
            events = (view.events, view.response.eventCount)
            publications = (view.publications, view.response.publicationCount)
        case .validationFailure(let fields): listFailure = fields.values.sorted().joined(separator: " ")
        case .failure(let failure): listFailure = failure.message
        case .idle, .loading: break
        }
        let filters = [("All", ""), ("Late", "late"), ("At risk", "at-risk"), ("Fine", "fine")].map { label, value in
            DisruptionsViewModel.Link(
                label: label, route: .disruptions(value.isEmpty ? FormData() : FormData([("standing", value)])), isCurrent: value == standing)
        }
        let quickChoices = [("Choose the best option of every late cargo", "late"), ("Choose the best option of every cargo at risk", "at-risk")].map {
            label, value in
            DisruptionsViewModel.Link(
                label: label, route: .disruptions(FormData((standing.isEmpty ? [] : [("standing", standing)]) + [("select", value)])),
                isCurrent: value == select)
        }
        return DisruptionsViewModel(
            applied: Self.appliedSummary(query), summary: summary, filters: filters, quickChoices: quickChoices, cargo: cargo, standing: standing,
            chooseErrors: accept?.fieldErrors ?? [:], accept: accept.flatMap(Self.accept), compared: compared,
            events: events.map { (shown: $0.0, total: $0.1) },
            publications: publications.map { (shown: $0.0, total: $0.1) }, listFailure: listFailure, values: values, problems: problems)
    }

    /// The cargo `trackingId` names drawn beside its options; a note instead when it is not listed or has no options.
    static func compared(_ trackingId: String, in view: DisruptionsView, locations: [Location]) -> DisruptionsViewModel.Compared {
        guard let each = view.cargo.first(where: { $0.tracking.trackingId.rawValue.caseInsensitiveCompare(trackingId) == .orderedSame }) else {
            return .init(
                trackingId: trackingId, onCargo: nil, figures: [],
                note: "\(trackingId) is not among the disrupted cargo listed: it may have been re-routed, or stand otherwise against its deadline.")
        }
        let id = each.tracking.trackingId
        guard let route = each.entry.cargo.itinerary, let offer = each.entry.offer, !offer.itineraries.isEmpty else {
            return .init(
                trackingId: id.rawValue, onCargo: .cargo(id, FormData()), figures: [], note: "\(id) has no options to draw yet: find them on its screen.")
        }
        let pictures = RoutePictures.beside(
            id, specification: each.entry.cargo.specification, route: route, options: offer.itineraries, locations: locations)
        return .init(
            trackingId: id.rawValue, onCargo: .cargo(id, FormData()),
            figures: [
                (pictures.timeline, "Its route as planned (\"route\") above its options, numbered as listed: each leg's sailing, and the waits between them."),
                (pictures.map, "Its route and its options on a map of their ports."),
            ], note: nil)
    }

    /// "CNSHA → SGSIN → NLRTM on WS15-W09 and AE1-0102W, arriving Tue 10 Mar 2026, 08:00 UTC, USD 350.00 per TEU, 1,230 kg
    /// CO2e per TEU".
    static func describe(_ itinerary: ItineraryViewModel) -> String {
        let voyages = itinerary.itinerary.legs.map(\.voyage.number.rawValue)
        let on = voyages.count == 1 ? voyages[0] : voyages.dropLast().joined(separator: ", ") + " and " + voyages.last!
        return ([itinerary.route + " on " + on + ", arriving " + itinerary.arrival] + [itinerary.handlingCost, itinerary.co2e].compactMap { $0 })
            .joined(separator: ", ")
    }

    /// The choices a list's form sent, each as ``AcceptOptionsForm/choices`` reads it: `RP000001=2`; a cargo left as it
    /// is sends none.
    static func choices(_ query: FormData) -> [String] {
        query.items.compactMap { name, value in
            guard name.hasPrefix(choicePrefix), !value.trimmingCharacters(in: .whitespaces).isEmpty else { return nil }
            return "\(name.dropFirst(choicePrefix.count))=\(value)"
        }
    }

    /// The preview or the result of accepting options, from its state; `nil` for field errors, which the list's form
    /// shows.
    static func accept(_ state: DeskState<AcceptOptionsView>) -> DisruptionsViewModel.Accept? {
        switch state {
        case .success(let view):
            let confirmed = view.response.confirmed
            return DisruptionsViewModel.Accept(
                heading: confirmed ? "What changed" : "What will change", summary: view.summary,
                rows: view.cargo.map { cargo in
                    [cargo.cargo, cargo.option, cargo.change ?? "left as it is", cargo.standing ?? cargo.reason ?? ""]
                },
                confirm: confirmed || view.response.rerouted.isEmpty ? nil : view.cargo.map { AcceptOptionsPresenter.confirmation($0.entry) },
                failure: nil)
        case .failure(let failure):
            return DisruptionsViewModel.Accept(heading: "What will change", summary: "", rows: [], confirm: nil, failure: failure.message)
        case .idle, .loading, .validationFailure: return nil
        }
    }

    /// "316 events: 312 applied to the schedule; 4 handlings registered; 1 cargo disrupted.", from the address's counts;
    /// `nil` when it carries none (or not whole numbers).
    static func appliedSummary(_ query: FormData) -> String? {
        var counts: [String: Int] = [:]
        for name in appliedCounts {
            guard let value = Int(query[name]), value >= 0 else { return nil }
            counts[name] = value
        }
        func plural(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }
        var parts: [String]
        if counts["count"]! == 0 && counts["publishedVoyages"]! > 0 {
            // A vessel-schedules document, which publishes voyages again and has no events.
            parts = ["\(plural(counts["publishedVoyages"]!, "voyage")) published again: \(counts["republished"]!) changed the schedule"]
            if counts["appliedBefore"]! > 0 { parts.append("\(counts["appliedBefore"]!) as published before") }
        } else {
            parts = ["\(plural(counts["count"]!, "event")): \(counts["applied"]!) applied to the schedule"]
            if counts["appliedBefore"]! > 0 { parts.append("\(counts["appliedBefore"]!) applied before") }
        }
        if counts["handled"]! > 0 { parts.append("\(plural(counts["handled"]!, "handling")) registered") }
        if counts["refused"]! > 0 { parts.append("\(counts["refused"]!) refused (route-planner events apply names each)") }
        if counts["setAside"]! > 0 { parts.append("\(counts["setAside"]!) set aside") }
        let (disrupted, before) = (counts["disrupted"]!, counts["disruptedBefore"]!)
        let cargo = before > 0 ? "\(disrupted) cargo disrupted: \(disrupted - before) by this batch, \(before) before it" : "\(disrupted) cargo disrupted"
        return parts.joined(separator: "; ") + "; \(cargo)."
    }
}
