import Foundation
import RoutePlanner
import RoutePlannerApplication

/// Booked cargo as documents for programs: data only, no prose. Codes are UN/LOCODEs, voyage numbers and
/// the names below; times are RFC 3339 in UTC; sizes are numbers (docs/CLI.md; each JSON document has a
/// JSON Schema in docs/schemas).
///
/// One shape of cargo serves `track`, `cargo`, `book`, `handle` and `reroute`: its booking, its
/// `status` (`onTrack`, `misdirected`, `notRouted`, `misrouted`, `claimed`), `routingStatus`
/// (`notRouted`, `routed`, `misrouted`), `transportStatus` (`notReceived`, `inPort`, `onboardCarrier`,
/// `claimed`), where it was last, the next expected activity, the ETA, the unexpected event that misdirected
/// it, its itinerary and its events.
public enum CargoDocument {
    /// The schema version of every JSON document here.
    public static let version = 1

    /// `track --format json`: `{ "version": 1, "cargo": {…} }`.
    public static func json(_ cargo: CargoSummary) -> String {
        struct Output: Encodable {
            let version: Int
            let cargo: Cargo
        }
        return RouteDocument.encode(Output(version: version, cargo: Cargo(cargo)))
    }

    /// `track --format json` and the API's cargo: `{ "version": 1, "cargo": {…} }`, and over a schedule carriers' events
    /// moved, `"schedule": { "version": N, "disruption": {…} }` (no disruption while it still takes the cargo there in time).
    public static func json(_ response: TrackCargoResponse) -> String {
        struct Output: Encodable {
            let version: Int
            let cargo: Cargo
            let schedule: Schedule?
        }
        struct Schedule: Encodable {
            let version: Int
            let disruption: Disruption?
        }
        let schedule = response.schedule.map { Schedule(version: $0.version, disruption: $0.cause.map { Disruption($0.disruption) }) }
        return RouteDocument.encode(Output(version: version, cargo: Cargo(response.cargo), schedule: schedule))
    }

    /// The API's booking: `{ "version": 1, "cargo": {…}, "meetsDeadline": false, "earliestPossibleArrival": "…" }`, the
    /// earliest arrival only when no sailing meets the deadline (and some sailing arrives at all).
    public static func json(_ response: BookCargoResponse) -> String { booking(response, cargo: Cargo(response.cargo)) }

    /// `book --format json`: `{ "version": 1, "cargo": [{…}], "meetsDeadline": false, "earliestPossibleArrival": "…" }`,
    /// the cargo list's shape with what the booking found of its deadline.
    public static func listed(_ response: BookCargoResponse) -> String { booking(response, cargo: [Cargo(response.cargo)]) }

    private static func booking(_ response: BookCargoResponse, cargo: some Encodable) -> String {
        RouteDocument.encode(
            Booking(
                version: version, cargo: cargo, meetsDeadline: response.meetsDeadline,
                earliestPossibleArrival: response.earliestPossibleArrival.map(RouteDocument.timestamp)))
    }

    /// A booking's document, its cargo alone or as a list of one.
    private struct Booking<Booked: Encodable>: Encodable {
        let version: Int
        let cargo: Booked
        let meetsDeadline: Bool
        let earliestPossibleArrival: String?
    }

    /// `cargo`, `book --format json`: `{ "version": 1, "cargo": [{…}, …] }`.
    public static func json(_ cargo: [CargoSummary]) -> String {
        struct Output: Encodable {
            let version: Int
            let cargo: [Cargo]
        }
        return RouteDocument.encode(Output(version: version, cargo: cargo.map(Cargo.init)))
    }

    /// `handle ID --format json`: the event, what registering it did (`recorded`, `recordedOutOfOrder`,
    /// `duplicate`) and the cargo after it.
    public static func json(_ response: RegisterHandlingEventResponse) -> String {
        struct Output: Encodable {
            let version: Int
            let event: Event
            let outcome: String
            let cargo: Cargo
        }
        let outcome =
            switch response.outcome {
            case .recorded: "recorded"
            case .recordedOutOfOrder: "recordedOutOfOrder"
            case .duplicate: "duplicate"
            }
        return RouteDocument.encode(Output(version: version, event: Event(response.event), outcome: outcome, cargo: Cargo(response.cargo)))
    }

    /// `handle --events FILE --format json`: the counts of the report and the cargo it handled.
    public static func json(_ response: ImportHandlingReportResponse) -> String {
        struct Output: Encodable {
            let version: Int
            let rows, registered, outOfOrder, duplicates: Int
            let cargo: [Cargo]
        }
        return RouteDocument.encode(
            Output(
                version: version, rows: response.rows, registered: response.registered, outOfOrder: response.outOfOrder,
                duplicates: response.duplicates, cargo: response.cargo.map(Cargo.init)))
    }

    /// `reroute --format json`: each cargo with why it needs routing again (`notRouted`, `misdirected`,
    /// `misrouted`, `disrupted` with the leg's number, `claimed`; absent for a cargo on track, asked for by
    /// id), the specification searched from where it is, and its options or the problem (a domain error's
    /// code).
    public static func json(_ response: ReRouteCargoResponse) -> String {
        struct Output: Encodable {
            let version: Int
            let entries: [Entry]
            /// The cargo not routed left out of a what-if question; absent when none is.
            let notRoutedLeftOut: Int?
        }
        struct Entry: Encodable {
            let cargo: Cargo
            let reason: String?
            let disruptedLeg: Int?
            let from: From?
            let options: [Itinerary]
            let problem: Problem?
        }
        struct From: Encodable {
            let origin, ready, deadline: String
        }
        let entries = response.entries.map { entry in
            var disruptedLeg: Int?
            if case .disrupted(let index, _)? = entry.reason { disruptedLeg = index + 1 }
            let options = (try? entry.options.get()) ?? []
            var problem: Problem?
            if case .failure(let error) = entry.options { problem = Problem(error) }
            return Entry(
                cargo: Cargo(entry.cargo), reason: entry.reason?.code, disruptedLeg: disruptedLeg,
                from: entry.specification.map {
                    From(origin: $0.origin.rawValue, ready: RouteDocument.timestamp($0.readyTime), deadline: RouteDocument.timestamp($0.arrivalDeadline))
                },
                options: options.map(Itinerary.init), problem: problem)
        }
        return RouteDocument.encode(
            Output(
                version: version, entries: entries, notRoutedLeftOut: response.notRoutedLeftOut == 0 ? nil : response.notRoutedLeftOut))
    }

    /// `events apply --format json`: what the batch did (its events applied, outranked, applied before, registered as
    /// handling, refused and set aside, each of the last two at its JSON path; for a vessel-schedules document, the
    /// voyages it lists and what each that changed omits, adds and moves), the schedule's version after it, and
    /// each disrupted cargo with what disrupts it, the specification searched from where it is, and its options
    /// best first, each with how much later it arrives, and how much more it costs and emits per TEU, than planned.
    public static func json(_ response: ApplyCarrierEventsResponse) -> String {
        struct Output: Encodable {
            let version: Int
            let events: Events
            let publishedVoyages: Int?
            let republished: [Republished]
            let scheduleVersion: Int
            let refused, setAside: [Note]
            let disrupted: [Disrupted]
            let undisturbed: Int
        }
        struct Events: Encodable {
            let count, applied, outranked, appliedBefore, handled: Int
        }
        struct Note: Encodable {
            let path, message: String
        }
        struct Republished: Encodable {
            let voyage: String
            let omitted, added: [PublishedCall]
            let movedCalls: Int
        }
        struct Option: Encodable {
            let itinerary: Itinerary
            let arrivalChangeHours: Double
            let handlingCostChangePerTEU: Double?
            let co2eKgChangePerTEU: Double?
        }
        struct Disrupted: Encodable {
            let cargo: Cargo
            let disruption: Disruption
            let disruptedBefore: Bool
            let plannedArrival: String
            let from: From?
            let options: [Option]
            let accepted: Bool
            let problem: Problem?
        }
        struct From: Encodable {
            let origin, ready, deadline: String
        }
        func hours(_ duration: Duration) -> Double { Disruption.hours(duration) }
        let disrupted = response.disrupted.map { entry in
            var problem: Problem?
            if case .failure(let error) = entry.options { problem = Problem(error) }
            return Disrupted(
                cargo: Cargo(entry.cargo), disruption: Disruption(entry.cause), disruptedBefore: entry.disruptedBefore,
                plannedArrival: RouteDocument.timestamp(entry.plannedArrival),
                from: entry.specification.map {
                    From(origin: $0.origin.rawValue, ready: RouteDocument.timestamp($0.readyTime), deadline: RouteDocument.timestamp($0.arrivalDeadline))
                },
                options: ((try? entry.options.get()) ?? []).map {
                    Option(
                        itinerary: Itinerary($0.itinerary), arrivalChangeHours: hours($0.arrivalChange), handlingCostChangePerTEU: $0.costChange,
                        co2eKgChangePerTEU: $0.co2eChange)
                },
                accepted: entry.accepted, problem: problem)
        }
        return RouteDocument.encode(
            Output(
                version: version,
                events: Events(
                    count: response.count, applied: response.applied, outranked: response.outranked, appliedBefore: response.duplicates,
                    handled: response.handled),
                publishedVoyages: response.publishedVoyages,
                republished: response.republished.map {
                    Republished(
                        voyage: $0.voyage.rawValue, omitted: $0.omitted.map(PublishedCall.init), added: $0.added.map(PublishedCall.init), movedCalls: $0.moved)
                },
                scheduleVersion: response.version, refused: response.refused.map { Note(path: $0.path, message: $0.message) },
                setAside: response.setAside.map { Note(path: $0.path, message: $0.message) }, disrupted: disrupted, undisturbed: response.undisturbed))
    }

    /// `GET /api/v1/disruptions`: every cargo the schedule as it now sails disrupts (of the standing asked for), with
    /// what disrupts it, when it was planned to arrive and now arrives, its delay and standing, and the options it was
    /// last offered beside its plan (numbered as `POST /api/v1/cargo/{trackingId}/route` takes them); how many carriers'
    /// events were applied; and the last voyages published again, each with what it changed.
    public static func json(_ response: ListDisruptionsResponse) -> String {
        struct Output: Encodable {
            let version: Int
            let asOf: String
            let standing: String?
            let disruptedCount: Int
            let disrupted: [Disrupted]
            let eventCount: Int
            let publications: [Publication]
            let publicationCount: Int

            enum CodingKeys: String, CodingKey {
                case version, asOf, standing, disruptedCount, disrupted, eventCount, publications, publicationCount
            }

            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(version, forKey: .version)
                try container.encode(asOf, forKey: .asOf)
                try container.encode(standing, forKey: .standing)
                try container.encode(disruptedCount, forKey: .disruptedCount)
                try container.encode(disrupted, forKey: .disrupted)
                try container.encode(eventCount, forKey: .eventCount)
                try container.encode(publications, forKey: .publications)
                try container.encode(publicationCount, forKey: .publicationCount)
            }
        }
        struct Disrupted: Encodable {
            let cargo: Cargo
            let disruption: Disruption
            let plannedArrival: String
            let estimatedArrival: String?
            let delayHours: Double?
            let standing: String?
            let options: [ChangedOption]

            enum CodingKeys: String, CodingKey {
                case cargo, disruption, plannedArrival, estimatedArrival, delayHours, standing, options
            }

            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(cargo, forKey: .cargo)
                try container.encode(disruption, forKey: .disruption)
                try container.encode(plannedArrival, forKey: .plannedArrival)
                try container.encode(estimatedArrival, forKey: .estimatedArrival)
                try container.encode(delayHours, forKey: .delayHours)
                try container.encode(standing, forKey: .standing)
                try container.encode(options, forKey: .options)
            }
        }
        struct Publication: Encodable {
            let voyage: String
            let omitted, added: [PublishedCall]
            let movedCalls: Int
            let scheduleVersion: Int
            let source: String
            let recordedAt: String
        }
        return RouteDocument.encode(
            Output(
                version: version, asOf: RouteDocument.timestamp(response.asOf), standing: response.standing?.rawValue,
                disruptedCount: response.disrupted,
                disrupted: response.entries.map { entry in
                    let eta = entry.cargo.delivery.estimatedTimeOfArrival
                    return Disrupted(
                        cargo: Cargo(entry.cargo), disruption: Disruption(entry.cause), plannedArrival: RouteDocument.timestamp(entry.plannedArrival),
                        estimatedArrival: eta.map(RouteDocument.timestamp),
                        delayHours: eta.map { Disruption.hours(.seconds($0.timeIntervalSince(entry.plannedArrival))) }, standing: entry.standing?.rawValue,
                        options: entry.options.enumerated().map { ChangedOption($1, candidate: $0 + 1) })
                },
                eventCount: response.eventCount,
                publications: response.publications.map { publication in
                    let changes = publication.changes
                    return Publication(
                        voyage: changes.voyage.rawValue, omitted: changes.omitted.map(PublishedCall.init), added: changes.added.map(PublishedCall.init),
                        movedCalls: changes.moved, scheduleVersion: publication.version, source: publication.source,
                        recordedAt: RouteDocument.timestamp(publication.recordedAt))
                },
                publicationCount: response.publicationCount))
    }

    /// `POST /api/v1/disruptions/accept` and `events accept --format json`: each cargo chosen, with the option it takes
    /// (or would take) beside its plan and the cargo after, or why it is left as it was.
    public static func json(_ response: AcceptOptionsResponse, format: PlannerFormat = PlannerFormat()) -> String {
        struct Output: Encodable {
            let version: Int
            let confirmed: Bool
            let asOf: String
            let rerouted, left: Int
            let cargo: [Chosen]
        }
        struct Chosen: Encodable {
            let trackingId, choice: String
            let rerouted: Bool
            let confirmation: String
            let option: ChangedOption?
            let cargo: Cargo?
            let reason: Reason?
        }
        struct Reason: Encodable {
            let kind, message: String
        }
        let presenter = AcceptOptionsPresenter(format: format)
        return RouteDocument.encode(
            Output(
                version: version, confirmed: response.confirmed, asOf: RouteDocument.timestamp(response.asOf), rerouted: response.rerouted.count,
                left: response.left.count,
                cargo: response.entries.map { entry in
                    let choice: String =
                        switch entry.option {
                        case .best: "best"
                        case .position(let position): String(position + 1)
                        case .reference(let reference): reference
                        }
                    return Chosen(
                        trackingId: entry.trackingId.rawValue, choice: choice, rerouted: entry.change != nil,
                        confirmation: AcceptOptionsPresenter.confirmation(entry),
                        option: entry.change.map { ChangedOption($0) },
                        cargo: (entry.after ?? entry.cargo).map(Cargo.init),
                        reason: entry.reason.map { Reason(kind: $0.code, message: presenter.text($0)) })
                }))
    }

    /// `cargo`, `track --format csv`, one row per cargo:
    /// `tracking_id,teu,customer_id,origin,destination,ready,deadline,cargo_type,dangerous_goods,status,transport_status,last_location,current_voyage,next_event,next_location,next_voyage,next_time,eta`;
    /// with `asOf`, a list's, also `booking_reference,standing,slack_hours`: how each stands against its deadline then
    /// (`late`, `at risk`, `fine` or blank), and the hours from its ETA to its deadline.
    public static func csv(_ cargo: [CargoSummary], asOf: Date? = nil) -> String {
        let header =
            [
                "tracking_id", "teu", "customer_id", "origin", "destination", "ready", "deadline", "cargo_type", "dangerous_goods", "status",
                "transport_status", "last_location", "current_voyage", "next_event", "next_location", "next_voyage", "next_time", "eta",
            ] + (asOf == nil ? [] : ["booking_reference", "standing", "slack_hours"])
        let rows = cargo.map { summary in
            let row = Cargo(summary), next = row.nextExpectedActivity
            let listed = asOf.map { asOf in
                [
                    summary.bookingReference ?? "", summary.standing(at: asOf)?.rawValue ?? "",
                    summary.slack.map { String(format: "%.1f", $0 / 3600) } ?? "",
                ]
            }
            return [
                row.trackingId, String(row.teu), row.customerId ?? "", row.origin, row.destination, row.ready, row.deadline, row.cargoType,
                String(row.dangerousGoods), row.status, row.transportStatus, row.lastLocation ?? "", row.currentVoyage ?? "",
                next?.event ?? "", next?.location ?? "", next?.voyage ?? "", next?.time ?? "", row.eta ?? "",
            ] + (listed ?? [])
        }
        return text(header: header, rows: rows)
    }

    /// `reroute --format csv`, one row per leg of every option, numbered from 1 as `assign-route` takes them;
    /// a cargo without options has one row with the option fields empty and the problem's code:
    /// `tracking_id,reason,option,reference,leg,voyage,vessel,from,to,departure,arrival,problem`.
    public static func csv(_ response: ReRouteCargoResponse) -> String {
        var rows: [[String]] = []
        for entry in response.entries {
            let head = [entry.cargo.trackingId.rawValue, entry.reason?.code ?? "onTrack"]
            switch entry.options {
            case .success(let itineraries) where !itineraries.isEmpty:
                for (option, itinerary) in itineraries.enumerated() {
                    for (position, leg) in itinerary.legs.enumerated() {
                        rows.append(
                            head + [
                                "\(option + 1)", itinerary.reference, "\(position + 1)", leg.voyage.number.rawValue, leg.voyage.vessel ?? "",
                                leg.loadLocation.code.rawValue, leg.unloadLocation.code.rawValue, RouteDocument.timestamp(leg.loadTime),
                                RouteDocument.timestamp(leg.unloadTime), "",
                            ])
                    }
                }
            case .success:
                rows.append(head + Array(repeating: "", count: 10))
            case .failure(let error):
                rows.append(head + Array(repeating: "", count: 9) + [Problem(error).kind])
            }
        }
        return text(
            header: ["tracking_id", "reason", "option", "reference", "leg", "voyage", "vessel", "from", "to", "departure", "arrival", "problem"],
            rows: rows)
    }

    // MARK: The shapes

    /// A cargo as every document writes it.
    struct Cargo: Encodable {
        let trackingId: String
        let teu: Int
        let customerId: String?
        let bookingReference: String?
        let origin, destination, ready, deadline: String
        let cargoType: String
        let dangerousGoods: Bool
        let maxTransitDays: Double?
        let weightTonnes: Double?
        let status, routingStatus, transportStatus: String
        let lastLocation: String?
        let currentVoyage: String?
        let nextExpectedActivity: Activity?
        let eta: String?
        let unexpectedEvent: Event?
        let itinerary: Itinerary?
        let events: [Event]
        let changes: [Change]
        let cancelledAt: String?

        init(_ cargo: CargoSummary) {
            let delivery = cargo.delivery, specification = cargo.specification
            trackingId = cargo.trackingId.rawValue
            teu = cargo.teu
            customerId = cargo.customerId?.rawValue
            bookingReference = cargo.bookingReference
            origin = specification.origin.rawValue
            destination = specification.destination.rawValue
            ready = RouteDocument.timestamp(specification.readyTime)
            deadline = RouteDocument.timestamp(specification.arrivalDeadline)
            cargoType = specification.cargoType.rawValue
            dangerousGoods = specification.containsDangerousGoods
            maxTransitDays = specification.maximumTransitTime.map { Double($0.components.seconds) / 86_400 }
            weightTonnes = cargo.weight
            status =
                switch delivery.status {
                case .onTrack: "onTrack"
                case .misdirected: "misdirected"
                case .notRouted: "notRouted"
                case .misrouted: "misrouted"
                case .disrupted: "disrupted"
                case .claimed: "claimed"
                case .cancelled: "cancelled"
                }
            routingStatus =
                switch delivery.routingStatus {
                case .notRouted: "notRouted"
                case .routed: "routed"
                case .misrouted: "misrouted"
                }
            transportStatus =
                switch delivery.transportStatus {
                case .notReceived: "notReceived"
                case .inPort: "inPort"
                case .onboardCarrier: "onboardCarrier"
                case .claimed: "claimed"
                }
            lastLocation = delivery.lastKnownLocation?.rawValue
            currentVoyage = delivery.currentVoyage?.rawValue
            nextExpectedActivity = delivery.nextExpectedActivity.map(Activity.init)
            eta = delivery.estimatedTimeOfArrival.map(RouteDocument.timestamp)
            unexpectedEvent = delivery.unexpectedEvent.map(Event.init)
            itinerary = cargo.itinerary.map(Itinerary.init)
            events = cargo.handlingEvents.map(Event.init)
            changes = cargo.changes.map(Change.init)
            cancelledAt = cargo.cancellationTime.map(RouteDocument.timestamp)
        }
    }

    /// A change recorded: its kind (`booked`, `respecified`, `routed`, `handled`), what changed, who made it, for
    /// which party (`forwarder`, `customer`, `carrier`) and when.
    struct Change: Encodable {
        let kind, detail, by, party, at: String

        init(_ change: CargoChange) {
            kind = change.kind.rawValue
            detail = change.detail
            by = change.by
            party = change.party.rawValue
            at = RouteDocument.timestamp(change.at)
        }
    }

    /// A handling event.
    struct Event: Encodable {
        let event, location: String
        let voyage: String?
        let completionTime, registrationTime: String

        init(_ event: HandlingEvent) {
            self.event = event.kind.rawValue
            location = event.location.rawValue
            voyage = event.voyage?.rawValue
            completionTime = RouteDocument.timestamp(event.completionTime)
            registrationTime = RouteDocument.timestamp(event.registrationTime)
        }
    }

    /// What the itinerary expects next; `time` is a load's departure or an unload's arrival.
    struct Activity: Encodable {
        let event, location: String
        let voyage: String?
        let time: String?

        init(_ activity: HandlingActivity) {
            event = activity.kind.rawValue
            location = activity.location.rawValue
            voyage = activity.voyage?.rawValue
            time = activity.time.map(RouteDocument.timestamp)
        }
    }

    /// An itinerary: its reference (what `assign-route` takes), its times and its legs.
    struct Itinerary: Encodable {
        let reference, departure, arrival: String
        let handlingCostPerTEU: Double?
        let co2eKgPerTEU: Double?
        let distanceNauticalMiles: Double?
        let legs: [Leg]

        init(_ itinerary: RoutePlanner.Itinerary) {
            reference = itinerary.reference
            departure = RouteDocument.timestamp(itinerary.departureTime)
            arrival = RouteDocument.timestamp(itinerary.arrivalTime)
            handlingCostPerTEU = itinerary.handlingCostPerTEU
            co2eKgPerTEU = itinerary.co2ePerTEU
            distanceNauticalMiles = itinerary.distance
            legs = itinerary.legs.map(Leg.init)
        }
    }

    /// A leg as every JSON document writes it (`leg` in docs/schemas/common.schema.json).
    struct Leg: Encodable {
        let voyage: String
        /// How the leg travels where it is not aboard a vessel: `barge`, `rail` or `truck` (a haul).
        let mode: String?
        let vessel: String?
        let from, to, departure, arrival: String
        let co2eKgPerTEU: Double?
        /// What `co2eKgPerTEU` rests on where it is estimated (`Leg.co2eEstimate`).
        let co2eEstimate: String?
        let distanceNauticalMiles: Double?

        init(_ leg: RoutePlanner.Leg) {
            voyage = leg.voyage.number.rawValue
            mode = leg.voyage.mode == .vessel ? nil : leg.voyage.mode.rawValue
            vessel = leg.voyage.vessel
            from = leg.loadLocation.code.rawValue
            to = leg.unloadLocation.code.rawValue
            departure = RouteDocument.timestamp(leg.loadTime)
            arrival = RouteDocument.timestamp(leg.unloadTime)
            co2eKgPerTEU = leg.co2ePerTEU
            co2eEstimate = leg.co2ePerTEU == nil ? nil : leg.co2eEstimate
            distanceNauticalMiles = leg.distance
        }
    }

    /// A call a publication omitted or added: its port, and which call there it is.
    struct PublishedCall: Encodable {
        let port: String
        let call: Int

        init(_ reference: CallReference) { (port, call) = (reference.port.rawValue, reference.sequence ?? 1) }
    }

    /// An option for a disrupted cargo beside its itinerary as planned: its number in the offer (when listed so), the
    /// itinerary, and how many hours later it arrives and how much more it costs and emits per TEU (null when not known).
    struct ChangedOption: Encodable {
        let candidate: Int?
        let itinerary: Itinerary
        let arrivalChangeHours: Double
        let handlingCostChangePerTEU: Double?
        let co2eKgChangePerTEU: Double?

        init(_ option: OptionChange, candidate: Int? = nil) {
            self.candidate = candidate
            itinerary = Itinerary(option.itinerary)
            arrivalChangeHours = Disruption.hours(option.arrivalChange)
            handlingCostChangePerTEU = option.costChange
            co2eKgChangePerTEU = option.co2eChange
        }

        enum CodingKeys: String, CodingKey {
            case candidate, itinerary, arrivalChangeHours, handlingCostChangePerTEU, co2eKgChangePerTEU
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encodeIfPresent(candidate, forKey: .candidate)
            try container.encode(itinerary, forKey: .itinerary)
            try container.encode(arrivalChangeHours, forKey: .arrivalChangeHours)
            try container.encode(handlingCostChangePerTEU, forKey: .handlingCostChangePerTEU)
            try container.encode(co2eKgChangePerTEU, forKey: .co2eKgChangePerTEU)
        }
    }

    /// What disrupts an itinerary: its kind, the leg (from 1) and the port, or how many hours late or over; with its
    /// cause, by how many hours the cargo misses and the calls that moved.
    struct Disruption: Encodable {
        struct Change: Encodable {
            let voyage, port, kind: String
            let shiftHours: Double?

            enum CodingKeys: String, CodingKey {
                case voyage, port, kind, shiftHours
            }

            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(voyage, forKey: .voyage)
                try container.encode(port, forKey: .port)
                try container.encode(kind, forKey: .kind)
                // Present as null when the call is no longer made.
                try container.encode(shiftHours, forKey: .shiftHours)
            }
        }

        let kind: String
        let leg: Int?
        let port: String?
        let hours: Double?
        var marginHours: Double?
        var changes: [Change]?

        init(_ cause: DisruptionCause) {
            self.init(cause.disruption)
            marginHours = cause.margin.map(Self.hours)
            changes = cause.changes.map {
                Change(voyage: $0.voyage.rawValue, port: $0.port.rawValue, kind: $0.kind.rawValue, shiftHours: $0.shift.map(Self.hours))
            }
        }

        init(_ disruption: ItineraryDisruption) {
            kind = disruption.code
            switch disruption {
            case .legNoLongerSails(let index, _): (leg, port, hours) = (index + 1, nil, nil)
            case .missesConnection(let index, let at): (leg, port, hours) = (index + 1, at.rawValue, nil)
            case .missesDeparture(let at): (leg, port, hours) = (1, at.rawValue, nil)
            case .arrivesLate(let late), .exceedsTransitTime(let late): (leg, port, hours) = (nil, nil, Self.hours(late))
            }
        }

        /// A duration in hours, to the hundredth.
        static func hours(_ duration: Duration) -> Double { (Double(duration.components.seconds) / 36).rounded() / 100 }
    }

    /// Why there are no options: the domain error's code, and the earliest arrival there would be for `noRoute`.
    struct Problem: Encodable {
        let kind: String
        let earliestPossibleArrival: String?

        init(_ error: DomainError) {
            kind = error.code
            if case .schedule(.noRoute(_, let earliest?)) = error {
                earliestPossibleArrival = RouteDocument.timestamp(earliest)
            } else {
                earliestPossibleArrival = nil
            }
        }
    }

    private static func text(header: [String], rows: [[String]]) -> String {
        ([header] + rows).map { $0.map(CSVWriter.field).joined(separator: ",") }.joined(separator: "\n")
    }
}

extension DomainError {
    /// The error's name in documents: `unknownLocation`, `noRoute`, `closed` (routing a claimed cargo),
    /// `invalidOperation`, ….
    public var code: String {
        switch self {
        case .schedule(.unknownLocation): "unknownLocation"
        case .schedule(.unknownVoyage): "unknownVoyage"
        case .cargo(.notFound): "cargoNotFound"
        case .cargo(.closed): "closed"
        case .cargo(.cancelled): "cancelled"
        case .cargo(.loaded): "loaded"
        case .customer(.notFound): "customerNotFound"
        case .cargo(.deadlinePassed): "deadlinePassed"
        case .customer(.registered): "customerRegistered"
        case .schedule(.noRoute): "noRoute"
        case .cargo(.itineraryDoesNotFit): "itineraryDoesNotSatisfySpecification"
        case .invalidOperation: "invalidOperation"
        case .storage(.unavailable): "repositoryFailure"
        case .storage(.conflict): "conflict"
        case .schedule(.invalidScenario): "invalidScenario"
        case .fileErrors: "fileErrors"
        case .cancelled: "cancelled"
        case .schedule(.capacitiesUnknown): "capacitiesUnknown"
        case .account(.notPermitted): "notPermitted"
        case .account(.notAuthenticated): "notAuthenticated"
        case .account(.tooManyAttempts): "tooManyAttempts"
        case .account(.userExists): "userExists"
        case .account(.userNotFound): "userNotFound"
        case .account(.tokenNotFound): "tokenNotFound"
        }
    }
}
