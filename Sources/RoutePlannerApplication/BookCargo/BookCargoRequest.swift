import Foundation
import RoutePlanner

/// The raw fields of a booking, as a form or a command line gives them.
public struct BookCargoForm: Hashable, Sendable {
    /// The form's fields, which key its errors.
    public enum Field: String, FormField {
        case origin, destination, ready, deadline, teu, customer, revenue, cargoType, dangerousGoods, maxTransitDays, weight, bookingReference, option
    }

    public var origin: String
    public var destination: String
    /// A date (the start of the day, UTC) or a date-time with a zone.
    public var ready: String
    /// A date (the end of the day, UTC) or a date-time with a zone.
    public var deadline: String
    /// A whole number of TEU, at least 1.
    public var teu: String
    /// The id of a registered customer.
    public var customer: String
    /// Revenue per TEU; blank when not known.
    public var revenue: String
    /// `DRY` or `REEFER` (DCSA's names); blank is dry.
    public var cargoType: String
    /// Whether the cargo holds dangerous goods.
    public var dangerousGoods: Bool
    /// The longest transit in days, decimals allowed; blank for no limit.
    public var maxTransitDays: String
    /// The gross weight in tonnes, decimals allowed; blank when not known.
    public var weight: String
    /// The booking's reference in the customer's or carrier's system, which carriers' equipment events name; blank for
    /// none.
    public var bookingReference: String
    /// Blank to book alone, or the reference of a route option (`RP-…`, an itinerary's `reference`) to book and route
    /// on it in one step.
    public var option: String

    public init(
        origin: String, destination: String, ready: String, deadline: String, teu: String = "1", customer: String, revenue: String = "",
        cargoType: String = "", dangerousGoods: Bool = false, maxTransitDays: String = "", weight: String = "", bookingReference: String = "",
        option: String = ""
    ) {
        self.bookingReference = bookingReference
        self.option = option
        self.maxTransitDays = maxTransitDays
        self.weight = weight
        self.cargoType = cargoType
        self.dangerousGoods = dangerousGoods
        self.origin = origin
        self.destination = destination
        self.ready = ready
        self.deadline = deadline
        self.teu = teu
        self.customer = customer
        self.revenue = revenue
    }
}

/// A validated booking.
public struct BookCargoRequest: FormRequest, Hashable {
    public let specification: RouteSpecification
    public let teu: Int
    public let customerId: CustomerId
    public let revenuePerTEU: Double?
    /// The gross weight in tonnes, when known.
    public let weight: Double?
    /// The booking's reference, when it has one.
    public let bookingReference: String?
    /// The reference of the route option to route it on at once, or `nil` to book it alone.
    public let option: String?

    /// The most TEU one booking may hold.
    public static let maximumTEU = 100_000

    /// The longest booking reference, as DCSA's `carrierBookingReference`.
    public static let maximumReferenceLength = 35

    /// Validates the form: every field error at once, keyed by `origin`, `destination`, `ready`, `deadline`,
    /// `teu`, `customer`, `revenue`, `cargoType`, `maxTransitDays`, `weight`, `bookingReference` and `option`.
    public static func create(_ form: BookCargoForm) -> Result<BookCargoRequest, ValidationError<BookCargoForm.Field>> {
        var fields = FormFields<BookCargoForm.Field>()
        let origin = fields.code(form.origin, field: .origin)
        let destination = fields.code(form.destination, field: .destination)
        let ready = fields.date(form.ready, field: .ready, endOfDay: false)
        let deadline = fields.date(form.deadline, field: .deadline, endOfDay: true)
        let teu = fields.integer(form.teu, field: .teu, in: 1...maximumTEU, required: true)
        let customer = fields.customerId(form.customer, field: .customer, message: "Enter the id of the customer who books, such as ACME.")
        let revenue = fields.number(form.revenue, field: .revenue, minimum: 0, maximum: Booking.maximumRevenuePerTEU, required: false)
        let cargoType = fields.cargoType(form.cargoType, field: .cargoType)
        let transit = fields.transitTime(form.maxTransitDays, field: .maxTransitDays)
        let weightText = form.weight.trimmingCharacters(in: .whitespaces)
        let weight: Double?? =
            weightText.isEmpty
            ? .some(nil)
            : FormText.decimal(weightText).flatMap {
                $0 > 0 && $0 <= Booking.maximumWeight ? .some($0) : nil
            }
        if weight == nil { fields.fail(.weight, "Enter the weight in tonnes, above 0 and up to \(Int(Booking.maximumWeight)), such as 24.5.") }
        let reference = form.bookingReference.trimmingCharacters(in: .whitespaces)
        if reference.count > maximumReferenceLength || reference.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            fields.fail(.bookingReference, "Enter at most \(maximumReferenceLength) characters without line breaks, such as BK-2026-0417, or nothing.")
        }
        let option = form.option.trimmingCharacters(in: .whitespaces)
        if !option.isEmpty, !Itinerary.isReference(option) {
            fields.fail(.option, "Enter a route option's reference, such as RP-9b7b9e8e130ab9d2, or nothing.")
        }
        RouteCargoRequest.validate(origin: origin, destination: destination, readyTime: ready, arrivalDeadline: deadline, into: &fields)
        guard fields.errors.isEmpty, let origin, let destination, let ready, let deadline, let teu = teu ?? nil, let customer,
            let revenue, let cargoType, let transit, let weight,
            let specification = try? RouteSpecification(
                origin: origin, destination: destination, readyTime: ready, arrivalDeadline: deadline, cargoType: cargoType,
                containsDangerousGoods: form.dangerousGoods, maximumTransitTime: transit)
        else { return .failure(ValidationError(fields: fields.errors)) }
        return .success(
            BookCargoRequest(
                specification: specification, teu: teu, customerId: customer, revenuePerTEU: revenue, weight: weight,
                bookingReference: reference.isEmpty ? nil : reference, option: option.isEmpty ? nil : option))
    }
}
