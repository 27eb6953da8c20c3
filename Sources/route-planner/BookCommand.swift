import ArgumentParser
import Foundation
import RoutePlannerApplication
import RoutePlannerFormats

/// `route-planner book`: books cargo for a customer and prints its tracking id, or books a bookings file.
struct BookCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "book", abstract: "Book cargo for a registered customer, or a bookings file; prints the tracking ids.",
        discussion: """
            Examples: route-planner book --as-of 2026-03-01 --from CNSHA --to NLRTM --ready 2026-03-02 --deadline 2026-04-30 --teu 2 --customer ACME; \
            route-planner book --bookings bookings.csv --customer ACME (booking,origin,destination,ready,deadline,teu\
            [,revenue_per_teu,customer,cargo_type,dangerous_goods]; every row is booked in one transaction, or none when any row is wrong; a row \
            whose booking was booked before is an error, so a file is never booked twice). \
            A deadline must be still to come: today's, or the --as-of date's, for what-if bookings on a schedule that \
            lies in the past, such as the bundled one laid out from 2026-01-05 (--as-of 2026-03-01).
            """)

    @OptionGroup var schedule: ScheduleOptions
    @OptionGroup var store: StoreOptions
    @Option(help: "The origin port's UN/LOCODE.") var from: String?
    @Option(help: "The destination port's UN/LOCODE.") var to: String?
    @Option(help: "When the cargo is ready: a date (start of the day, UTC) or a date-time with a zone.") var ready: String?
    @Option(help: "The arrival deadline, inclusive: a date (end of the day, UTC) or a date-time with a zone.") var deadline: String?
    @Option(help: "The size in TEU, 1 to 100000. Default: 1.") var teu: String?
    @Option(help: "The id of the registered customer who books (with --bookings: of the rows without a customer).") var customer: String?
    @Option(help: "Revenue per TEU, when known.") var revenue: String?
    @Option(help: ArgumentHelp("The gross weight in tonnes, when known: assign counts it against the movements' weight capacities.", valueName: "tonnes"))
    var weight: String?
    @Option(help: "The booking's reference in the customer's or carrier's system, which carriers' equipment events name.") var bookingReference: String?
    @Option(
        help: ArgumentHelp(
            "A route option's reference (RP-…, as route --format json gives it): book and route the cargo on it in one step.", valueName: "reference"))
    var option: String?
    @OptionGroup(title: "Cargo") var cargo: CargoTypeOptions
    @Option(help: "A bookings CSV file to book whole.") var bookings: String?
    @Flag(help: "Print only the tracking ids, one per line, for scripts.") var quiet = false
    @Option(help: "Output format: table, or json (data only, docs/schemas/cargo-list.schema.json: the cargo booked).") var format: OutputFormat = .table
    @Option(
        help: ArgumentHelp(
            "Book as of this date (the start of the day, UTC) or date-time with a zone, not now: deadlines must come after it.",
            valueName: "date"))
    var asOf: String?

    func validate() throws {
        try BookRendering.check(format)
        if quiet && format != .table { throw ValidationError("--quiet prints tracking ids; give it without --format.") }
        try Self.check(asOf: asOf)
        if bookings != nil {
            guard from == nil, to == nil, ready == nil, deadline == nil, teu == nil, revenue == nil, weight == nil, !cargo.isGiven, bookingReference == nil,
                option == nil
            else {
                throw ValidationError(
                    "--bookings books a whole file: give no --from, --to, --ready, --deadline, --teu, --revenue, --weight, --cargo-type, --dangerous-goods, --max-transit, --booking-reference or --option with it (the file's weight_tonnes, cargo_type, dangerous_goods and max_transit_days columns give them, and its booking column the references)."
                )
            }
        }
    }

    func run() async throws {
        // Checked here, not in validate(), which runs before an unknown flag is named: a misspelt --from is
        // reported as such, not as a missing one.
        if bookings == nil && (from == nil || to == nil || ready == nil || deadline == nil || customer == nil) {
            throw ValidationError("Give --from, --to, --ready, --deadline and --customer (and --teu, --revenue when known), or --bookings FILE.")
        }
        let asOf = self.asOf.flatMap(Self.date)
        let app = try await schedule.composition(store: store, creating: true, now: { asOf ?? Date() })
        if let bookings {
            let form = ImportBookingsForm(file: bookings, customer: customer ?? "")
            try await ImportBookingsRendering(quiet: quiet).run(app.importBookings, form, as: format)
            return
        }
        let form = BookCargoForm(
            origin: from ?? "", destination: to ?? "", ready: ready ?? "", deadline: deadline ?? "", teu: teu ?? "1", customer: customer ?? "",
            revenue: revenue ?? "", cargoType: cargo.cargoType ?? "", dangerousGoods: cargo.dangerousGoods, maxTransitDays: cargo.maxTransit ?? "",
            weight: weight ?? "", bookingReference: bookingReference ?? "", option: option ?? "")
        try await BookRendering(quiet: quiet).run(
            app.bookCargo, form, as: format)
    }

    /// Refuses an `--as-of` (of `book` or `serve`) that is neither a date nor a date-time with a zone.
    static func check(asOf: String?) throws {
        if let asOf, date(asOf) == nil {
            throw ValidationError("--as-of: Enter a date, such as 2026-03-01, or a date-time with a zone, such as 2026-03-01T08:00:00Z.")
        }
    }

    /// A date (the start of the day, UTC) or a date-time with a zone.
    static func date(_ text: String) -> Date? {
        let text = text.trimmingCharacters(in: .whitespaces)
        return (try? Date(text, strategy: .iso8601)) ?? (try? Date(text + "T00:00:00Z", strategy: .iso8601))
    }
}

/// A booked cargo, as `book` writes it: its sentence, its tracking id alone (`--quiet`), or its document.
struct BookRendering: Rendering {
    typealias Interactor = BookCargoInteractor
    typealias Presenter = BookCargoPresenter

    static let formats: [OutputFormat] = [.table, .json]
    static let subject = "a booking"
    let quiet: Bool

    func text(_ response: BookCargoResponse, as format: OutputFormat, presenter: BookCargoPresenter) async throws -> String {
        if format == .json { return CargoDocument.listed(response) + "\n" }
        return lines(quiet ? [response.cargo.trackingId.rawValue] : presenter.content(for: response).lines)
    }
}

/// The cargo a bookings file booked, as `book --bookings` writes them.
struct ImportBookingsRendering: Rendering {
    typealias Interactor = ImportBookingsInteractor
    typealias Presenter = ImportBookingsPresenter

    static let formats = BookRendering.formats
    static let subject = BookRendering.subject
    let quiet: Bool

    func text(_ response: ImportBookingsResponse, as format: OutputFormat, presenter: ImportBookingsPresenter) async throws -> String {
        if format == .json { return CargoDocument.json(response.cargo) + "\n" }
        return lines(quiet ? response.cargo.map(\.trackingId.rawValue) : presenter.content(for: response).lines)
    }
}
