import RoutePlanner
import RoutePlannerApplication
import RoutePlannerPictures

/// The sections a cargo's screen is made of, each drawn from the view model: the planner's view and the customer's
/// each take those they show.
struct CargoSections {
    let model: CargoViewModel

    /// What the last change did, if a change was made.
    func notice() -> [Markup] {
        model.notice.map { [DeskViews.notice($0)] } ?? []
    }

    /// Where the cargo is on its way, as facts; the customer's fact only for a view that names it.
    func progress(namingTheCustomer: Bool) -> Markup {
        let tracking = model.tracking
        var facts = [
            ("Status", tracking.status), ("Size", tracking.size), ("Route asked", tracking.route), ("Window", tracking.window),
            ("Routing", tracking.routingStatus), ("Transport", tracking.transportStatus),
        ]
        if namingTheCustomer, let customer = tracking.cargo.customerId { facts.insert(("Customer", customer.description), at: 0) }
        if let reference = tracking.cargo.bookingReference { facts.append(("Booking reference", reference)) }
        for (name, value) in [
            ("Last known location", tracking.lastKnownLocation), ("On voyage", tracking.currentVoyage),
            ("Next expected", tracking.nextExpectedActivity), ("ETA", tracking.estimatedTimeOfArrival), ("Delay", tracking.delay),
            ("Against the deadline", tracking.standing), ("Re-routed", tracking.rerouted), ("Schedule", tracking.schedule),
            ("Advice", tracking.advice),
        ] {
            if let value { facts.append((name, value)) }
        }
        return DeskViews.section("Progress", id: "progress", [DeskViews.facts(facts)])
    }

    /// The route's legs and its time line, or that it has none yet.
    func route() -> Markup {
        guard let itinerary = model.tracking.itinerary else {
            return DeskViews.section("Route", id: "route", [DeskViews.empty("Not routed yet: find its options and assign one.")])
        }
        var parts: [Markup] = [Markup("ol", [], itinerary.legs.map { Markup("li", text: $0) })]
        if let timeline = model.timeline { parts.append(DeskViews.figure(timeline, caption: "The cargo's legs on a time line, and where it is.")) }
        return DeskViews.section("Route: \(itinerary.departure) → \(itinerary.arrival)", id: "route", parts)
    }

    /// The options last found, each with its voyages, cost and CO2e and the button that assigns it (the current route
    /// marked instead), and the one button that finds them from where the cargo is: "Re-route" when its route no
    /// longer serves it, else "Find options".
    func options() -> Markup {
        var parts: [Markup] = []
        for form in ["options", "reroute"] {
            let sent = model.submitted(form)
            if let failure = sent.failure { parts.append(DeskViews.failure(failure)) }
            if let error = sent.errors.values.sorted().first { parts.append(DeskViews.failure(error)) }
        }
        let current = model.tracking.cargo.itinerary?.reference
        if model.options.isEmpty {
            parts.append(
                DeskViews.empty(
                    current == nil
                        ? "No options found yet." : "No options: a route assigned spends them. Find them again from where the cargo is."))
        } else {
            parts.append(
                DeskViews.table(
                    caption: "The options from where the cargo is",
                    ["Option", "Route", "Voyages", "Departure", "Arrival", "Transit", "Handling per TEU", "CO2e per TEU", "Deadline", "Assign"],
                    model.options.enumerated().map { index, entry in
                        let option = entry.option
                        return [
                            .text(String(index + 1)), .text(option.route), .text(option.itinerary.legs.map(\.voyage.number.rawValue).joined(separator: ", ")),
                            .text(option.departure), .text(option.arrival), .text(option.transitTime), .text(option.handlingCost ?? "unknown"),
                            .text(option.co2e ?? "unknown"), .text(option.slack),
                            option.itinerary.reference == current
                                ? .markup([Markup("strong", text: "Current route")])
                                : .markup([
                                    ActionButton(
                                        action: model.onAssign, label: "Assign", values: [(AssignToRouteForm.Field.candidate.name, entry.candidate)],
                                        accessibleLabel: "Assign option \(index + 1)"
                                    ).markup()
                                ]),
                        ]
                    }, actionsLast: true))
        }
        if model.needsRerouting {
            parts.append(Markup("p", text: "Its route no longer serves it: re-route it to find options from where it is now."))
            parts.append(ActionButton(action: model.onReroute, label: "Re-route").markup())
        } else {
            parts.append(ActionButton(action: model.onFindOptions, label: model.options.isEmpty ? "Find options" : "Find options again").markup())
        }
        return DeskViews.section("Options", id: "options", parts)
    }

    /// The form that registers a handling event, filled with the next expected one.
    func eventForm() -> Markup {
        typealias Field = RegisterHandlingEventForm.Field
        let sent = model.submitted("event")
        var form = DeskForm(
            id: "event", heading: "Register a handling event", target: .change(model.onRegisterEvent),
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

    /// The form that changes the destination and, when given, the deadline.
    func destinationForm() -> Markup {
        typealias Field = ChangeDestinationForm.Field
        let sent = model.submitted("destination")
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

    /// The booking's cancellation while the cargo is not loaded, and why it failed when it did; nothing when there is
    /// neither.
    func cancel() -> [Markup] {
        let sent = model.submitted("cancel")
        guard model.onCancel != nil || sent.failure != nil else { return [] }
        var parts: [Markup] = [Markup("p", text: "Until the cargo is loaded, its booking may be cancelled: its route is released, and its record stays.")]
        if let failure = sent.failure { parts.append(DeskViews.failure(failure)) }
        if let action = model.onCancel { parts.append(ActionButton(action: action, label: "Cancel the booking").markup()) }
        return [DeskViews.section("Cancel the booking", id: "cancel", parts)]
    }

    /// The handling events registered, in order.
    func events() -> Markup {
        let events = model.tracking.events
        return DeskViews.section(
            "Events", id: "events",
            events.isEmpty ? [DeskViews.empty("No handling event registered yet.")] : [Markup("ol", [], events.map { Markup("li", text: $0) })])
    }

    /// Who changed the cargo and when, if anyone did.
    func changes() -> [Markup] {
        let changes = model.tracking.changes
        guard !changes.isEmpty else { return [] }
        return [DeskViews.section("Changes", id: "changes", [Markup("ol", [], changes.map { Markup("li", text: $0) })])]
    }
}
