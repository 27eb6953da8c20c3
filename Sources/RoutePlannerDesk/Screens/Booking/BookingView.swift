import RoutePlannerApplication
import RoutePlannerPictures

/// The booking form, with a way to register a customer first when there is none.
struct BookingView {
    let model: BookingViewModel

    func page() -> DeskPage {
        typealias Field = BookCargoForm.Field
        var content: [Markup] = []
        if model.customers.isEmpty {
            content.append(
                DeskViews.empty(
                    "No customer is registered yet: register one before booking.", action: DeskViews.link("Register a customer", to: .customers(FormData()))))
        }
        if let failure = model.problems.failure { content.append(DeskViews.failure(failure.message)) }
        content.append(
            DeskForm(
                id: "book", target: .change(.book),
                fields: [
                    .init(Field.customer, "Customer", kind: .choice([("", "Choose a customer")] + model.customers), required: true),
                    .init(Field.origin, "From", hint: "The origin port's UN/LOCODE, such as CNSHA.", required: true),
                    .init(Field.destination, "To", hint: "The destination port's UN/LOCODE, such as NLRTM.", required: true),
                    .init(Field.ready, "Ready", hint: "A date, or a date-time with a zone, such as 2026-03-02T08:00:00Z.", required: true),
                    .init(Field.deadline, "Deadline", hint: "The latest arrival, inclusive: a date or a date-time with a zone.", required: true),
                    .init(Field.teu, "TEU", hint: "Twenty-foot equivalent units, such as 2 for a forty-foot container.", required: true),
                    .init(Field.cargoType, "Cargo", kind: .choice([("DRY", "Dry"), ("REEFER", "Reefer")])),
                    .init(Field.dangerousGoods, "Dangerous goods", kind: .checkbox),
                    .init(Field.weight, "Weight", hint: "Tonnes, such as 24.5."),
                    .init(Field.revenue, "Revenue", hint: "What the booking earns, in USD, for the assignment."),
                    .init(Field.maxTransitDays, "Longest transit", hint: "Days, such as 45."),
                    .init(
                        Field.bookingReference, "Booking reference",
                        hint: "The customer's or carrier's reference, such as BK-2026-0417: carriers' events find the cargo by it."),
                ]
                    + (model.routesOnOption
                        ? [
                            .init(
                                Field.option, "Route option",
                                hint:
                                    "The option chosen on the routes screen: the cargo is booked and routed on it in one step. Clear it to book without a route."
                            )
                        ] : []),
                values: model.values, errors: model.problems.errors, submit: model.routesOnOption ? "Book and route" : "Book"
            ).markup())
        return DeskPage(title: "Book a cargo", section: .book, content)
    }
}
