import Foundation
import RoutePlanner

/// The raw fields of a port's schedule: the port, its first day and how many days it shows.
public struct ShowPortScheduleForm: Hashable, Sendable {
    /// The form's fields, which key its errors.
    public enum Field: String, FormField {
        case port, from, days
    }

    /// The port's UN/LOCODE, in any case.
    public var port: String
    /// The first day shown, `2026-03-02`; blank for today (business time).
    public var from: String
    /// How many days are shown, from 1 to ``ShowPortScheduleRequest/maximumDays``; blank for
    /// ``ShowPortScheduleRequest/defaultDays``.
    public var days: String

    public init(port: String, from: String = "", days: String = "") {
        self.port = port
        self.from = from
        self.days = days
    }
}

/// A validated request for a port's calls on some days.
public struct ShowPortScheduleRequest: FormRequest, Hashable {
    public let port: UnLocode
    /// The start of the first day in UTC (the day is read as each port's local date), or `nil` for today (business
    /// time).
    public let firstDay: Date?
    /// How many days, the first included.
    public let days: Int

    /// The days shown when the form does not say: four weeks, in which every weekly service calls four times.
    public static let defaultDays = 28
    /// The most days one schedule shows: a year.
    public static let maximumDays = 366

    public init(port: UnLocode, firstDay: Date?, days: Int = defaultDays) {
        self.port = port
        self.firstDay = firstDay
        self.days = days
    }

    /// Validates the form: `port` a UN/LOCODE, `from` blank or a date, `days` blank or a whole number from 1 to
    /// ``maximumDays``.
    public static func create(_ form: ShowPortScheduleForm) -> Result<ShowPortScheduleRequest, ValidationError<ShowPortScheduleForm.Field>> {
        var fields = FormFields<ShowPortScheduleForm.Field>()
        let port = fields.code(form.port, field: .port)
        let from = form.from.trimmingCharacters(in: .whitespaces)
        var firstDay: Date?
        if !from.isEmpty {
            // A day, not a time: the schedule is shown by the ports' local dates.
            if from.utf8.count == 10, case .success(let date) = DateText.date(from: from, endOfDay: false), RouteSpecification.supportedTimes.contains(date) {
                firstDay = date
            } else {
                fields.fail(.from, "Enter a date, such as 2026-03-02.")
            }
        }
        let daysText = form.days.trimmingCharacters(in: .whitespaces)
        let days = daysText.isEmpty ? defaultDays : Int(daysText) ?? 0
        if !(1...maximumDays).contains(days) { fields.fail(.days, "Enter a number of days from 1 to \(maximumDays).") }
        guard fields.errors.isEmpty, let port else { return .failure(ValidationError(fields: fields.errors)) }
        return .success(ShowPortScheduleRequest(port: port, firstDay: firstDay, days: days))
    }
}

/// A port's calls on the days asked for.
public struct ShowPortScheduleResponse: Hashable, Sendable {
    public let location: Location
    /// The first and the last day shown, `2026-03-02`.
    public let firstDay: String
    public let lastDay: String
    /// The calls whose arrival or departure falls on one of the days, in the port's local time, in the order they
    /// begin.
    public let calls: [PortCall]

    public init(location: Location, firstDay: String, lastDay: String, calls: [PortCall]) {
        self.location = location
        self.firstDay = firstDay
        self.lastDay = lastDay
        self.calls = calls
    }
}

/// Finds a port's calls on some days: every voyage's call there whose arrival or departure falls on one of them by
/// the port's local date, as DCSA's port schedules match them. Anyone may ask.
public struct ShowPortScheduleInteractor: UseCase {
    private let voyages: any VoyageRepository
    private let now: @Sendable () -> Date

    /// - Parameters:
    ///   - voyages: The schedule.
    ///   - now: Business time, whose day is the first one shown when the request names none.
    public init(voyages: any VoyageRepository, now: @escaping @Sendable () -> Date = { Date() }) {
        self.voyages = voyages
        self.now = now
    }

    public func execute(_ request: ShowPortScheduleRequest) async -> Result<ShowPortScheduleResponse, DomainError> {
        let network: ScheduleNetwork
        do {
            network = try await voyages.network()
        } catch {
            return .failure(.repository(error))
        }
        guard let location = network.location(request.port) else {
            return .failure(.unknown(request.port, among: network.locations))
        }
        let start = request.firstDay ?? Date(timeIntervalSince1970: (now().timeIntervalSince1970 / 86_400).rounded(.down) * 86_400)
        let firstDay = DateText.day(start), lastDay = DateText.day(start.addingTimeInterval(Double(request.days - 1) * 86_400))
        let calls = network.voyages(callingAt: request.port, between: ShowPortScheduleRequest.times(from: firstDay, to: lastDay))
            .flatMap { PortCall.calls(of: $0, in: network) }
            .filter { call in call.location.code == request.port && call.localDates.contains { firstDay <= $0 && $0 <= lastDay } }
            .sorted { ($0.time, $0.voyage.number.rawValue) < ($1.time, $1.voyage.number.rawValue) }
        return .success(ShowPortScheduleResponse(location: location, firstDay: firstDay, lastDay: lastDay, calls: calls))
    }
}

extension ShowPortScheduleRequest {
    /// The times whose local date at some port may fall on the days from one to another (each `2026-03-02`, or `nil`
    /// for no limit): the days in UTC, widened by a day each way, more than any port's offset from UTC; `nil` when
    /// neither day limits them. The calls on the days are among the calls at these times.
    static func times(from first: String?, to last: String?) -> Range<Date>? {
        guard first != nil || last != nil else { return nil }
        func start(_ day: String?, _ days: Double) -> Date? {
            day.flatMap { try? DateText.date(from: $0, endOfDay: false).get() }.map { $0.addingTimeInterval(days * 86_400) }
        }
        return (start(first, -1) ?? .distantPast)..<(start(last, 2) ?? .distantFuture)
    }
}

/// Writes a port's calls, a line each: "WS15-W09  arrives 2026-03-04 08:00 +08:00  leaves 2026-03-05 02:00 +08:00".
public struct ShowPortSchedulePresenter: Presenter {
    /// The fields of the form whose errors it presents.
    public typealias Field = ShowPortScheduleForm.Field
    public var format: PlannerFormat

    public init(format: PlannerFormat = PlannerFormat()) {
        self.format = format
    }

    public func content(for response: ShowPortScheduleResponse) -> Described<ShowPortScheduleResponse> {
        let count = response.calls.count
        let heading =
            "\(response.location.name) (\(response.location.code)): \(count) call\(count == 1 ? "" : "s") from \(response.firstDay) to \(response.lastDay), local times"
        return Described(response, lines: [heading] + response.calls.map(format.callLine))
    }
}

public typealias ShowPortScheduleCoordinator = Coordinator<ShowPortScheduleInteractor, ShowPortSchedulePresenter>
