import Foundation
import RoutePlanner

/// The raw fields of a route search, as a form or a command line gives them: a booked cargo's tracking
/// id, or a free-standing specification.
public struct RouteCargoForm: Hashable, Sendable {
    /// The form's fields, which key its errors.
    public enum Field: String, FormField {
        case trackingId, origin, destination, ready, deadline, limit, maxTransshipments, maxModeChanges, via, avoid, avoidVoyages, cargoType, dangerousGoods,
            maxTransitDays,
            order, criteria, modes
    }

    /// A booked cargo, routed from where it is now; the specification fields stay blank then.
    public var trackingId: String
    public var origin: String
    public var destination: String
    /// A date (`2026-03-01`, the start of the day in UTC) or a date-time with a zone.
    public var ready: String
    /// A date (`2026-04-01`, the end of the day in UTC) or a date-time with a zone.
    public var deadline: String
    /// The most candidates, from 1 to 50.
    public var limit: String
    /// Empty for any number, else from 0 to 10.
    public var maxTransshipments: String
    /// The most changes of mode (a truck to a barge, a barge to a vessel): empty for any number, else from 0 to 10.
    public var maxModeChanges: String
    public var via: [String]
    public var avoid: [String]
    public var avoidVoyages: [String]
    /// `DRY` or `REEFER` (DCSA's names); blank is dry. A booked cargo has its own.
    public var cargoType: String
    /// Whether the cargo holds dangerous goods. A booked cargo has its own.
    public var dangerousGoods: Bool
    /// The longest transit in days, decimals allowed; blank for no limit. A booked cargo has its own.
    public var maxTransitDays: String
    /// The order of the options: `arrival` (blank: the router's, earliest arrival first), `cost` (handling
    /// cost per TEU, cheapest first) or `co2` (CO2e per TEU, least first).
    public var order: String
    /// Extra criteria of the candidates, `cost` and `co2`, each alone or several comma-separated.
    public var criteria: [String]
    /// The modes the options may travel by, `vessel`, `barge`, `rail` and `truck`, each alone or several
    /// comma-separated; every mode when none is given.
    public var modes: [String]

    public init(
        trackingId: String = "", origin: String = "", destination: String = "", ready: String = "", deadline: String = "",
        limit: String = "5", maxTransshipments: String = "", maxModeChanges: String = "", via: [String] = [], avoid: [String] = [], avoidVoyages: [String] = [],
        cargoType: String = "", dangerousGoods: Bool = false, maxTransitDays: String = "", order: String = "", criteria: [String] = [],
        modes: [String] = []
    ) {
        self.modes = modes
        self.order = order
        self.criteria = criteria
        self.maxTransitDays = maxTransitDays
        self.cargoType = cargoType
        self.dangerousGoods = dangerousGoods
        self.trackingId = trackingId
        self.origin = origin
        self.destination = destination
        self.ready = ready
        self.deadline = deadline
        self.limit = limit
        self.maxTransshipments = maxTransshipments
        self.maxModeChanges = maxModeChanges
        self.via = via
        self.avoid = avoid
        self.avoidVoyages = avoidVoyages
    }

    /// The deadline when none is given: 60 days after a ready date or date-time, as a date-time in UTC. (When
    /// the ready time is wrong, its own error says so; the default then only has to be well formed.)
    public static func defaultDeadline(after ready: String) -> String {
        guard case .success(let date) = DateText.date(from: ready, endOfDay: false) else { return "9999-12-31" }
        // Never past the last second a date may have, so that a late ready time is not blamed on the default.
        return DateText.timestamp(min(date + 60 * 86_400, RouteSpecification.supportedTimes.upperBound))
    }
}

/// A validated request for the candidate itineraries of a booked cargo or of a specification.
public struct RouteCargoRequest: FormRequest, Hashable {
    /// What to route.
    public enum Target: Hashable, Sendable {
        case specification(RouteSpecification)
        /// A booked cargo, from where it is now to its destination by its deadline.
        case cargo(trackingId: TrackingId)
    }

    /// The order of the options.
    public enum Order: String, Hashable, Sendable, CaseIterable {
        /// The router's: earliest arrival first (then later departure, then fewer transshipments).
        case arrival
        /// Cheapest handling per TEU first (`Itinerary.handlingCostPerTEU`; options without a cost
        /// last), then the router's order.
        case cost
        /// Least CO2e per TEU first (`Itinerary.co2ePerTEU`; options without it last), then the
        /// router's order.
        case co2

        /// The itineraries in this order.
        func sorted(_ itineraries: [Itinerary]) -> [Itinerary] {
            let key: (Itinerary) -> Double?
            switch self {
            case .arrival: return itineraries
            case .cost: key = \.handlingCostPerTEU
            case .co2: key = \.co2ePerTEU
            }
            return itineraries.enumerated().sorted { a, b in
                (key(a.element) ?? .infinity, a.offset) < (key(b.element) ?? .infinity, b.offset)
            }.map(\.element)
        }
    }

    public let target: Target
    /// The most itineraries to return, from 1 to ``maximumLimit``.
    public let limit: Int
    public let options: RoutingOptions
    /// The order of the options returned (and offered, numbered from 1).
    public private(set) var order: Order = .arrival

    /// The request with the options in another order.
    public func ordered(_ order: Order) -> RouteCargoRequest {
        var request = self
        request.order = order
        return request
    }

    /// The most candidates a request may ask for.
    public static let maximumLimit = 50
    /// The most transshipments a request may allow.
    public static let maximumTransshipments = 10
    /// The most changes of mode a request may allow.
    public static let maximumModeChanges = 10

    /// Validates the parts of a request and makes it.
    ///
    /// - Returns: The request, or a ``ValidationError`` with a message for every invalid field: `destination`
    ///   (equal to the origin), `deadline` (before the ready time), `limit`, `maxTransshipments`, `maxModeChanges`, `via` and
    ///   `avoid` (naming the origin or the destination), and `maxTransitDays` (not positive or more than 10 years).
    public static func create(
        origin: UnLocode, destination: UnLocode, readyTime: Date, arrivalDeadline: Date, limit: Int = 5,
        maxTransshipments: Int? = nil, maxModeChanges: Int? = nil, via: [UnLocode] = [], avoiding: Set<UnLocode> = [],
        avoidingVoyages: Set<VoyageNumber> = [], cargoType: CargoType = .dry, containsDangerousGoods: Bool = false,
        maximumTransitTime: Duration? = nil, criteria: Set<RoutingCriterion> = [], modes: Set<TransportMode> = Set(TransportMode.allCases),
        truckFromOrigin: Bool = true, truckToDestination: Bool = true
    ) -> Result<RouteCargoRequest, ValidationError<RouteCargoForm.Field>> {
        var fields = FormFields<RouteCargoForm.Field>()
        validate(
            origin: origin, destination: destination, readyTime: readyTime, arrivalDeadline: arrivalDeadline, limit: limit,
            maxTransshipments: maxTransshipments, via: via, avoiding: avoiding, into: &fields)
        if let maxModeChanges, !(0...maximumModeChanges).contains(maxModeChanges) {
            fields.fail(.maxModeChanges, "Enter a whole number from 0 to \(maximumModeChanges).")
        }
        if let maximumTransitTime, !(maximumTransitTime > .zero && maximumTransitTime <= RouteSpecification.transitTimeLimit) {
            fields.fail(.maxTransitDays, "Enter a number of days above 0 and up to \(maximumTransitDays).")
        }
        guard fields.errors.isEmpty,
            let specification = try? RouteSpecification(
                origin: origin, destination: destination, readyTime: readyTime, arrivalDeadline: arrivalDeadline,
                cargoType: cargoType, containsDangerousGoods: containsDangerousGoods, maximumTransitTime: maximumTransitTime)
        else { return .failure(ValidationError(fields: fields.errors)) }
        return .success(
            RouteCargoRequest(
                target: .specification(specification), limit: limit,
                options: RoutingOptions(
                    maxTransshipments: maxTransshipments, maxModeChanges: maxModeChanges, via: via, avoidedLocations: avoiding,
                    avoidedVoyages: avoidingVoyages, criteria: criteria, modes: modes, truckFromOrigin: truckFromOrigin, truckToDestination: truckToDestination)
            ))
    }

    /// The longest maximum transit a request takes, in days: 10 years.
    public static let maximumTransitDays = RouteSpecification.maximumTransitDays

    /// Validates a form: every field error at once, keyed by ``RouteCargoForm/Field``.
    public static func create(_ form: RouteCargoForm) -> Result<RouteCargoRequest, ValidationError<RouteCargoForm.Field>> {
        var fields = FormFields<RouteCargoForm.Field>()
        let orderText = form.order.trimmingCharacters(in: .whitespaces).lowercased()
        let order = orderText.isEmpty ? .arrival : Order(rawValue: orderText)
        if order == nil { fields.fail(.order, "Enter arrival, cost or co2.") }
        let request = readForm(form, into: &fields)
        guard let order else { return .failure(ValidationError(fields: fields.errors)) }
        return request.map { $0.ordered(order) }
    }

    private static func readForm(_ form: RouteCargoForm, into fields: inout FormFields<RouteCargoForm.Field>) -> Result<
        RouteCargoRequest, ValidationError<RouteCargoForm.Field>
    > {
        let trackingId = TrackingId(form.trackingId)
        let limit = fields.integer(form.limit, field: .limit, in: 1...maximumLimit, required: true)
        let maxTransshipments = fields.integer(
            form.maxTransshipments, field: .maxTransshipments, in: 0...maximumTransshipments, required: false)
        let maxModeChanges = fields.integer(form.maxModeChanges, field: .maxModeChanges, in: 0...maximumModeChanges, required: false)
        let via = fields.codes(form.via, field: .via)
        let avoid = Set(fields.codes(form.avoid, field: .avoid))
        let avoidVoyages = fields.voyages(form.avoidVoyages, field: .avoidVoyages)
        let criteria = fields.criteria(form.criteria, field: .criteria)
        let modes = fields.modes(form.modes, field: .modes)
        if let trackingId {
            for (field, text): (RouteCargoForm.Field, String) in [
                (.origin, form.origin), (.destination, form.destination), (.ready, form.ready), (.deadline, form.deadline),
                (.cargoType, form.cargoType + (form.dangerousGoods ? "DG" : "")), (.maxTransitDays, form.maxTransitDays),
            ] where !text.trimmingCharacters(in: .whitespaces).isEmpty {
                fields.fail(field, "Leave this blank: a booked cargo is routed by its own specification.")
            }
            guard fields.errors.isEmpty, let limit = limit ?? nil, let maxTransshipments, let maxModeChanges else {
                return .failure(ValidationError(fields: fields.errors))
            }
            return .success(
                RouteCargoRequest(
                    target: .cargo(trackingId: trackingId), limit: limit,
                    options: RoutingOptions(
                        maxTransshipments: maxTransshipments, maxModeChanges: maxModeChanges, via: via, avoidedLocations: avoid,
                        avoidedVoyages: avoidVoyages, criteria: criteria, modes: modes)))
        }
        let origin = fields.code(form.origin, field: .origin)
        let destination = fields.code(form.destination, field: .destination)
        let ready = fields.date(form.ready, field: .ready, endOfDay: false)
        let deadline = fields.date(form.deadline, field: .deadline, endOfDay: true)
        let cargoType = fields.cargoType(form.cargoType, field: .cargoType)
        let transit = fields.transitTime(form.maxTransitDays, field: .maxTransitDays)
        validate(
            origin: origin, destination: destination, readyTime: ready, arrivalDeadline: deadline, limit: nil,
            maxTransshipments: nil, via: via, avoiding: avoid, into: &fields)
        guard fields.errors.isEmpty, let origin, let destination, let ready, let deadline, let limit = limit ?? nil,
            let maxTransshipments, let maxModeChanges, let cargoType, let transit
        else { return .failure(ValidationError(fields: fields.errors)) }
        return create(
            origin: origin, destination: destination, readyTime: ready, arrivalDeadline: deadline, limit: limit,
            maxTransshipments: maxTransshipments, maxModeChanges: maxModeChanges, via: via, avoiding: avoid, avoidingVoyages: avoidVoyages,
            cargoType: cargoType,
            containsDangerousGoods: form.dangerousGoods, maximumTransitTime: transit, criteria: criteria, modes: modes)
    }

    /// The field errors of the request against a schedule (its dates, `ScheduleNetwork.sailingSpan`, as
    /// every front end names them): `ready` after its last departure, `deadline` not after its first. None for a booked
    /// cargo (routed by its own specification from where it is) or an empty schedule.
    public func fieldErrors(against network: ScheduleNetwork) -> [RouteCargoForm.Field: String] {
        guard case .specification(let specification) = target, let span = network.sailingSpan, let departures = network.departureSpan else { return [:] }
        let sails = "The schedule sails from \(DateText.day(span.lowerBound)) to \(DateText.day(span.upperBound))"
        var fields: [RouteCargoForm.Field: String] = [:]
        if specification.readyTime > departures.upperBound {
            fields[.ready] = sails + ", its last departure at \(DateText.timestamp(departures.upperBound)): enter a ready time no later than that."
        }
        if specification.arrivalDeadline <= departures.lowerBound {
            fields[.deadline] = sails + ", its first departure at \(DateText.timestamp(departures.lowerBound)): enter a deadline after that."
        }
        return fields
    }

    /// The check of a request against the schedule of `voyages` (``fieldErrors(against:)``), for a
    /// ``Controller``; a schedule that cannot be read is left to the use case to report.
    public static func scheduleCheck(_ voyages: any VoyageRepository) -> @Sendable (RouteCargoRequest) async -> [RouteCargoForm.Field: String] {
        { request in
            guard let network = try? await voyages.network() else { return [:] }
            return request.fieldErrors(against: network)
        }
    }

    /// The checks across the fields of a specification, on whatever parts are known: the destination differs from
    /// the origin, the deadline is after the ready time.
    static func validate<Field: SpecificationField>(
        origin: UnLocode?, destination: UnLocode?, readyTime: Date?, arrivalDeadline: Date?, into fields: inout FormFields<Field>
    ) {
        if let origin, origin == destination { fields.fail(.destination, "The destination must differ from the origin.") }
        if let readyTime, let arrivalDeadline, arrivalDeadline <= readyTime {
            fields.fail(.deadline, "The deadline must be after the ready time.")
        }
    }

    /// The checks across fields, on whatever parts are known.
    static func validate(
        origin: UnLocode?, destination: UnLocode?, readyTime: Date?, arrivalDeadline: Date?, limit: Int?,
        maxTransshipments: Int?, via: [UnLocode], avoiding: Set<UnLocode>, into fields: inout FormFields<RouteCargoForm.Field>
    ) {
        validate(origin: origin, destination: destination, readyTime: readyTime, arrivalDeadline: arrivalDeadline, into: &fields)
        if let limit, !(1...maximumLimit).contains(limit) {
            fields.fail(.limit, "Enter a whole number from 1 to \(maximumLimit).")
        }
        if let maxTransshipments, !(0...maximumTransshipments).contains(maxTransshipments) {
            fields.fail(.maxTransshipments, "Enter a whole number from 0 to \(maximumTransshipments).")
        }
        for code in via where code == origin || code == destination {
            fields.fail(.via, "\(code) is the origin or the destination; a via port lies between them.")
        }
        if zip(via, via.dropFirst()).contains(where: { $0 == $1 }) { fields.fail(.via, "A via port is repeated.") }
        if via.count > RoutingOptions.maximumVia { fields.fail(.via, "Enter at most \(RoutingOptions.maximumVia) via ports.") }
        for code in avoiding.sorted() where code == origin || code == destination || via.contains(code) {
            fields.fail(.avoid, "\(code) cannot be avoided: it is the origin, the destination or a via port.")
        }
    }
}

/// The fields of a form that specifies a route, which the checks across them name.
protocol SpecificationField: FormField {
    static var destination: Self { get }
    static var deadline: Self { get }
}

extension RouteCargoForm.Field: SpecificationField {}
extension BookCargoForm.Field: SpecificationField {}
