import Foundation
import RoutePlanner

/// The raw fields of the disruptions screen: none, since every disrupted cargo is listed.
public struct ListDisruptionsForm: Hashable, Sendable {
    /// The form's fields: none, so it is always valid.
    public typealias Field = NoFields

    public init() {}
}

/// A request for the cargo the schedule as it now sails disrupts.
public struct ListDisruptionsRequest: FormRequest, Hashable {
    /// The form has no fields, so it is always valid.
    public static func create(_ form: ListDisruptionsForm) -> Result<ListDisruptionsRequest, ValidationError<ListDisruptionsForm.Field>> {
        .success(ListDisruptionsRequest())
    }
}

/// The cargo the schedule as it now sails disrupts, with the options each was last offered, and the carriers' last
/// events and publications.
public struct ListDisruptionsResponse: Hashable, Sendable {
    /// A disrupted cargo.
    public struct Entry: Hashable, Sendable {
        public let cargo: CargoSummary
        public let disruption: ItineraryDisruption
        /// When its itinerary was planned to arrive.
        public let plannedArrival: Date
        /// The options it was last offered, and the specification they were found for; `nil` before any.
        public let offer: RouteOffer?

        public init(cargo: CargoSummary, disruption: ItineraryDisruption, plannedArrival: Date, offer: RouteOffer?) {
            self.cargo = cargo
            self.disruption = disruption
            self.plannedArrival = plannedArrival
            self.offer = offer
        }
    }

    /// The disrupted cargo, in tracking id order.
    public let entries: [Entry]
    /// The carriers' last events applied, the oldest of them first, and how many were applied in all.
    public let events: [CarrierEvent]
    public let eventCount: Int
    /// The last voyages published again, the oldest of them first, and how many were published in all.
    public let publications: [RecordedPublication]
    public let publicationCount: Int

    public init(entries: [Entry], events: [CarrierEvent], eventCount: Int, publications: [RecordedPublication] = [], publicationCount: Int = 0) {
        self.entries = entries
        self.events = events
        self.eventCount = eventCount
        self.publications = publications
        self.publicationCount = publicationCount
    }
}

/// Lists every open cargo whose itinerary the schedule as it now sails disrupts
/// (`ScheduleNetwork.disruption(of:from:boardingFrom:specification:departedAt:)`), as ``ApplyCarrierEventsInteractor``
/// finds them, with the options it last offered each: a read of what a batch of events left, which changes nothing.
public struct ListDisruptionsInteractor: UseCase {
    private let cargoRepository: any CargoRepository
    private let voyages: any VoyageRepository
    private let events: (any CarrierEventRepository)?

    /// The most events, and the most publications, listed.
    static let eventLimit = 20

    public init(cargo: any CargoRepository, voyages: any VoyageRepository, events: (any CarrierEventRepository)?) {
        cargoRepository = cargo
        self.voyages = voyages
        self.events = events
    }

    public func execute(_ request: ListDisruptionsRequest) async -> Result<ListDisruptionsResponse, DomainError> {
        do {
            let network = try await voyages.network()
            var entries: [ListDisruptionsResponse.Entry] = []
            for cargo in try await cargoRepository.allCargo() {
                guard let itinerary = cargo.itinerary, let disruption = cargo.disruption(in: network) else { continue }
                entries.append(
                    .init(
                        cargo: CargoSummary(cargo, over: network), disruption: disruption, plannedArrival: itinerary.arrivalTime,
                        offer: try await cargoRepository.offer(for: cargo.trackingId)))
            }
            let recorded = try await events?.recordedEvents(limit: Self.eventLimit) ?? (events: [], total: 0)
            let published = try await events?.recordedPublications(limit: Self.eventLimit) ?? (publications: [], total: 0)
            return .success(
                ListDisruptionsResponse(
                    entries: entries, events: recorded.events, eventCount: recorded.total, publications: published.publications,
                    publicationCount: published.total))
        } catch {
            return .failure(.repository(error))
        }
    }
}

/// Writes each disrupted cargo, "RP000003: misses the connection to leg 2 at NGAPP", and the events as
/// ``ListCarrierEventsPresenter`` writes them.
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
                DisruptionsView.Cargo(
                    entry: entry, tracking: format.tracking(entry.cargo), disruption: ApplyCarrierEventsPresenter(format: format).text(entry.disruption),
                    plannedArrival: format.dateTime(entry.plannedArrival))
            },
            events: ListCarrierEventsPresenter(format: format).content(for: ListCarrierEventsResponse(events: response.events, total: response.eventCount))
                .map { $0.lines.joined(separator: " ") },
            publications: response.publications.map { publication in
                "\(ApplyCarrierEventsPresenter.text(publication.changes)): version \(publication.version), \(publication.source), "
                    + format.dateTime(publication.recordedAt)
            })
    }
}

/// The disruptions as a planner reads them, with the response itself for what a view computes.
public struct DisruptionsView: Hashable, Sendable {
    /// A disrupted cargo.
    public struct Cargo: Hashable, Sendable {
        public let entry: ListDisruptionsResponse.Entry
        public let tracking: CargoTrackingView
        /// "misses the connection to leg 2 at NGAPP".
        public let disruption: String
        public let plannedArrival: String
    }

    public let response: ListDisruptionsResponse
    public let cargo: [Cargo]
    /// The last events, each "ACT arrival of WS15-W09 at MYTPP (call 1), Sun 8 Mar 2026, 11:00 UTC".
    public let events: [String]
    /// The last voyages published again, each "WS29-W09: omits NLRTM: version 2, schedule-update.json, Fri 27 Nov 2026,
    /// 16:00 UTC".
    public let publications: [String]
}

public typealias ListDisruptionsCoordinator = Coordinator<ListDisruptionsInteractor, ListDisruptionsPresenter>
