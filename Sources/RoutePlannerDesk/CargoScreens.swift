import Foundation
import RoutePlanner
import RoutePlannerApplication
import RoutePlannerPictures

/// What a cargo's screen shows: where it is, its route, the options it may take, and the forms that change it,
/// each with its own problems.
struct CargoViewModel {
    let tracking: CargoTrackingView
    /// The options last found, each with the value that assigns it.
    let options: [(option: ItineraryViewModel, candidate: String)]
    /// The picture of its progress along its route.
    let timeline: Picture?
    /// The event form's input before anything is sent: the next expected activity, which is what a planner
    /// registers most often.
    let expected: FormData
    /// What the last change did.
    let notice: String?
    /// The form a change was sent from, with its input and its problems, or its failure in words.
    let submitted: (form: String, values: FormData, state: DeskState<String>)?
    let onFindOptions: DeskAction
    let onAssign: DeskAction
    /// Where the event form is sent; `nil` for a user who may not register events (a customer's), who has no form.
    let onRegisterEvent: DeskAction?
    let onChangeDestination: DeskAction
    let onReroute: DeskAction
    /// Where the booking's cancellation is sent; `nil` once the cargo is loaded or the booking cancelled, when there is
    /// nothing to cancel.
    let onCancel: DeskAction?
}

extension Desk {
    /// The notices a change leaves for the screen it goes on to: known words only, never text from the query.
    static let notices = [
        "booked": "Booked. Find its options to route it.", "options": "The options are found: assign one to route the cargo.",
        "routed": "The route is assigned.", "event": "The handling event is registered.",
        "destination": "The destination is changed: find options to route it there.",
        "rerouted": "Re-routed: the new options are below.", "registered": "The customer is registered.",
        "cancelled": "The booking is cancelled and its route released; the cargo is no longer listed.",
    ]

    /// `/cargo`: the booked cargo, filtered by status and customer, a page at a time.
    func cargoList(_ query: FormData) async -> DeskResponse {
        typealias Field = ListCargoForm.Field
        let page = query[Field.page].trimmingCharacters(in: .whitespaces).isEmpty ? "1" : query[Field.page].trimmingCharacters(in: .whitespaces)
        let (listed, result) = await composition().listCargo.respond(ListCargoForm(status: query[Field.status], customer: query[Field.customer], page: page))
        let state = listed.named
        let response = try? result.get()
        var content: [Markup] = [
            DeskForm(
                id: "filter", target: .screen(.cargoList(FormData())),
                // A customer's user sees its own customer's cargo alone: a customer to filter by would mean nothing.
                fields: [
                    .init(
                        Field.status, "Status",
                        kind: .choice(
                            [("", "Any")]
                                + ListCargoRequest.listedStatuses.map { ($0.rawValue.replacingOccurrences(of: " ", with: "-"), $0.rawValue.capitalized) }))
                ] + (session.principal.customerId == nil ? [.init(Field.customer, "Customer", hint: "A customer's id; blank for every customer.")] : []),
                values: query, errors: state.fieldErrors, submit: "Filter"
            ).markup()
        ]
        switch state {
        case .success(let cargo) where cargo.isEmpty && page == "1":
            content.append(
                DeskViews.empty(
                    query[Field.status].isEmpty && query[Field.customer].trimmingCharacters(in: .whitespaces).isEmpty
                        ? "No cargo is booked yet." : "No cargo matches these filters.", action: DeskViews.link("Book a cargo", to: .book(FormData()))))
        case .success(let cargo):
            let number = Int(page) ?? 1
            let of = response?.total.map { " of \(($0 + ListCargoRequest.pageSize - 1) / ListCargoRequest.pageSize)" } ?? ""
            let count = response?.total.map { "\($0) cargo; " } ?? ""
            content.append(
                cargo.isEmpty
                    ? DeskViews.empty("No cargo on this page.")
                    : DeskViews.table(
                        caption: "\(count)page \(number)\(of)", ["Tracking id", "Customer", "Size", "Route", "Window", "Status", "ETA"],
                        cargo.map { view in
                            [
                                .link(view.trackingId.description, to: .cargo(view.trackingId.description, FormData())),
                                .text(view.cargo.customerId?.description ?? "—"),
                                .text(view.size), .text(view.route), .text(view.window), .text(view.status), .text(view.estimatedTimeOfArrival ?? "—"),
                            ]
                        }))
            var links: [Markup] = []
            for (label, target, shown) in [("Previous page", number - 1, number > 1), ("Next page", number + 1, response?.hasMore == true)] where shown {
                var pageQuery = FormData([(Field.status.name, query[Field.status]), (Field.customer.name, query[Field.customer])])
                pageQuery.append(Field.page, String(target))
                links.append(DeskViews.link(label, to: .cargoList(pageQuery)))
            }
            if !links.isEmpty { content.append(Markup("nav", [("aria-label", "Pages"), ("class", "pages")], links)) }
        case .failure(let failure): content.append(DeskViews.failure(shown(failure)))
        case .idle, .loading, .validationFailure: break
        }
        return .page(DeskPage(title: "Cargo", section: .cargo, content), status: state.fieldErrors.isEmpty ? 200 : 422)
    }

    /// `/cargo/{id}`: the cargo's screen; after a change with problems, the same with the form's problems.
    func cargo(_ trackingId: String, notice: String?, submitted: (form: String, values: FormData, state: DeskState<String>)? = nil) async -> DeskResponse {
        let (state, result) = await composition().trackCargo.respond(TrackCargoForm(trackingId: trackingId))
        guard case .success(let tracking) = state, case .success(let response) = result else {
            let failure = if case .failure(let failure) = state { failure } else { ViewFailure(.notFound, "Enter a tracking id, such as RP000001.") }
            // An id that names no cargo is not found; a store that cannot be read now is the server's failure.
            let unavailable = failure.kind == .unavailable
            return .page(
                DeskPage(
                    title: unavailable ? "The cargo cannot be read now" : "Cargo not found", section: .cargo,
                    [
                        DeskViews.failure(shown(failure)), DeskViews.link("All cargo", to: .cargoList(FormData())),
                    ]), status: DeskResponse.statusCode(of: failure.kind))
        }
        let options =
            response.offer.map { offer in
                offer.itineraries.map { (option: format.itinerary(offer.specification, $0), candidate: $0.reference) }
            } ?? []
        var expected = FormData()
        if let next = response.cargo.delivery.nextExpectedActivity {
            typealias Field = RegisterHandlingEventForm.Field
            expected = FormData([
                (Field.event.name, next.kind.rawValue), (Field.location.name, next.location.description), (Field.voyage.name, next.voyage?.description ?? ""),
            ])
            if let time = next.time { expected.append(Field.completionTime, DateText.timestamp(time)) }
        }
        let model = CargoViewModel(
            tracking: tracking, options: options, timeline: response.cargo.itinerary == nil ? nil : TrackingPictures.timeline(response),
            expected: expected, notice: notice.flatMap { Self.notices[$0] }, submitted: submitted, onFindOptions: .findOptions(trackingId),
            onAssign: .assignRoute(trackingId),
            onRegisterEvent: session.principal.may(.registerHandlingEvent) ? .registerEvent(trackingId) : nil,
            onChangeDestination: .changeDestination(trackingId), onReroute: .reroute(trackingId),
            onCancel: response.cargo.isCancellable ? .cancelBooking(trackingId) : nil)
        let status =
            switch submitted?.state {
            case .validationFailure?: 422
            case .failure?: 409
            default: 200
            }
        return .page(CargoView(model: model).page(), status: status)
    }

    /// `POST /cargo/{id}/options`: finds the options from where the cargo is now and keeps them as its offer.
    func findOptions(_ trackingId: String) async -> DeskResponse {
        guard let (state, _) = await search(RouteCargoForm(trackingId: trackingId, limit: "5")) else {
            return await stopped(trackingId, form: "options")
        }
        return await changed(trackingId, form: "options", values: FormData(), state: state.described { _ in "" }, notice: "options")
    }

    /// `POST /cargo/{id}/route`: assigns the option whose reference the form gives.
    func assignRoute(_ trackingId: String, form: FormData) async -> DeskResponse {
        let state = await composition().assignToRoute(AssignToRouteForm(trackingId: trackingId, candidate: form[AssignToRouteForm.Field.candidate]))
        return await changed(trackingId, form: "options", values: form, state: state.described { $0.lines.joined(separator: " ") }, notice: "routed")
    }

    /// `POST /cargo/{id}/events`: registers a handling event.
    func registerEvent(_ trackingId: String, form: FormData) async -> DeskResponse {
        typealias Field = RegisterHandlingEventForm.Field
        let state = await composition().registerHandlingEvent(
            RegisterHandlingEventForm(
                trackingId: trackingId, event: form[Field.event], location: form[Field.location], voyage: form[Field.voyage],
                completionTime: form[Field.completionTime]))
        return await changed(trackingId, form: "event", values: form, state: state.described { $0.lines.joined(separator: " ") }, notice: "event")
    }

    /// `POST /cargo/{id}/destination`: changes the destination and, when given, the deadline.
    func changeDestination(_ trackingId: String, form: FormData) async -> DeskResponse {
        typealias Field = ChangeDestinationForm.Field
        let state = await composition().changeDestination(
            ChangeDestinationForm(trackingId: trackingId, destination: form[Field.destination], deadline: form[Field.deadline]))
        return await changed(trackingId, form: "destination", values: form, state: state.described { $0.lines.joined(separator: " ") }, notice: "destination")
    }

    /// `POST /cargo/{id}/cancel`: cancels the cargo's booking, which the cargo's screen then shows.
    func cancelBooking(_ trackingId: String) async -> DeskResponse {
        let state = await composition().cancelBooking(CancelBookingForm(trackingId: trackingId))
        return await changed(trackingId, form: "cancel", values: FormData(), state: state.described { $0.lines.joined(separator: " ") }, notice: "cancelled")
    }

    /// `POST /cargo/{id}/reroute`: finds new options for the cargo from where it is now.
    func reroute(_ trackingId: String) async -> DeskResponse {
        let coordinator = composition().reRouteCargo
        guard let state = await withinBudget({ await coordinator(ReRouteCargoForm(trackingId: trackingId)) }) else {
            return await stopped(trackingId, form: "reroute")
        }
        let described: DeskState<String> =
            switch state.named {
            case .success(let views): views.first?.problem.map { .failure(ViewFailure(.rejected, $0)) } ?? .success("")
            case .failure(let failure): .failure(failure)
            case .validationFailure(let fields): .validationFailure(fields)
            case .idle, .loading: .idle
            }
        return await changed(trackingId, form: "reroute", values: FormData(), state: described, notice: "rerouted")
    }

    /// On to the cargo's screen with a notice when the change is made; the screen again with the form's problems
    /// when it is not.
    /// The cargo's screen again, saying that the search a form asked for ran past the budget (503).
    private func stopped(_ trackingId: String, form: String) async -> DeskResponse {
        let page = await cargo(trackingId, notice: nil, submitted: (form, FormData(), .failure(overBudget)))
        return DeskResponse(status: 503, contentType: page.contentType, headers: page.headers, body: page.body)
    }

    private func changed(_ trackingId: String, form: String, values: FormData, state: DeskState<String>, notice: String) async -> DeskResponse {
        if case .failure(let failure) = state { _ = shown(failure) }
        guard case .success = state else { return await cargo(trackingId, notice: nil, submitted: (form, values, state)) }
        return .redirect(to: .cargo(trackingId, FormData([("notice", notice)])))
    }
}

extension ViewState {
    /// The field errors, or none.
    var fieldErrors: [Field: String] {
        if case .validationFailure(let fields) = self { fields } else { [:] }
    }
}

extension ViewState where Field: DeskField {
    /// The same state as the desk shows it, with its content described in words.
    func described(_ text: (Content) -> String) -> DeskState<String> {
        switch named {
        case .idle: .idle
        case .loading: .loading
        case .success(let content): .success(text(content))
        case .validationFailure(let fields): .validationFailure(fields)
        case .failure(let failure): .failure(failure)
        }
    }
}

/// A cargo's screen.
struct CargoView {
    let model: CargoViewModel

    func page() -> DeskPage {
        let tracking = model.tracking
        var content: [Markup] = []
        if let notice = model.notice { content.append(DeskViews.notice(notice)) }
        var facts = [
            ("Status", tracking.status), ("Size", tracking.size), ("Route asked", tracking.route), ("Window", tracking.window),
            ("Routing", tracking.routingStatus), ("Transport", tracking.transportStatus),
        ]
        if let customer = tracking.cargo.customerId { facts.insert(("Customer", customer.description), at: 0) }
        if let reference = tracking.cargo.bookingReference { facts.append(("Booking reference", reference)) }
        for (name, value) in [
            ("Last known location", tracking.lastKnownLocation), ("On voyage", tracking.currentVoyage),
            ("Next expected", tracking.nextExpectedActivity), ("ETA", tracking.estimatedTimeOfArrival), ("Schedule", tracking.schedule),
            ("Advice", tracking.advice),
        ] {
            if let value { facts.append((name, value)) }
        }
        content.append(DeskViews.section("Progress", id: "progress", [DeskViews.facts(facts)]))
        if let itinerary = tracking.itinerary {
            var parts: [Markup] = [Markup("ol", [], itinerary.legs.map { Markup("li", text: $0) })]
            if let timeline = model.timeline { parts.append(DeskViews.figure(timeline, caption: "The cargo's legs on a time line, and where it is.")) }
            content.append(DeskViews.section("Route: \(itinerary.departure) → \(itinerary.arrival)", id: "route", parts))
        } else {
            content.append(DeskViews.section("Route", id: "route", [DeskViews.empty("Not routed yet: find its options and assign one.")]))
        }
        // A cancelled booking is a record: nothing more happens to its cargo.
        if tracking.cargo.cancellationTime == nil {
            content.append(options())
            if let onRegisterEvent = model.onRegisterEvent { content.append(eventForm(onRegisterEvent)) }
            content.append(destinationForm())
            content.append(rerouteSection())
        }
        if model.onCancel != nil || submitted("cancel").failure != nil { content.append(cancelSection()) }
        content.append(
            DeskViews.section(
                "Events", id: "events",
                tracking.events.isEmpty
                    ? [DeskViews.empty("No handling event registered yet.")]
                    : [Markup("ol", [], tracking.events.map { Markup("li", text: $0) })]))
        if !tracking.changes.isEmpty {
            content.append(DeskViews.section("Changes", id: "changes", [Markup("ol", [], tracking.changes.map { Markup("li", text: $0) })]))
        }
        return DeskPage(title: "Cargo \(tracking.trackingId)", section: .cargo, content)
    }

    /// The problems of the form named, if it was the one sent.
    private func submitted(_ form: String) -> (values: FormData, errors: [String: String], failure: String?) {
        guard let submitted = model.submitted, submitted.form == form else { return (FormData(), [:], nil) }
        let failure: String? = if case .failure(let failure) = submitted.state { failure.message } else { nil }
        return (submitted.values, submitted.state.fieldErrors, failure)
    }

    private func options() -> Markup {
        let sent = submitted("options")
        var parts: [Markup] = []
        if let failure = sent.failure { parts.append(DeskViews.failure(failure)) }
        if let error = sent.errors.values.sorted().first { parts.append(DeskViews.failure(error)) }
        if model.options.isEmpty {
            parts.append(DeskViews.empty("No options found yet."))
        } else {
            parts.append(
                DeskViews.table(
                    caption: "The options from where the cargo is", ["Option", "Route", "Departure", "Arrival", "Transit", "Deadline", "Assign"],
                    model.options.enumerated().map { index, entry in
                        [
                            .text(String(index + 1)), .text(entry.option.route), .text(entry.option.departure), .text(entry.option.arrival),
                            .text(entry.option.transitTime), .text(entry.option.slack),
                            .markup([
                                ActionButton(
                                    action: model.onAssign, label: "Assign", values: [(AssignToRouteForm.Field.candidate.name, entry.candidate)],
                                    accessibleLabel: "Assign option \(index + 1)"
                                ).markup()
                            ]),
                        ]
                    }))
        }
        parts.append(ActionButton(action: model.onFindOptions, label: model.options.isEmpty ? "Find options" : "Find options again").markup())
        return DeskViews.section("Options", id: "options", parts)
    }

    private func eventForm(_ action: DeskAction) -> Markup {
        typealias Field = RegisterHandlingEventForm.Field
        let sent = submitted("event")
        var form = DeskForm(
            id: "event", heading: "Register a handling event", target: .change(action),
            fields: [
                .init(Field.event, "Event", kind: .choice(HandlingEvent.Kind.allCases.map { ($0.rawValue, $0.rawValue.capitalized) }), required: true),
                .init(Field.location, "Where", hint: "The port's UN/LOCODE, such as SGSIN.", required: true),
                .init(Field.voyage, "Voyage", hint: "For a load or an unload: the voyage number, such as WS15-W09."),
                .init(Field.completionTime, "When", hint: "A date-time with a zone, such as 2026-03-02T08:00:00Z.", required: true),
            ],
            values: model.submitted?.form == "event" ? sent.values : model.expected, errors: sent.errors, submit: "Register the event")
        form.failure = sent.failure
        return form.markup()
    }

    private func destinationForm() -> Markup {
        typealias Field = ChangeDestinationForm.Field
        let sent = submitted("destination")
        var form = DeskForm(
            id: "destination", heading: "Change the destination", target: .change(model.onChangeDestination),
            fields: [
                .init(Field.destination, "New destination", hint: "The port's UN/LOCODE, such as DEHAM.", required: true),
                .init(Field.deadline, "New deadline", hint: "Blank: the deadline stays."),
            ],
            values: sent.values, errors: sent.errors, submit: "Change the destination")
        form.failure = sent.failure
        return form.markup()
    }

    /// The booking's cancellation while the cargo is not loaded, and why it failed when it did.
    private func cancelSection() -> Markup {
        let sent = submitted("cancel")
        var parts: [Markup] = [Markup("p", text: "Until the cargo is loaded, its booking may be cancelled: its route is released, and its record stays.")]
        if let failure = sent.failure { parts.append(DeskViews.failure(failure)) }
        if let action = model.onCancel { parts.append(ActionButton(action: action, label: "Cancel the booking").markup()) }
        return DeskViews.section("Cancel the booking", id: "cancel", parts)
    }

    private func rerouteSection() -> Markup {
        let sent = submitted("reroute")
        var parts: [Markup] = [
            Markup("p", text: "When the route no longer serves the cargo (misdirected, or its destination changed), find options from where it is now.")
        ]
        if let failure = sent.failure { parts.append(DeskViews.failure(failure)) }
        parts.append(ActionButton(action: model.onReroute, label: "Re-route").markup())
        return DeskViews.section("Re-route", id: "reroute", parts)
    }
}
