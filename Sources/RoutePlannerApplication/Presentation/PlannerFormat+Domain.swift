import Foundation
import RoutePlanner

extension PlannerFormat {
    /// One itinerary, formatted against the specification it meets.
    public func itinerary(_ specification: RouteSpecification, _ itinerary: Itinerary) -> ItineraryViewModel {
        let transit = itinerary.arrivalTime.timeIntervalSince(itinerary.departureTime)
        let transshipments = itinerary.legs.indices.filter(itinerary.changesVessel(before:)).map { index in
            let (arriving, leaving) = (itinerary.legs[index - 1], itinerary.legs[index])
            return "\(arriving.unloadLocation): waits \(Self.duration(leaving.loadTime.timeIntervalSince(arriving.unloadTime)))"
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
            handlingCost: itinerary.handlingCostPerTEU.map { "USD \(String(format: "%.2f", $0)) per TEU" },
            co2e: itinerary.co2ePerTEU.map { "\(Self.kilograms($0)) CO2e per TEU" })
    }

    /// A domain error as a view shows it: its kind, its message in words a planner acts on, and what went wrong inside,
    /// for the log.
    public func failure(_ error: DomainError) -> ViewFailure {
        let logged: String? = if case .repositoryFailure(let cause) = error { cause } else { nil }
        return ViewFailure(error.kind, message(for: error), logged: logged)
    }

    /// The message a user is shown for a domain error; what went wrong inside a store is not in it, but logged
    /// (``failure(_:)``).
    public func message(for error: DomainError) -> String {
        switch error {
        case .unknownLocation(let code, let closest):
            let suggestion = closest.isEmpty ? "" : " Did you mean \(closest.map(\.rawValue).joined(separator: ", "))?"
            return "\(code) is not a port of this network.\(suggestion)"
        case .unknownVoyage(let number):
            return "Voyage \(number) is not in the schedule."
        case .cargoNotFound(let trackingId):
            return "There is no cargo with tracking id \(trackingId)."
        case .customerNotFound(let id):
            return "There is no customer \(id); register it first."
        case .cargoCancelled(let trackingId, let time):
            return "The booking of cargo \(trackingId) was cancelled at \(DateText.timestamp(time)); nothing more happens to it."
        case .cargoLoaded(let trackingId, let load):
            return "Cargo \(trackingId) was loaded (\(load), \(DateText.timestamp(load.completionTime))); "
                + "a booking is cancelled only before its cargo is loaded."
        case .cargoClosed(let trackingId, let claim):
            return "Cargo \(trackingId) was claimed at \(claim.location) at \(DateText.timestamp(claim.completionTime)); its journey is closed."
        case .deadlinePassed(let deadline, let asOf):
            return "The deadline, \(dateTime(deadline)), has passed: it is \(dateTime(asOf)) now."
        case .customerRegistered(let customer, let newName):
            return "Customer \(customer.id) is registered as \(customer.name); to call it \(newName), ask for the rename."
        case .noRoute(let specification, let earliest?):
            return "No sailing reaches \(specification.destination) by \(day(specification.arrivalDeadline)); "
                + "the earliest possible arrival is \(day(earliest))."
        case .noRoute(let specification, nil):
            return "No sailing connects \(specification.origin) to \(specification.destination) after "
                + "\(day(specification.readyTime)) in this schedule."
        case .itineraryDoesNotSatisfySpecification(let trackingId, let reasons):
            return "This itinerary does not fit cargo \(trackingId): \(reasons.joined(separator: "; "))."
        case .invalidOperation(let message):
            return message
        case .repositoryFailure:
            return "The schedule or the cargo cannot be read or written; the log says why."
        case .conflict(let message):
            return message.prefix(1).uppercased() + message.dropFirst() + "."
        case .invalidScenario(let error):
            return "What if: \(error)."
        case .cancelled:
            return "Cancelled."
        case .capacitiesUnknown:
            return
                "The schedule gives no capacities: DCSA vessel schedules carry none. Add a capacity file (voyage or vessel_imo, capacity_teu) to assign under capacity."
        case .notPermitted(let permission):
            return "Your account may not \(permission.text); a planner may."
        case .notAuthenticated:
            return "The user name or the password is wrong."
        case .tooManyAttempts(let seconds):
            return "Too many failed logins: try again in \(seconds >= 120 ? "\(seconds / 60) minutes" : "\(seconds) seconds")."
        case .userExists(let name):
            return "There is a user \(name) already; choose another name, or change its password."
        case .userNotFound(let name):
            return "There is no user \(name)."
        case .tokenNotFound(let id):
            return "There is no token \(id)."
        case .fileErrors(let diagnostics, let omitted):
            let errors = diagnostics.filter { $0.severity == .error }.count + omitted
            return "\(errors) error\(errors == 1 ? "" : "s"); nothing in the file was used:\n"
                + (diagnostics.map(\.description) + (omitted > 0 ? ["and \(omitted) more"] : [])).joined(separator: "\n")
        }
    }
}

extension PlannerFormat {
    /// A cargo as a planner reads it.
    public func tracking(_ cargo: CargoSummary) -> CargoTrackingView {
        let delivery = cargo.delivery, specification = cargo.specification
        let advice: String? =
            switch delivery.status {
            case .onTrack: nil
            case .notRouted: "Route it."
            case .misrouted: "Route it again: its itinerary no longer fits its specification."
            case .claimed: "None: its journey is closed."
            case .cancelled: "None: its booking was cancelled."
            case .disrupted: delivery.disruption.map { "Re-route it: as the schedule now sails, it \($0)." }
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
            changes: cargo.changes.map { "\(dateTime($0.at))  \($0.kind.text) \($0.detail), by \($0.by)" })
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
