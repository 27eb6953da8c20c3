import Foundation
import RoutePlanner

/// The raw fields of the disruptions screen: which disrupted cargo to list.
public struct ListDisruptionsForm: Hashable, Sendable {
    /// The form's fields, which key its errors.
    public enum Field: String, FormField {
        case standing
    }

    /// `late`, `at-risk` or `fine`: only the disrupted cargo that stand so against their deadlines; blank for all.
    public var standing: String

    public init(standing: String = "") {
        self.standing = standing
    }
}

/// A request for the cargo the schedule as it now sails disrupts.
public struct ListDisruptionsRequest: FormRequest, Hashable {
    /// Only the cargo of this standing; `nil` for all.
    public var standing: DeadlineStanding?

    /// Validates the form: `standing` blank or one of `late`, `at-risk` and `fine`.
    public static func create(_ form: ListDisruptionsForm) -> Result<ListDisruptionsRequest, ValidationError<ListDisruptionsForm.Field>> {
        let text = form.standing.trimmingCharacters(in: .whitespaces).lowercased().replacingOccurrences(of: "-", with: " ")
        guard text.isEmpty || DeadlineStanding(rawValue: text) != nil else {
            let choices = DeadlineStanding.allCases.map { ListCargoRequest.formValue($0.rawValue) }.joined(separator: ", ")
            return .failure(ValidationError(fields: [.standing: "Enter one of \(choices), or nothing for all."]))
        }
        return .success(ListDisruptionsRequest(standing: DeadlineStanding(rawValue: text)))
    }
}

/// The cargo the schedule as it now sails disrupts, each with what disrupts it and the options it was last offered,
/// and the carriers' last events and publications.
public struct ListDisruptionsResponse: Hashable, Sendable {
    /// A disrupted cargo.
    public struct Entry: Hashable, Sendable {
        /// The cargo as the schedule now sails: its customer, ETA (none when the schedule breaks its route) and status.
        public let cargo: CargoSummary
        /// What disrupts it, the calls that moved and by how much it misses.
        public let cause: DisruptionCause
        /// When its itinerary was planned to arrive.
        public let plannedArrival: Date
        /// How it stands against its deadline at the response's business time.
        public let standing: DeadlineStanding?
        /// The options it was last offered, and the specification they were found for; `nil` before any.
        public let offer: RouteOffer?
        /// The offer's options beside its itinerary as planned, numbered from 1 as they were offered.
        public let options: [OptionChange]

        /// What disrupts it.
        public var disruption: ItineraryDisruption { cause.disruption }

        public init(cargo: CargoSummary, cause: DisruptionCause, plannedArrival: Date, standing: DeadlineStanding?, offer: RouteOffer?) {
            self.cargo = cargo
            self.cause = cause
            self.plannedArrival = plannedArrival
            self.standing = standing
            self.offer = offer
            options = cargo.itinerary.map { planned in (offer?.itineraries ?? []).map { OptionChange($0, against: planned) } } ?? []
        }
    }

    /// The disrupted cargo of the standing asked for, in tracking id order.
    public let entries: [Entry]
    /// How many cargo are disrupted, of every standing.
    public let disrupted: Int
    /// The standing asked for; `nil` for all.
    public let standing: DeadlineStanding?
    /// Business time, which the standings are read at.
    public let asOf: Date
    /// The carriers' last events applied, the oldest of them first, and how many were applied in all.
    public let events: [CarrierEvent]
    public let eventCount: Int
    /// The last voyages published again, the oldest of them first, and how many were published in all.
    public let publications: [RecordedPublication]
    public let publicationCount: Int

    public init(
        entries: [Entry], disrupted: Int? = nil, standing: DeadlineStanding? = nil, asOf: Date, events: [CarrierEvent], eventCount: Int,
        publications: [RecordedPublication] = [], publicationCount: Int = 0
    ) {
        self.entries = entries
        self.disrupted = disrupted ?? entries.count
        self.standing = standing
        self.asOf = asOf
        self.events = events
        self.eventCount = eventCount
        self.publications = publications
        self.publicationCount = publicationCount
    }
}

/// Lists every open cargo the principal sees whose itinerary the schedule as it now sails disrupts
/// (`Cargo.disruptionCause(in:)`), as ``ApplyCarrierEventsInteractor`` finds them, with the options it last offered each:
/// a read of what the batches of events left, which changes nothing.
///
/// The cargo come from the composition's ``CargoIndex``, which works out each one's delivery once per write and per
/// schedule; only the disrupted cargo's offers are read.
public struct ListDisruptionsInteractor: UseCase {
    private let index: CargoIndex
    private let principal: Principal
    private let offers: any CargoRepository
    private let events: (any CarrierEventRepository)?
    private let now: @Sendable () -> Date

    /// The most events, and the most publications, listed.
    static let eventLimit = 20

    /// - Parameters:
    ///   - index: The cargo as the schedule now sails, kept current.
    ///   - principal: Who asks, who sees only the cargo `Principal.sees(_:)` lets it.
    ///   - offers: The offers of the cargo, read only for the cargo the index lets the principal see (so a repository
    ///     that need not check again).
    ///   - events: The carriers' events applied, listed after the cargo.
    ///   - now: Business time, which standings are read at.
    public init(
        index: CargoIndex, principal: Principal, offers: any CargoRepository, events: (any CarrierEventRepository)?,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.index = index
        self.principal = principal
        self.offers = offers
        self.events = events
        self.now = now
    }

    public func execute(_ request: ListDisruptionsRequest) async -> Result<ListDisruptionsResponse, DomainError> {
        do {
            let asOf = now()
            var listed: [(cargo: CargoSummary, cause: DisruptionCause, planned: Date, standing: DeadlineStanding?)] = [], disrupted = 0
            for entry in try await index.cargo(seenBy: principal) {
                let cargo = entry.summary
                guard let itinerary = cargo.itinerary, let cause = cargo.delivery.disruptionCause else { continue }
                disrupted += 1
                let standing = cargo.standing(at: asOf)
                guard request.standing == nil || standing == request.standing else { continue }
                listed.append((cargo, cause, itinerary.arrivalTime, standing))
            }
            let offered = try await offers.offers(for: listed.map(\.cargo.trackingId))
            let entries = listed.map {
                ListDisruptionsResponse.Entry(
                    cargo: $0.cargo, cause: $0.cause, plannedArrival: $0.planned, standing: $0.standing, offer: offered[$0.cargo.trackingId])
            }
            let recorded = try await events?.recordedEvents(limit: Self.eventLimit) ?? (events: [], total: 0)
            let published = try await events?.recordedPublications(limit: Self.eventLimit) ?? (publications: [], total: 0)
            return .success(
                ListDisruptionsResponse(
                    entries: entries, disrupted: disrupted, standing: request.standing, asOf: asOf, events: recorded.events, eventCount: recorded.total,
                    publications: published.publications, publicationCount: published.total))
        } catch {
            return .failure(.repository(error))
        }
    }
}

/// Writes each disrupted cargo, "RP000003: misses the connection to leg 2 at NGAPP by 14 hours: …", with its ETA,
/// delay, standing and options beside its plan, and the events as ``ListCarrierEventsPresenter`` writes them.
public struct ListDisruptionsPresenter: Presenter {
    /// The fields of the form whose errors it presents.
    public typealias Field = ListDisruptionsForm.Field
    public var format: PlannerFormat

    public init(format: PlannerFormat = PlannerFormat()) {
        self.format = format
    }

    public func content(for response: ListDisruptionsResponse) -> DisruptionsView {
        DisruptionsView(
            response: response,
            cargo: response.entries.map { entry in
                let planned = entry.cargo.itinerary.map { format.itinerary(entry.cargo.specification, $0) }
                return DisruptionsView.Cargo(
                    entry: entry, tracking: format.tracking(entry.cargo, asOf: response.asOf), disruption: format.disruption(entry.cause),
                    plannedArrival: format.dateTime(entry.plannedArrival),
                    estimatedArrival: entry.cargo.delivery.estimatedTimeOfArrival.map(format.dateTime) ?? "none: its route no longer takes it there",
                    delay: format.delay(entry.cargo) ?? (entry.cargo.delivery.estimatedTimeOfArrival == nil ? "not known until it is re-routed" : "none"),
                    current: planned,
                    options: zip(entry.options, entry.offer?.itineraries ?? []).map { change, itinerary in
                        DisruptionOptionView(
                            itinerary: format.itinerary(entry.offer!.specification, itinerary), change: ApplyCarrierEventsPresenter.change(change),
                            accepted: false)
                    })
            },
            summary: Self.summary(response),
            events: ListCarrierEventsPresenter(format: format).content(for: ListCarrierEventsResponse(events: response.events, total: response.eventCount))
                .map { $0.lines.joined(separator: " ") },
            publications: response.publications.map { publication in
                "\(ApplyCarrierEventsPresenter.text(publication.changes)): version \(publication.version), \(publication.source), "
                    + format.dateTime(publication.recordedAt)
            })
    }

    /// "12 cargo disrupted; 3 of them late." or "12 cargo disrupted: 3 late.".
    static func summary(_ response: ListDisruptionsResponse) -> String {
        let all = "\(PlannerFormat.count(response.disrupted)) cargo disrupted"
        guard let standing = response.standing else { return all + "." }
        return all + "; \(PlannerFormat.count(response.entries.count)) of them \(standing)."
    }
}

/// The disruptions as a planner reads them, with the response itself for what a view computes.
public struct DisruptionsView: Hashable, Sendable {
    /// A disrupted cargo.
    public struct Cargo: Hashable, Sendable {
        public let entry: ListDisruptionsResponse.Entry
        /// The cargo as tracked, its standing and delay among it.
        public let tracking: CargoTrackingView
        /// "misses the connection to leg 2 at NGAPP by 14 hours: WS15-W09 reaches NGAPP 1 day later than planned".
        public let disruption: String
        /// When its itinerary was planned to arrive, and when it now arrives on it.
        public let plannedArrival: String
        public let estimatedArrival: String
        /// "2 days later than planned", "none", or "not known until it is re-routed" when its route is broken.
        public let delay: String
        /// Its itinerary as planned.
        public let current: ItineraryViewModel?
        /// Its options, numbered from 1, each beside the itinerary as planned.
        public let options: [DisruptionOptionView]
    }

    public let response: ListDisruptionsResponse
    public let cargo: [Cargo]
    /// "12 cargo disrupted; 3 of them late."
    public let summary: String
    /// The last events, each "ACT arrival of WS15-W09 at MYTPP (call 1), Sun 8 Mar 2026, 11:00 UTC".
    public let events: [String]
    /// The last voyages published again, each "WS29-W09: omits NLRTM: version 2, schedule-update.json, Fri 27 Nov 2026,
    /// 16:00 UTC".
    public let publications: [String]
}

public typealias ListDisruptionsCoordinator = Coordinator<ListDisruptionsInteractor, ListDisruptionsPresenter>
