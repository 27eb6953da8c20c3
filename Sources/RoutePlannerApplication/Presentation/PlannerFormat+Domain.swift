import Foundation
import RoutePlanner

extension PlannerFormat {
    /// One itinerary, formatted against the specification it meets.
    public func itinerary(_ specification: RouteSpecification, _ itinerary: Itinerary) -> ItineraryViewModel {
        let transit = itinerary.arrivalTime.timeIntervalSince(itinerary.departureTime)
        func wait(before index: Int) -> String {
            "waits \(Self.duration(itinerary.legs[index].loadTime.timeIntervalSince(itinerary.legs[index - 1].unloadTime)))"
        }
        let transshipments = itinerary.legs.indices.filter {
            itinerary.changesVessel(before: $0) && !itinerary.legs[$0 - 1].isHaul && !itinerary.legs[$0].isHaul
        }
        .map { "\(itinerary.legs[$0 - 1].unloadLocation): \(wait(before: $0))" }
        // Where a haul meets a voyage: the truck delivers cargo to load, or collects what was discharged.
        let handovers = itinerary.legs.indices.filter { $0 > 0 && itinerary.legs[$0 - 1].isHaul != itinerary.legs[$0].isHaul }.map { index in
            itinerary.legs[index - 1].isHaul
                ? "\(itinerary.legs[index].loadLocation): delivered by truck, \(wait(before: index)) to load"
                : "\(itinerary.legs[index].loadLocation): discharged, \(wait(before: index)) for the truck"
        }
        let slack = specification.arrivalDeadline.timeIntervalSince(itinerary.arrivalTime)
        return ItineraryViewModel(
            itinerary: itinerary,
            id: itinerary.legs.map { "\($0.voyage.number):\($0.loadLocation.code)-\($0.unloadLocation.code)" }.joined(separator: ","),
            departure: dateTime(itinerary.departureTime),
            arrival: dateTime(itinerary.arrivalTime),
            transitTime: Self.duration(transit),
            transitDays: Int((min(max(transit, 0), 3.2e11) / 86_400).rounded(.up)),
            route: ([itinerary.origin] + itinerary.legs.map(\.unloadLocation.code)).map(\.rawValue).joined(separator: " → "),
            transshipments: transshipments,
            legs: itinerary.legs.indices.map { index in
                let leg = itinerary.legs[index]
                let aboard = index > 0 && !itinerary.changesVessel(before: index) ? " (stays aboard from \(itinerary.legs[index - 1].voyage.number))" : ""
                return "\(leg.voyage.number): \(leg.loadLocation) → \(leg.unloadLocation)" + aboard
            },
            slack: slack < 0
                ? "arrives \(Self.duration(-slack)) after the deadline"
                : slack < 60 ? "arrives at the deadline" : "arrives \(Self.duration(slack)) before the deadline",
            handlingCost: itinerary.handlingCostPerTEU.map { "\(PlannerFormat.money($0)) per TEU" },
            co2e: itinerary.co2ePerTEU.map { "\(Self.kilograms($0)) CO2e per TEU" }, truckHandovers: handovers)
    }

    /// A domain error as a view shows it: its kind, its message in words a planner acts on, and what went wrong inside,
    /// for the log.
    public func failure(_ error: DomainError) -> ViewFailure {
        let logged: String? = if case .storage(.unavailable(let cause)) = error { cause } else { nil }
        return ViewFailure(error.kind, message(for: error), logged: logged)
    }

    /// The message a user is shown for a domain error; what went wrong inside a store is not in it, but logged
    /// (``failure(_:)``).
    public func message(for error: DomainError) -> String {
        switch error {
        case .schedule(let failure): message(for: failure)
        case .cargo(let failure): message(for: failure)
        case .customer(let failure): message(for: failure)
        case .account(let failure): message(for: failure)
        case .storage(.unavailable): "The schedule or the cargo cannot be read or written; the log says why."
        case .storage(.conflict(let message)): message.prefix(1).uppercased() + message.dropFirst() + "."
        case .invalidOperation(let message): message
        case .cancelled: "Cancelled."
        case .fileErrors(let diagnostics, let omitted): message(forFile: diagnostics, omitted: omitted)
        }
    }

    /// What is wrong in a file, each problem located, and that nothing of it was used.
    func message(forFile diagnostics: [ImportDiagnostic], omitted: Int) -> String {
        let errors = diagnostics.filter { $0.severity == .error }.count + omitted
        return "\(errors) error\(errors == 1 ? "" : "s"); nothing in the file was used:\n"
            + (diagnostics.map(\.description) + (omitted > 0 ? ["and \(omitted) more"] : [])).joined(separator: "\n")
    }

    /// Why the schedule has no answer, in words.
    func message(for failure: ScheduleFailure) -> String {
        switch failure {
        case .unknownLocation(let code, let closest):
            "\(code) is not a port of this network." + (closest.isEmpty ? "" : " Did you mean \(closest.map(\.rawValue).joined(separator: ", "))?")
        case .unknownVoyage(let number):
            "Voyage \(number) is not in the schedule."
        case .noRoute(let specification, let earliest?):
            "No sailing reaches \(specification.destination) by \(day(specification.arrivalDeadline)); "
                + "the earliest possible arrival is \(day(earliest))."
        case .noRoute(let specification, nil):
            "No sailing connects \(specification.origin) to \(specification.destination) after "
                + "\(day(specification.readyTime)) in this schedule."
        case .invalidScenario(let error):
            "What if: \(error)."
        case .capacitiesUnknown:
            "The schedule gives no capacities: DCSA vessel schedules carry none. Add a capacity file (voyage or vessel_imo, capacity_teu) to assign under capacity."
        }
    }

    /// Why a cargo refuses the change, in words.
    func message(for failure: CargoFailure) -> String {
        switch failure {
        case .notFound(let trackingId):
            "There is no cargo with tracking id \(trackingId)."
        case .deadlinePassed(let deadline, let asOf):
            "The deadline, \(dateTime(deadline)), has passed: it is \(dateTime(asOf)) now."
        case .itineraryDoesNotFit(let trackingId, let reasons):
            "This itinerary does not fit cargo \(trackingId): \(reasons.joined(separator: "; "))."
        case .closed(let trackingId, let claim):
            "Cargo \(trackingId) was claimed at \(claim.location) at \(dateTime(claim.completionTime)); its journey is closed."
        case .cancelled(let trackingId, let time):
            "The booking of cargo \(trackingId) was cancelled at \(dateTime(time)); nothing more happens to it."
        case .loaded(let trackingId, let load):
            "Cargo \(trackingId) was loaded (\(load), \(dateTime(load.completionTime))); "
                + "a booking is cancelled only before its cargo is loaded."
        }
    }

    /// Why a customer cannot be used as asked, in words.
    func message(for failure: CustomerFailure) -> String {
        switch failure {
        case .notFound(let id):
            "There is no customer \(id); register it first."
        case .registered(let customer, let newName):
            "Customer \(customer.id) is registered as \(customer.name); to call it \(newName), ask for the rename."
        }
    }

    /// Why a user, a login or a token is refused, in words that confirm no account to a stranger.
    func message(for failure: AccountFailure) -> String {
        switch failure {
        case .notPermitted(let permission):
            "Your account may not \(permission.text); a planner may."
        case .notAuthenticated:
            "The user name or the password is wrong."
        case .tooManyAttempts(let seconds):
            "Too many failed logins: try again in \(seconds >= 120 ? "\(seconds / 60) minutes" : "\(seconds) seconds")."
        case .userExists(let name):
            "There is a user \(name) already; choose another name, or change its password."
        case .userNotFound(let name):
            "There is no user \(name)."
        case .tokenNotFound(let id):
            "There is no token \(id)."
        }
    }
}

extension PlannerFormat {
    /// A cargo as a planner reads it.
    /// How a cargo stands against its deadline at a time, in words (``CargoTrackingView/standing``).
    public func standing(_ cargo: CargoSummary, asOf: Date) -> String? {
        guard let standing = cargo.standing(at: asOf) else { return nil }
        if let slack = cargo.slack {
            return slack < 0 ? "late by \(Self.duration(-slack))" : "\(standing): \(Self.duration(slack)) to spare"
        }
        return standing == .late
            ? "late: due \(Self.duration(asOf.timeIntervalSince(cargo.specification.arrivalDeadline))) ago" : "\(standing): its route is disrupted"
    }

    /// A cargo as the tracking screens show it.
    public func tracking(_ cargo: CargoSummary) -> CargoTrackingView { tracking(cargo, asOf: nil) }

    /// A cargo as the tracking screens show it; with `asOf`, its standing against its deadline then.
    public func tracking(_ cargo: CargoSummary, asOf: Date?) -> CargoTrackingView {
        let delivery = cargo.delivery, specification = cargo.specification
        let advice: String? =
            switch delivery.status {
            case .onTrack: nil
            case .notRouted: "Route it."
            case .misrouted: "Route it again: its itinerary no longer fits its specification."
            case .claimed: "None: its journey is closed."
            case .cancelled: "None: its booking was cancelled."
            case .disrupted: delivery.disruptionCause.map { "Re-route it: as the schedule now sails, it \(disruption($0))." }
            case .misdirected:
                delivery.unexpectedEvent.map { event in
                    "The \(event) was not the next step of its itinerary: route it again from \(event.location)."
                }
            }
        let routing =
            switch delivery.routingStatus {
            case .notRouted: "not routed"
            case .routed: "routed"
            case .misrouted: "misrouted"
            }
        return CargoTrackingView(
            cargo: cargo,
            trackingId: cargo.trackingId,
            size: "\(cargo.teu) TEU" + (cargo.customerId.map { " for \($0)" } ?? ""),
            route: "\(specification.origin) → \(specification.destination)",
            window: "ready \(dateTime(specification.readyTime)), due \(dateTime(specification.arrivalDeadline))",
            routingStatus: routing,
            transportStatus: delivery.transportStatus.description,
            status: delivery.status.description,
            advice: advice,
            isOnTrack: delivery.isOnTrack,
            isMisdirected: delivery.isMisdirected,
            lastKnownLocation: delivery.lastKnownLocation.map { code in
                cargo.itinerary?.legs.lazy.flatMap { [$0.loadLocation, $0.unloadLocation] }.first { $0.code == code }?.description
                    ?? code.rawValue
            },
            currentVoyage: delivery.currentVoyage?.rawValue,
            nextExpectedActivity: delivery.nextExpectedActivity.map { activity in
                activity.description + (activity.time.map { ", " + dateTime($0) } ?? "")
            },
            estimatedTimeOfArrival: delivery.estimatedTimeOfArrival.map(dateTime),
            itinerary: cargo.itinerary.map { itinerary(specification, $0) },
            events: cargo.handlingEvents.map { "\(dateTime($0.completionTime))  \($0)" },
            changes: cargo.changes.map { "\(dateTime($0.at))  \($0.kind.text) \(dateTimes(in: $0.detail)), by \($0.by)" },
            standing: asOf.flatMap { standing(cargo, asOf: $0) }, delay: delay(cargo),
            rerouted: cargo.changes.filter { $0.kind == .routed }.dropFirst().last.map { "\(dateTime($0.at)), by \($0.by)" })
    }

    /// How far a cargo's ETA is from its itinerary's planned arrival, in words; `nil` within a minute, or without an ETA.
    func delay(_ cargo: CargoSummary) -> String? {
        guard let planned = cargo.itinerary?.arrivalTime, let eta = cargo.delivery.estimatedTimeOfArrival else { return nil }
        let shift = eta.timeIntervalSince(planned)
        guard abs(shift) >= 60 else { return nil }
        return "\(Self.duration(abs(shift))) \(shift > 0 ? "later" : "earlier") than planned"
    }
}

extension PlannerFormat {
    /// What disrupts a cargo, by how much it misses and the calls that moved to disrupt it: "misses the connection to
    /// leg 2 at SGSIN by 14 hours: WS15-W09 reaches SGSIN 1 day 2 hours later than planned". The same words on
    /// every screen and in every command.
    public func disruption(_ cause: DisruptionCause) -> String {
        var text = disruption(cause.disruption)
        switch cause.disruption {
        case .missesConnection, .missesDeparture:
            if let margin = cause.margin { text += " by " + Self.duration(Double(margin.components.seconds)) }
        default: break
        }
        let changes = cause.changes.map { change in
            guard let shift = change.shift else { return "\(change.voyage) no longer calls at \(change.port)" }
            let seconds = Double(shift.components.seconds)
            return "\(change.voyage) \(change.kind == .departure ? "leaves" : "reaches") \(change.port) "
                + "\(Self.duration(abs(seconds))) \(seconds > 0 ? "later" : "earlier") than planned"
        }
        return changes.isEmpty ? text : text + ": " + changes.joined(separator: "; ")
    }

    /// What disrupts an itinerary, after "it" or "its itinerary": "misses the connection to leg 2 at SGSIN", "arrives 1
    /// day 2 hours after its deadline", "can no longer take leg 1 on WS29-W09".
    public func disruption(_ disruption: ItineraryDisruption) -> String {
        switch disruption {
        case .legNoLongerSails(let leg, let voyage): "can no longer take leg \(leg + 1) on \(voyage)"
        case .arrivesLate(let late): "arrives \(Self.duration(Double(late.components.seconds))) after its deadline"
        case .exceedsTransitTime(let over): "takes \(Self.duration(Double(over.components.seconds))) longer than its maximum transit time"
        default: disruption.description
        }
    }
}

extension CargoChange.Kind {
    /// The change in words, before its detail: "booked", "routed", "handled", "re-specified".
    var text: String {
        switch self {
        case .booked: "booked"
        case .respecified: "re-specified"
        case .routed: "routed"
        case .handled: "handled"
        case .cancelled: "cancelled"
        }
    }
}
