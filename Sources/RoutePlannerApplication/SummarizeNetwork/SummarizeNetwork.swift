import Foundation
import RoutePlanner

/// The raw fields of a network's summary: none, since the whole schedule is summarised.
public struct SummarizeNetworkForm: Hashable, Sendable {
    /// The form's fields: none, so it is always valid.
    public typealias Field = NoFields

    public init() {}
}

/// A request for the schedule's summary.
public struct SummarizeNetworkRequest: FormRequest, Hashable {
    /// The form has no fields, so it is always valid.
    public static func create(_ form: SummarizeNetworkForm) -> Result<SummarizeNetworkRequest, ValidationError<SummarizeNetworkForm.Field>> {
        .success(SummarizeNetworkRequest())
    }
}

/// What the schedule holds, in figures.
public struct SummarizeNetworkResponse: Hashable, Sendable {
    public let summary: NetworkSummary

    public init(summary: NetworkSummary) {
        self.summary = summary
    }
}

/// Summarises the schedule: its ports, voyages, movements, dates, capacities and busiest ports. Anyone may ask, as
/// anyone may ask for the schedules themselves.
public struct SummarizeNetworkInteractor: UseCase {
    private let voyages: any VoyageRepository

    public init(voyages: any VoyageRepository) {
        self.voyages = voyages
    }

    public func execute(_ request: SummarizeNetworkRequest) async -> Result<SummarizeNetworkResponse, DomainError> {
        do {
            return .success(SummarizeNetworkResponse(summary: NetworkSummary(try await voyages.network())))
        } catch {
            return .failure(.repository(error))
        }
    }
}

/// Writes the summary a line a figure: "Ports:      46", "Dates:      2026-01-05 to 2026-10-11", ….
public struct SummarizeNetworkPresenter: Presenter {
    /// The fields of the form whose errors it presents.
    public typealias Field = SummarizeNetworkForm.Field
    public var format: PlannerFormat

    public init(format: PlannerFormat = PlannerFormat()) {
        self.format = format
    }

    public func content(for response: SummarizeNetworkResponse) -> Described<SummarizeNetworkResponse> {
        let summary = response.summary
        func day(_ date: Date?) -> String { date.map(DateText.day) ?? "-" }
        let capacity = summary.capacities.map { "\($0.lowerBound) to \($0.upperBound) TEU per movement" } ?? "unlimited"
        let unlimited = summary.capacities != nil && summary.unlimitedMovements > 0 ? " (\(summary.unlimitedMovements) unlimited)" : ""
        return Described(
            response,
            lines: [
                "Ports:      \(summary.ports)",
                "Voyages:    \(summary.voyages)",
                "Movements:  \(summary.movements)",
                "Dates:      \(day(summary.sailingSpan?.lowerBound)) to \(day(summary.sailingSpan?.upperBound))",
                "Capacity:   \(capacity)\(unlimited)",
                "Busiest:    " + summary.busiestPorts.map { "\($0.location.code) (\($0.location.name), \($0.departures) departures)" }.joined(separator: ", "),
            ])
    }
}

public typealias SummarizeNetworkCoordinator = Coordinator<SummarizeNetworkInteractor, SummarizeNetworkPresenter>
