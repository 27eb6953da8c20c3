import Foundation
import RoutePlanner

/// What an import registered.
public struct ImportHandlingReportResponse: Hashable, Sendable {
    /// Rows in the file.
    public let rows: Int
    /// New events, of which `outOfOrder` came before a cargo's last one known before the report (the report's
    /// own rows are registered in completion order).
    public let registered: Int
    public let outOfOrder: Int
    /// Exact duplicates of events already known, which changed nothing.
    public let duplicates: Int
    /// The cargo handled, in tracking id order.
    public let cargo: [CargoSummary]

    public init(rows: Int, registered: Int, outOfOrder: Int, duplicates: Int, cargo: [CargoSummary]) {
        self.rows = rows
        self.registered = registered
        self.outOfOrder = outOfOrder
        self.duplicates = duplicates
        self.cargo = cargo
    }
}

/// Registers every event of a handling report CSV file (``PlannerFileReader/handlingReport(of:registeredAt:)``)
/// in one transaction, or none: every problem of the file is reported at once, located `file:line:column`,
/// as the rows' format, unknown cargo, the network's checks (`ScheduleNetwork.handlingProblem(kind:location:voyage:time:planned:)`) and claimed cargo find them.
public struct ImportHandlingReportInteractor: UseCase {
    private let cargoRepository: any CargoRepository
    private let voyages: any VoyageRepository
    private let files: any PlannerFileReader
    private let now: @Sendable () -> Date

    public init(cargo: any CargoRepository, voyages: any VoyageRepository, files: any PlannerFileReader, now: @escaping @Sendable () -> Date = { Date() }) {
        cargoRepository = cargo
        self.voyages = voyages
        self.files = files
        self.now = now
    }

    public func execute(_ request: ImportHandlingReportRequest) async -> Result<ImportHandlingReportResponse, DomainError> {
        let registeredAt = Date(timeIntervalSince1970: now().timeIntervalSince1970.rounded(.down))
        // Leniently, so that the rows the format lets through are checked against the cargo too, and every
        // problem of the file is reported in one run.
        let read: ImportResult<[HandlingReportRow]>
        do {
            read = try files.handlingReport(of: request.file, registeredAt: registeredAt)
        } catch let error as ImportError {
            return .failure(.fileErrors(error.diagnostics, omitted: error.omittedErrorCount))
        } catch {
            return .failure(.invalidOperation(String(describing: error)))
        }
        let rows = read.value
        do {
            let network = try await voyages.network()
            var changed: [TrackingId: Cargo] = [:]
            var errors = read.diagnostics.filter { $0.severity == .error }
            var (registered, outOfOrder, duplicates) = (0, 0, 0)
            // In completion order, so that a report may list a cargo's unload before its load.
            let ordered = rows.enumerated().sorted { ($0.element.event.completionTime, $0.offset) < ($1.element.event.completionTime, $1.offset) }
            for row in ordered.map(\.element) {
                var found = changed[row.trackingId]
                if found == nil, let stored = try await cargoRepository.cargo(typed: row.trackingId) { found = changed[stored.trackingId] ?? stored }
                guard var cargo = found else {
                    errors.append(row.error("tracking_id", "no cargo has tracking id \(row.trackingId)"))
                    continue
                }
                let event = row.event
                if let problem = network.handlingProblem(
                    kind: event.kind, location: event.location, voyage: event.voyage, time: event.completionTime, planned: cargo.itinerary)
                {
                    errors.append(row.error(problem.field == "completionTime" ? "completion_time" : problem.field, problem.message(among: network.locations)))
                    continue
                }
                do {
                    switch try cargo.register(event) {
                    case .recorded: registered += 1
                    case .recordedOutOfOrder: (registered, outOfOrder) = (registered + 1, outOfOrder + 1)
                    case .duplicate: duplicates += 1
                    }
                    changed[cargo.trackingId] = cargo
                } catch {
                    let column =
                        switch error {
                        case .receivedOutOfPlace: "location"
                        case .neverBoarded: "voyage"
                        default: "completion_time"
                        }
                    errors.append(row.error(column, "cargo \(cargo.trackingId): \(error)"))
                }
            }
            errors.sort { ($0.line, $0.column) < ($1.line, $1.column) }
            guard errors.isEmpty else { return .failure(.fileErrors(errors, alsoOmitted: read.omittedErrorCount)) }
            let cargo = changed.values.sorted { $0.trackingId < $1.trackingId }
            try await cargoRepository.save(cargo)
            return .success(
                ImportHandlingReportResponse(
                    rows: rows.count, registered: registered, outOfOrder: outOfOrder, duplicates: duplicates,
                    cargo: cargo.map { CargoSummary($0, over: network) }))
        } catch {
            return .failure(.repository(error))
        }
    }
}
