import Foundation
import RoutePlanner

/// The raw fields of the list of carriers' events applied: DCSA Track & Trace 2.2's filters of `GET /v2/events`, how
/// many events a page holds, and the cursor of a page after the first.
///
/// A filter's values are joined by commas, as the specification writes a list (`eventType=TRANSPORT,EQUIPMENT`).
public struct ListCarrierEventsForm: Hashable, Sendable {
    /// The form's fields, named as the specification's query parameters, which key its errors.
    public enum Field: String, FormField {
        case eventType, shipmentEventTypeCode, documentTypeCode, transportEventTypeCode, equipmentEventTypeCode
        case carrierBookingReference, bookingReference, exportVoyageNumber, carrierVoyageNumber
        case unLocationCode = "UNLocationCode"
        case createdAt = "eventCreatedDateTime", createdAtExactly = "eventCreatedDateTime:eq"
        case createdAfter = "eventCreatedDateTime:gt", createdFrom = "eventCreatedDateTime:gte"
        case createdBefore = "eventCreatedDateTime:lt", createdUntil = "eventCreatedDateTime:lte"
        case limit, cursor
    }

    /// The filters given, by field; `limit` and `cursor` are read from their own properties.
    public var filters: [Field: String]
    /// The most events of a page, from 1 to 1,000; blank for 100.
    public var limit: String
    /// The cursor of a page after the first, as the previous page's `Next-Page-Cursor` gave it; blank for the first.
    public var cursor: String

    public init(filters: [Field: String] = [:], limit: String = "", cursor: String = "") {
        self.filters = filters
        self.limit = limit
        self.cursor = cursor
    }
}

/// Which carriers' events a list holds: each condition given must hold, and a list of values matches any of them.
public struct CarrierEventFilter: Hashable, Sendable, Codable {
    /// The specification's event types: an event of another is never listed (route-planner keeps no shipment events).
    public enum EventType: String, Hashable, Sendable, Codable, CaseIterable {
        case transport = "TRANSPORT", equipment = "EQUIPMENT", shipment = "SHIPMENT"
    }

    public var eventTypes: Set<EventType>?
    /// Shipment event types or document types asked for: only shipment events have them, so none is listed.
    public var asksForShipmentEvents = false
    /// Transport event types: `ARRI`, `DEPA`.
    public var transportEventTypes: Set<String>?
    /// Equipment event types, of the specification's eleven; only those that hand a cargo on are kept.
    public var equipmentEventTypes: Set<String>?
    public var bookingReferences: Set<String>?
    public var voyages: Set<String>?
    public var ports: Set<String>?
    /// The earliest and latest creation times, and whether each bound is itself included.
    public var createdFrom: Date?, createdFromIncluded = true
    public var createdUntil: Date?, createdUntilIncluded = true

    public init() {}

    /// Whether an event is listed.
    public func matches(_ event: CarrierEvent) -> Bool {
        guard !asksForShipmentEvents else { return false }
        let created: Date
        switch event {
        case .vesselCall(let call):
            guard eventTypes?.contains(.transport) ?? true, transportEventTypes?.contains(call.kind.rawValue) ?? true,
                equipmentEventTypes == nil, bookingReferences == nil, voyages?.contains(call.call.voyage.rawValue) ?? true,
                ports?.contains(call.call.port.rawValue) ?? true
            else { return false }
            created = call.created
        case .equipment(let handling):
            guard eventTypes?.contains(.equipment) ?? true, transportEventTypes == nil, equipmentEventTypes?.contains(handling.kind.rawValue) ?? true,
                bookingReferences?.contains(handling.bookingReference) ?? true,
                voyages.map({ handling.voyage.map(\.rawValue).map($0.contains) ?? false }) ?? true,
                ports?.contains(handling.port.rawValue) ?? true
            else { return false }
            created = handling.created
        }
        if let createdFrom, createdFromIncluded ? created < createdFrom : created <= createdFrom { return false }
        if let createdUntil, createdUntilIncluded ? created > createdUntil : created >= createdUntil { return false }
        return true
    }
}

/// A validated request for a page of the carriers' events applied.
public struct ListCarrierEventsRequest: FormRequest, Hashable {
    public let filter: CarrierEventFilter
    /// The position of the last event before the page: 0 for the first page.
    public let after: Int
    public let limit: Int

    /// The most events one page lists.
    public static let maximumLimit = 1_000

    /// The specification's values of each enumerated filter.
    static let shipmentEventTypeCodes = [
        "RECE", "DRFT", "PENA", "PENU", "REJE", "APPR", "ISSU", "SURR", "SUBM", "VOID", "CONF", "REQS", "CMPL", "HOLD", "RELS",
    ]
    static let documentTypeCodes = ["CBR", "BKG", "SHI", "SRM", "TRD", "ARN", "VGM", "CAS", "CUS", "DGD", "OOG"]

    /// The event types each filter applies to; a filter of none of the types asked for is refused, as the
    /// specification's conformance toolkit expects.
    static func eventTypes(of field: ListCarrierEventsForm.Field) -> Set<CarrierEventFilter.EventType> {
        switch field {
        case .shipmentEventTypeCode, .documentTypeCode: [.shipment]
        case .transportEventTypeCode: [.transport]
        case .equipmentEventTypeCode: [.equipment]
        case .exportVoyageNumber, .carrierVoyageNumber, .unLocationCode: [.transport, .equipment]
        default: Set(CarrierEventFilter.EventType.allCases)
        }
    }

    /// Validates the form: every filter's values, the filters against the event types asked for, `limit` from 1 to
    /// 1,000 (blank for 100), and a cursor this server gave for the same filters.
    public static func create(_ form: ListCarrierEventsForm) -> Result<ListCarrierEventsRequest, ValidationError<ListCarrierEventsForm.Field>> {
        var fields = FormFields<ListCarrierEventsForm.Field>()
        let limit = fields.integer(form.limit, field: .limit, in: 1...maximumLimit, required: false)
        var filter = CarrierEventFilter()
        func values(_ field: ListCarrierEventsForm.Field, oneOf allowed: [String]? = nil) -> Set<String>? {
            guard let text = form.filters[field] else { return nil }
            let listed = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            if listed.contains(where: \.isEmpty) {
                fields.fail(field, "Give \(field.rawValue) as one value or several joined by commas.")
                return nil
            }
            if let allowed, let wrong = listed.first(where: { !allowed.contains($0) }) {
                fields.fail(field, "\(wrong.prefix(100)) is not one of \(allowed.joined(separator: ", ")).")
                return nil
            }
            return Set(listed)
        }
        filter.eventTypes = values(.eventType, oneOf: CarrierEventFilter.EventType.allCases.map(\.rawValue))
            .map { Set($0.compactMap(CarrierEventFilter.EventType.init(rawValue:))) }
        let shipmentCodes = values(.shipmentEventTypeCode, oneOf: shipmentEventTypeCodes)
        let documentTypes = values(.documentTypeCode, oneOf: documentTypeCodes)
        filter.asksForShipmentEvents = shipmentCodes != nil || documentTypes != nil
        filter.transportEventTypes = values(.transportEventTypeCode, oneOf: VesselCallEvent.Kind.allCases.map(\.rawValue))
        filter.equipmentEventTypes = values(.equipmentEventTypeCode, oneOf: TrackAndTraceEvents.equipmentEventTypeCodes)
        let references = [values(.carrierBookingReference), values(.bookingReference)].compactMap { $0 }
        filter.bookingReferences = references.isEmpty ? nil : references.reduce(into: Set()) { $0.formUnion($1) }
        let voyages = [ListCarrierEventsForm.Field.exportVoyageNumber, .carrierVoyageNumber].compactMap { field in
            values(field).map { texts in
                Set(
                    texts.compactMap { text -> String? in
                        guard let number = VoyageNumber(text) else {
                            fields.fail(field, "\(text.prefix(100)) is not a voyage number.")
                            return nil
                        }
                        return number.rawValue
                    })
            }
        }
        filter.voyages = voyages.isEmpty ? nil : voyages.reduce(into: Set()) { $0.formUnion($1) }
        filter.ports = values(.unLocationCode).map { Set(fields.codes($0.sorted(), field: .unLocationCode).map(\.rawValue)) }
        for (field, isLower, included) in [
            (ListCarrierEventsForm.Field.createdAt, true, true), (.createdAtExactly, true, true), (.createdFrom, true, true), (.createdAfter, true, false),
            (.createdAt, false, true), (.createdAtExactly, false, true), (.createdUntil, false, true), (.createdBefore, false, false),
        ] {
            guard let text = form.filters[field], let time = fields.dateTime(text, field: field) else { continue }
            if isLower, filter.createdFrom.map({ time >= $0 }) ?? true {
                (filter.createdFrom, filter.createdFromIncluded) = (time, included)
            } else if !isLower, filter.createdUntil.map({ time <= $0 }) ?? true {
                (filter.createdUntil, filter.createdUntilIncluded) = (time, included)
            }
        }
        if let asked = filter.eventTypes {
            for field in form.filters.keys.sorted() where field != .eventType && eventTypes(of: field).isDisjoint(with: asked) {
                fields.fail(
                    field,
                    "\(field.rawValue) filters events of type \(eventTypes(of: field).map(\.rawValue).sorted().joined(separator: " or ")), "
                        + "and eventType asks for \(asked.map(\.rawValue).sorted().joined(separator: ", ")) only.")
            }
        }
        var after = 0
        if !form.cursor.isEmpty {
            if let page = EventPageCursor(form.cursor), form.filters.isEmpty || page.filter == filter {
                (after, filter) = (page.after, page.filter)
            } else {
                fields.fail(
                    .cursor,
                    "This cursor is not one this server gave for these filters: send the Next-Page-Cursor of the page before, with the same filters or none.")
            }
        }
        guard fields.errors.isEmpty, let limit else { return .failure(ValidationError(fields: fields.errors)) }
        return .success(ListCarrierEventsRequest(filter: filter, after: after, limit: limit ?? 100))
    }
}

/// Where a page of carriers' events starts: after which event, under which filter. Written as URL-safe base64 of
/// JSON, it holds nothing a client could not ask for by filters.
struct EventPageCursor: Codable, Hashable {
    let after: Int
    let filter: CarrierEventFilter

    init(after: Int, filter: CarrierEventFilter) {
        self.after = after
        self.filter = filter
    }

    /// Reads a cursor's text; `nil` for any text this server did not write.
    init?(_ text: String) {
        guard text.utf8.count <= 4_096 else { return nil }
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.utf8.count % 4) % 4)
        guard let data = Data(base64Encoded: base64), let cursor = try? JSONDecoder().decode(Self.self, from: data), cursor.after >= 0 else { return nil }
        self = cursor
    }

    var text: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let data = (try? encoder.encode(self)) ?? Data()
        return data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}

/// A page of the carriers' events applied, in the order applied, and the cursors of this page and of the next.
public struct ListCarrierEventsResponse: Hashable, Sendable {
    public let events: [CarrierEvent]
    /// How many events were applied in all, of every kind.
    public let total: Int
    /// The cursor of this page.
    public let current: String
    /// The cursor of the next page; `nil` when this is the last.
    public let next: String?

    public init(events: [CarrierEvent], total: Int, current: String = "", next: String? = nil) {
        self.events = events
        self.total = total
        self.current = current
        self.next = next
    }
}

/// Lists the carriers' events applied to the store (``ApplyCarrierEventsInteractor``) that a filter selects, a page
/// at a time from the first applied: each transport event that moved or confirmed a call's time, and each equipment
/// event registered as a cargo's handling.
public struct ListCarrierEventsInteractor: UseCase {
    private let events: (any CarrierEventRepository)?

    /// How many recorded events are read at a time while a page is filled.
    static let chunk = 1_000

    /// - Parameter events: Where the events are kept; without a store, none are.
    public init(events: (any CarrierEventRepository)?) {
        self.events = events
    }

    public func execute(_ request: ListCarrierEventsRequest) async -> Result<ListCarrierEventsResponse, DomainError> {
        let current = EventPageCursor(after: request.after, filter: request.filter).text
        guard let events else { return .success(ListCarrierEventsResponse(events: [], total: 0, current: current)) }
        do {
            var page: [(position: Int, event: CarrierEvent)] = []
            var position = request.after
            // One event past the page tells whether there is a next one.
            // Only transport and equipment events are kept: a list of other types is empty without a scan.
            let kept: Set<CarrierEventFilter.EventType> = [.transport, .equipment]
            scan: while !request.filter.asksForShipmentEvents, request.filter.eventTypes.map({ !$0.isDisjoint(with: kept) }) ?? true {
                let read = try await events.recordedEvents(after: position, limit: Self.chunk)
                for each in read where request.filter.matches(each.event) {
                    page.append(each)
                    if page.count > request.limit { break scan }
                }
                guard read.count == Self.chunk, let last = read.last else { break }
                position = last.position
                if Task.isCancelled { return .failure(.cancelled) }
            }
            let shown = page.prefix(request.limit)
            let next = page.count > request.limit ? shown.last.map { EventPageCursor(after: $0.position, filter: request.filter).text } : nil
            let total = try await events.recordedEvents(limit: 0).total
            return .success(ListCarrierEventsResponse(events: shown.map(\.event), total: total, current: current, next: next))
        } catch {
            return .failure(.repository(error))
        }
    }
}

/// Writes each event: "ACT arrival of WS15-W09 at MYTPP, 2026-03-08T11:00:00Z", "load of booking ACME-0001 at CNSHA on WS29-W09, 2026-03-05T08:00:00Z".
public struct ListCarrierEventsPresenter: Presenter {
    /// The fields of the form whose errors it presents.
    public typealias Field = ListCarrierEventsForm.Field
    public var format: PlannerFormat

    public init(format: PlannerFormat = PlannerFormat()) {
        self.format = format
    }

    public func content(for response: ListCarrierEventsResponse) -> [Described<CarrierEvent>] {
        response.events.map { event in
            switch event {
            case .vesselCall(let call):
                Described(
                    event, "\(call.classifier.rawValue) \(call.kind == .arrival ? "arrival of" : "departure of") \(call.call), \(format.dateTime(call.time))")
            case .equipment(let handling):
                Described(
                    event,
                    "\(handling.kind.handling) of booking \(handling.bookingReference) at \(handling.port)"
                        + (handling.voyage.map { " on \($0)" } ?? "") + ", \(format.dateTime(handling.time))")
            }
        }
    }
}

public typealias ListCarrierEventsCoordinator = Coordinator<ListCarrierEventsInteractor, ListCarrierEventsPresenter>
