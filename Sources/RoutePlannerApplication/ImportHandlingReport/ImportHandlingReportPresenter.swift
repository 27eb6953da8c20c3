/// Writes what an import registered, and where each cargo handled stands now.
public struct ImportHandlingReportPresenter: Presenter {
    /// The fields of the form whose errors it presents.
    public typealias Field = ImportHandlingReportForm.Field
    public var format: PlannerFormat

    public init(format: PlannerFormat = PlannerFormat()) {
        self.format = format
    }

    public func content(for response: ImportHandlingReportResponse) -> Described<ImportHandlingReportResponse> {
        let head =
            "\(response.rows) row\(response.rows == 1 ? "" : "s"): \(response.registered) event\(response.registered == 1 ? "" : "s") registered"
            + (response.outOfOrder > 0 ? " (\(response.outOfOrder) out of order)" : "")
            + (response.duplicates > 0 ? ", \(response.duplicates) already known" : "") + "."
        return Described(response, lines: [head] + response.cargo.map(format.tracking).map { "\($0.trackingId): \($0.transportStatus), \($0.status)" })
    }
}

public typealias ImportHandlingReportCoordinator = Coordinator<ImportHandlingReportInteractor, ImportHandlingReportPresenter>
