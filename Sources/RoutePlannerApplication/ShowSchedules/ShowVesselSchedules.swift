import Foundation
import RoutePlanner

/// The raw fields of a search for vessel schedules: which voyages, and which of their calls.
public struct ShowVesselSchedulesForm: Hashable, Sendable {
    /// The form's fields, which key its errors.
    public enum Field: String, FormField {
        case voyage, vesselName, vesselIMONumber, service, port, startDate, endDate
    }

    /// A voyage number, such as `WS15-W09`; blank for any.
    public var voyage: String
    /// A vessel's name, exactly as the schedule gives it; blank for any.
    public var vesselName: String
    /// A vessel's IMO number; blank for any.
    public var vesselIMONumber: String
    /// A service's code; blank for any.
    public var service: String
    /// A port's UN/LOCODE the voyages call at; blank for any.
    public var port: String
    /// The first and the last day a call matched must fall on (by its port's local date), `2026-03-02`; blank for
    /// no limit.
    public var startDate: String
    public var endDate: String
    /// Whether each voyage is shown with the matched calls only, rather than all of its calls.
    public var matchedCallsOnly: Bool

    public init(
        voyage: String = "", vesselName: String = "", vesselIMONumber: String = "", service: String = "", port: String = "", startDate: String = "",
        endDate: String = "", matchedCallsOnly: Bool = false
    ) {
        self.voyage = voyage
        self.vesselName = vesselName
        self.vesselIMONumber = vesselIMONumber
        self.service = service
        self.port = port
        self.startDate = startDate
        self.endDate = endDate
        self.matchedCallsOnly = matchedCallsOnly
    }
}

/// A validated search for vessel schedules.
public struct ShowVesselSchedulesRequest: FormRequest, Hashable {
    public let voyage: VoyageNumber?
    public let vesselName: String?
    public let vesselIMONumber: String?
    public let service: String?
    public let port: UnLocode?
    /// The days a matched call falls on, `2026-03-02`, each `nil` for no limit.
    public let startDate: String?
    public let endDate: String?
    public let matchedCallsOnly: Bool

    public init(
        voyage: VoyageNumber? = nil, vesselName: String? = nil, vesselIMONumber: String? = nil, service: String? = nil, port: UnLocode? = nil,
        startDate: String? = nil, endDate: String? = nil, matchedCallsOnly: Bool = false
    ) {
        self.voyage = voyage
        self.vesselName = vesselName
        self.vesselIMONumber = vesselIMONumber
        self.service = service
        self.port = port
        self.startDate = startDate
        self.endDate = endDate
        self.matchedCallsOnly = matchedCallsOnly
    }

    /// Validates the form: at least one of the voyage, the vessel, the service and the port; the voyage a voyage number,
    /// the port a UN/LOCODE, the dates days, the start not after the end.
    public static func create(_ form: ShowVesselSchedulesForm) -> Result<ShowVesselSchedulesRequest, ValidationError<ShowVesselSchedulesForm.Field>> {
        typealias Field = ShowVesselSchedulesForm.Field
        var fields = FormFields<Field>()
        func text(_ value: String) -> String? {
            let trimmed = value.trimmingCharacters(in: .whitespaces)
            return trimmed.isEmpty ? nil : trimmed
        }
        let voyageText = text(form.voyage)
        let voyage = voyageText.flatMap(VoyageNumber.init)
        if voyageText != nil, voyage == nil { fields.fail(.voyage, "Enter a voyage number, such as WS15-W09.") }
        let port = fields.code(form.port, field: .port, required: false)
        var days: [String?] = []
        for (value, field) in [(form.startDate, Field.startDate), (form.endDate, Field.endDate)] {
            guard let day = text(value) else {
                days.append(nil)
                continue
            }
            if day.utf8.count == 10, case .success(let date) = DateText.date(from: day, endOfDay: false), RouteSpecification.supportedTimes.contains(date) {
                days.append(day)
            } else {
                fields.fail(field, "Enter a date, such as 2026-03-02.")
                days.append(nil)
            }
        }
        if let start = days[0], let end = days[1], start > end { fields.fail(.endDate, "Enter an end date on or after the start date, \(start).") }
        let (vesselName, vesselIMONumber, service) = (text(form.vesselName), text(form.vesselIMONumber), text(form.service))
        if voyageText == nil, vesselName == nil, vesselIMONumber == nil, service == nil, text(form.port) == nil {
            fields.fail(.voyage, "Enter a voyage, a vessel, a service or a port.")
        }
        guard fields.errors.isEmpty else { return .failure(ValidationError(fields: fields.errors)) }
        return .success(
            ShowVesselSchedulesRequest(
                voyage: voyage, vesselName: vesselName, vesselIMONumber: vesselIMONumber, service: service, port: port, startDate: days[0],
                endDate: days[1], matchedCallsOnly: form.matchedCallsOnly))
    }
}

/// A voyage with its calls, in order.
public struct VesselSchedule: Hashable, Sendable {
    public let voyage: Voyage
    public let calls: [PortCall]

    public init(voyage: Voyage, calls: [PortCall]) {
        self.voyage = voyage
        self.calls = calls
    }
}

/// The voyages found, in the schedule's order.
public struct ShowVesselSchedulesResponse: Hashable, Sendable {
    public let schedules: [VesselSchedule]

    public init(schedules: [VesselSchedule]) {
        self.schedules = schedules
    }
}

/// Finds the voyages that match every filter given and have a call that matches: at the port asked for (any port
/// when none is), on a day from the start to the end date by its port's local date, as DCSA's vessel schedules match
/// them. Anyone may ask.
public struct ShowVesselSchedulesInteractor: UseCase {
    private let voyages: any VoyageRepository

    public init(voyages: any VoyageRepository) {
        self.voyages = voyages
    }

    public func execute(_ request: ShowVesselSchedulesRequest) async -> Result<ShowVesselSchedulesResponse, DomainError> {
        let network: ScheduleNetwork
        do {
            network = try await voyages.network()
        } catch {
            return .failure(.repository(error))
        }
        if let port = request.port, network.location(port) == nil { return .failure(.unknown(port, among: network.locations)) }
        let filtered = network.voyages(
            service: request.service, vesselName: request.vesselName, vesselIMONumber: request.vesselIMONumber, number: request.voyage)
        // A port alone finds the voyages that call there; with another filter, those of the filters, checked at the port.
        let byVoyage = request.voyage != nil || request.service != nil || request.vesselName != nil || request.vesselIMONumber != nil
        let times = ShowPortScheduleRequest.times(from: request.startDate, to: request.endDate)
        let candidates = byVoyage ? filtered : request.port.map { network.voyages(callingAt: $0, between: times) } ?? []
        let schedules = candidates.compactMap { voyage -> VesselSchedule? in
            let calls = PortCall.calls(of: voyage, in: network)
            let matched = calls.filter { call in
                guard request.port.map({ call.location.code == $0 }) ?? true else { return false }
                guard request.startDate != nil || request.endDate != nil else { return true }
                return call.localDates.contains { day in
                    (request.startDate.map { $0 <= day } ?? true) && (request.endDate.map { day <= $0 } ?? true)
                }
            }
            guard !matched.isEmpty else { return nil }
            return VesselSchedule(voyage: voyage, calls: request.matchedCallsOnly ? matched : calls)
        }
        return .success(ShowVesselSchedulesResponse(schedules: schedules))
    }
}

/// Writes each voyage found: a line of the voyage, then a line a call.
public struct ShowVesselSchedulesPresenter: Presenter {
    /// The fields of the form whose errors it presents.
    public typealias Field = ShowVesselSchedulesForm.Field
    public var format: PlannerFormat

    public init(format: PlannerFormat = PlannerFormat()) {
        self.format = format
    }

    public func content(for response: ShowVesselSchedulesResponse) -> [Described<VesselSchedule>] {
        response.schedules.map { schedule in
            let voyage = schedule.voyage
            var heading = "Voyage \(voyage.number)"
            if let vessel = voyage.vessel { heading += ", \(vessel)" }
            if let service = voyage.service { heading += ", service \(service)" }
            heading += ": \(schedule.calls.count) call\(schedule.calls.count == 1 ? "" : "s"), local times"
            if let next = voyage.continuation { heading += "; goes on as \(next)" }
            return Described(schedule, lines: [heading] + schedule.calls.map(format.callLine))
        }
    }
}

public typealias ShowVesselSchedulesCoordinator = Coordinator<ShowVesselSchedulesInteractor, ShowVesselSchedulesPresenter>
