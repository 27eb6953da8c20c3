import DCSACommercialSchedules
import Foundation
import Hummingbird
import Logging
import RoutePlanner
import RoutePlannerApplication
import RoutePlannerFormats

/// DCSA Commercial Schedules 1.0.3 over a schedule: point-to-point routings from the router, port and vessel
/// schedules from the network's voyages. Each operation reads its request with ``OperationQuery`` and answers
/// with the documents of `RoutePlannerFormats`, the types generated from the specification; docs/Server.md says
/// how each parameter is read.
///
/// Every request takes the schedule being served once and finishes on it. A request with problems is answered
/// 400 with a DCSA `ErrorResponse` holding one entry per problem; a search that runs past its budget, 503.
struct CommercialSchedulesAPI: Sendable {
    /// The version of the standard served, sent as `API-Version` with every response.
    static let apiVersion = "1.0.3"
    /// How many days after the day a port schedule is asked for it covers: a week, in which every weekly
    /// service calls.
    static let portScheduleDays = 7
    /// How far after the departure window's start the arrival may be when no arrival window ends it.
    static let defaultSearchDays = 60

    /// The operations by path, each declared once: the router adds them, and answers every other method of their paths
    /// 405. All are `GET` (and `HEAD`).
    static let operations: [(path: String, answer: @Sendable (CommercialSchedulesAPI, Request) async -> Response)] = [
        ("/v1/point-to-point-routes", { api, request in await api.answer(request, api.pointToPointRoutes) }),
        ("/v1/port-schedules", { api, request in await api.answer(request, api.portSchedules) }),
        ("/v1/vessel-schedules", { api, request in await api.answer(request, api.vesselSchedules) }),
    ]

    /// The process's composition of the application, which runs the searches.
    let application: RoutePlannerComposition
    let schedules: ScheduleHolder
    let budget: Duration
    let metrics: ServerMetrics
    let now: @Sendable () -> Date

    // MARK: Point-to-point routings

    /// A point-to-point query read and checked: the route request, the windows that filter its candidates, and
    /// the page asked for.
    struct PointToPointQuery {
        let request: RouteCargoRequest
        let departureEnd: Date?
        let arrivalStart: Date?
        let page: Page
        let filters: [String?]
        let generation: Int
    }

    /// `GET /v1/point-to-point-routes`: the candidate itineraries, a page at a time.
    func pointToPointRoutes(_ query: OperationQuery<PointToPointParameter>) async throws -> OperationAnswer {
        let schedule = schedules.current
        let read: PointToPointQuery
        switch pointToPointQuery(query, in: schedule) {
        case .success(let query): read = query
        case .failure(let problems): return .badRequest(problems)
        }
        var itineraries = try await search(read.request, in: schedule.network)
        if let departureEnd = read.departureEnd { itineraries.removeAll { $0.departureTime > departureEnd } }
        if let arrivalStart = read.arrivalStart { itineraries.removeAll { $0.arrivalTime < arrivalStart } }
        let range = read.page.range(of: itineraries.count)
        return .ok(
            RouteDocument.pointToPoint(Array(itineraries[range]), numberedFrom: range.lowerBound + 1),
            nextPageCursor: read.page.nextCursor(count: itineraries.count, generation: read.generation, filters: read.filters))
    }

    /// Reads a point-to-point query, or gives every problem it has.
    ///
    /// The dates are local days: a departure date at the place of receipt, an arrival date at the place of
    /// delivery, as the routings show them (``ServedSchedule/utcOffset(of:at:)``). Without `departureStartDate` the
    /// cargo is ready now; without `arrivalEndDate` the deadline is 60 days after the latest of the other dates.
    func pointToPointQuery(_ query: OperationQuery<PointToPointParameter>, in schedule: ServedSchedule) -> Result<PointToPointQuery, QueryProblems> {
        var query = query
        let network = schedule.network
        let origin = query.location(.placeOfReceipt, in: network)
        let destination = query.location(.placeOfDelivery, in: network)
        /// A day read in UTC, moved to the local day at a port.
        func local(_ day: Date?, at location: Location?) -> Date? {
            day.map { day in day.addingTimeInterval(-Double(location.map { schedule.utcOffset(of: $0, at: day) } ?? 0)) }
        }
        let departureStart = local(query.date(.departureStartDate), at: origin)
        let departureEnd = local(query.date(.departureEndDate, endOfDay: true), at: origin)
        let arrivalStart = local(query.date(.arrivalStartDate), at: destination)
        let arrivalEnd = local(query.date(.arrivalEndDate, endOfDay: true), at: destination)
        query.window((departureStart, .departureStartDate), (departureEnd, .departureEndDate))
        query.window((arrivalStart, .arrivalStartDate), (arrivalEnd, .arrivalEndDate))
        let ready = departureStart ?? now()
        if departureStart == nil, let departureEnd, departureEnd < ready {
            query.add(
                .invalidValue, .departureEndDate,
                "departureEndDate is before today (\(DateText.day(ready))), where the departure window starts when departureStartDate is not given.")
        }
        let maxTranshipment = query.integer(.maxTranshipment)
        if let maxTranshipment, !(0...Int32(RouteCargoRequest.maximumTransshipments)).contains(maxTranshipment) {
            query.add(.invalidValue, .maxTranshipment, "maxTranshipment must be from 0 to \(RouteCargoRequest.maximumTransshipments).")
        }
        // A store door (SD) is a truck to or from the place, which a schedule with hauls offers; a container yard (CY),
        // the default, is the place itself, with no truck from the origin or to the destination.
        var serviceTypes: [String] = []
        for parameter in [PointToPointParameter.receiptTypeAtOrigin, .deliveryTypeAtDestination] {
            let type = query.oneOf(parameter, ["CY", "SD", "CFS"])
            if type == "CFS" || type == "SD" && network.haulage.isEmpty {
                query.add(
                    .notOffered, parameter,
                    network.haulage.isEmpty
                        ? "Only CY is offered: this schedule has no hauls by truck, so route-planner routes from terminal to terminal, without door (SD) or CFS service."
                        : "CY and SD are offered: route-planner has no CFS service.")
            }
            serviceTypes.append(type ?? "CY")
        }
        let cargoType = query[.cargoType].map { CargoType(rawValue: $0) } ?? .dry
        if cargoType == nil { query.add(.invalidValue, .cargoType, "cargoType must be DRY or REEFER.") }
        // The filters as they mean: a default given explicitly is the same query.
        let filters = [
            query[.placeOfReceipt], query[.placeOfDelivery], query[.departureStartDate], query[.departureEndDate], query[.arrivalStartDate],
            query[.arrivalEndDate], maxTranshipment.map { String($0) }, serviceTypes[0], serviceTypes[1], cargoType?.rawValue ?? query[.cargoType],
        ]
        let page = query.page(generation: schedule.generation, filters: filters)
        guard query.problems.isEmpty, let origin, let destination, let cargoType, let page else { return .failure(query.problems) }

        // The collection is the best candidates, up to the most a search returns; a page needs those up to its end
        // and one more, to know whether a next page exists; windows that filter the options need them all.
        let deadline = arrivalEnd ?? (arrivalStart ?? departureEnd ?? ready).addingTimeInterval(Double(Self.defaultSearchDays) * 86_400)
        let filtered = departureEnd != nil || arrivalStart != nil
        let wanted = filtered ? RouteCargoRequest.maximumLimit : min(RouteCargoRequest.maximumLimit, page.offset + page.limit + 1)
        switch RouteCargoRequest.create(
            origin: origin.code, destination: destination.code, readyTime: ready, arrivalDeadline: deadline, limit: wanted,
            maxTransshipments: maxTranshipment.map { Int($0) }, cargoType: cargoType, truckFromOrigin: serviceTypes[0] == "SD",
            truckToDestination: serviceTypes[1] == "SD")
        {
        case .success(let request):
            return .success(
                PointToPointQuery(
                    request: request, departureEnd: departureEnd, arrivalStart: arrivalStart, page: page, filters: filters,
                    generation: schedule.generation))
        case .failure(let invalid):
            for (field, message) in invalid.fields.sorted(by: { $0.key < $1.key }) { query.add(.invalidValue, field.parameter, message) }
            if query.problems.isEmpty {
                query.add(
                    .invalidValue, .departureStartDate, "The dates cannot make a search: the departure and the arrival must fall between the years 1 and 9999.")
            }
            return .failure(query.problems)
        }
    }

    /// The candidates of a request, found by the route use case, through its controller, over `network` (the schedule
    /// of the query's generation) within the budget; none when there is no route.
    ///
    /// - Throws: ``ErrorDocument/OverBudget`` when the search runs past the budget (answered 503), and the use
    ///   case's error for any other failure (answered 500).
    private func search(_ request: RouteCargoRequest, in network: ScheduleNetwork) async throws -> [Itinerary] {
        let controller = application.scheduled(on: network).routeCargo.controller
        switch await TimeBudget.run(budget, on: Self.searches, { await controller.run(request) }) {
        case .success(let response)?:
            metrics.searched(response.itineraries.isEmpty ? .noRoute : .found)
            return response.itineraries
        case .failure(.schedule(.noRoute))?:
            metrics.searched(.noRoute)
            return []
        case nil, .failure(.cancelled)?:
            metrics.searched(.overBudget)
            throw ErrorDocument.OverBudget(budget: budget)
        case .failure(let error)?:
            throw error
        }
    }

    // MARK: Port schedules

    /// `GET /v1/port-schedules`: a port's calls in the week from a day.
    func portSchedules(_ query: OperationQuery<PortScheduleParameter>) async throws -> OperationAnswer {
        var query = query
        let schedule = schedules.current, network = schedule.network
        let location = query.location(.unLocationCode, in: network)
        let day = query.date(.date, required: true)
        let filters = [query[.unLocationCode], query[.date]]
        let page = query.page(generation: schedule.generation, filters: filters)
        guard query.problems.isEmpty, let location, let day, let page else { return .badRequest(query.problems) }
        let request = ShowPortScheduleRequest(port: location.code, firstDay: day, days: Self.portScheduleDays)
        let calls = try await application.scheduled(on: network).showPortSchedule.controller.run(request).get().calls
        let collection = [ScheduleDocument.portSchedule(location, calls: calls)]
        return .ok(
            Array(collection[page.range(of: collection.count)]),
            nextPageCursor: page.nextCursor(count: collection.count, generation: schedule.generation, filters: filters))
    }

    // MARK: Vessel schedules

    /// `GET /v1/vessel-schedules`: the voyages the filters choose, with their calls.
    func vesselSchedules(_ query: OperationQuery<VesselScheduleParameter>) async throws -> OperationAnswer {
        var query = query
        let schedule = schedules.current, network = schedule.network
        let voyageFilters = VesselScheduleParameter.voyageFilters.map { query[$0] }
        if voyageFilters.allSatisfy({ $0 == nil }) {
            query.add(
                .missing, nil,
                "Give at least one filter: vesselIMONumber, vesselName, carrierServiceCode, carrierVoyageNumber, UNLocationCode, or another of the standard's.")
        }
        // The patterns and lengths the specification gives these parameters.
        for (parameter, pattern, example): (VesselScheduleParameter, String, String) in [
            (.vesselIMONumber, #"^\d{7,8}$"#, "7 or 8 digits"),
            (.vesselName, #"^\S(?:.*\S)?$"#, "at most 50 characters, without spaces around them"),
            (.carrierServiceCode, #"^.{1,11}$"#, "at most 11 characters"),
            (.universalServiceReference, #"^SR\d{5}[A-Z]$"#, "SR, 5 digits and a letter"),
            (.carrierVoyageNumber, #"^.{1,50}$"#, "at most 50 characters"),
            (.universalVoyageReference, #"^\d{2}[0-9A-Z]{2}[NEWSR]$"#, "such as 2201N"),
            (.facilitySMDGCode, #"^.{1,6}$"#, "at most 6 characters"),
            (.vesselOperatorCarrierCode, #"^.{1,10}$"#, "at most 10 characters"),
        ] {
            if let value = query[parameter],
                value.range(of: pattern, options: .regularExpression) == nil || (parameter == .vesselName && value.count > 50)
            {
                query.add(.invalidValue, parameter, "\(parameter.rawValue) must be \(example).")
            }
        }
        let port = query.location(.unLocationCode, in: network, required: false)
        let start = query.date(.startDate), end = query.date(.endDate, endOfDay: true)
        query.window((start, .startDate), (end, .endDate))
        let scope = query[.responseScope] ?? "FULL_VOYAGE"
        if scope != "FULL_VOYAGE" && scope != "MATCHED_CALLS" {
            query.add(.invalidValue, .responseScope, "responseScope must be FULL_VOYAGE or MATCHED_CALLS.")
        }
        let filters = voyageFilters + [query[.startDate], query[.endDate], query[.responseScope]]
        let page = query.page(generation: schedule.generation, filters: filters)
        guard query.problems.isEmpty, let page else { return .badRequest(query.problems) }
        // The standard's defaults: from 3 months before the request to 6 months after it, matched on local dates.
        let today = now()
        let firstDay = query[.startDate] ?? DateText.day(today.addingTimeInterval(-91 * 86_400))
        let lastDay = query[.endDate] ?? DateText.day(today.addingTimeInterval(183 * 86_400))
        // Filters DCSA defines that a schedule file does not carry (universal references, SMDG terminal codes, operator
        // codes) match no voyage.
        let unmatchable = [query[.universalServiceReference], query[.universalVoyageReference], query[.facilitySMDGCode], query[.vesselOperatorCarrierCode]]
        var matched: [(voyage: Voyage, calls: [PortCall])] = []
        if unmatchable.allSatisfy({ $0 == nil }) {
            // A voyage number the schedule cannot have (not one of ours) matches none.
            let voyage = query[.carrierVoyageNumber]
            let request = ShowVesselSchedulesRequest(
                voyage: voyage.flatMap(VoyageNumber.init), vesselName: query[.vesselName], vesselIMONumber: query[.vesselIMONumber],
                service: query[.carrierServiceCode], port: port?.code, startDate: firstDay, endDate: lastDay, matchedCallsOnly: scope == "MATCHED_CALLS")
            if voyage == nil || request.voyage != nil {
                matched = try await application.scheduled(on: network).showVesselSchedules.controller.run(request).get().schedules.map {
                    ($0.voyage, $0.calls)
                }
            }
        }
        let collection = ScheduleDocument.serviceSchedules(matched)
        return .ok(
            Array(collection[page.range(of: collection.count)]),
            nextPageCursor: page.nextCursor(count: collection.count, generation: schedule.generation, filters: filters))
    }

    // MARK: Helpers

    static let cursorMessage =
        "cursor is not one this server gave for this query and this schedule: ask again without it (the schedule may have been reloaded)."

    /// The executor the searches run on.
    static let searches = DispatchTaskExecutor(label: "route-planner.searches", concurrent: true)
}
