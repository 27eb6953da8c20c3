import Foundation

/// One row of a handling report: the event for a cargo, and where the row is in its file, so that what is
/// found wrong with it later (an unknown cargo, a voyage that does not call there) can be located too.
public struct HandlingReportRow: Hashable, Sendable {
    public let trackingId: TrackingId
    public let event: HandlingEvent
    /// Where the row's fields are, by column name (`tracking_id`, `event`, `location`, `voyage`,
    /// `completion_time`).
    public let positions: RowPositions

    public init(trackingId: TrackingId, event: HandlingEvent, positions: RowPositions) {
        self.trackingId = trackingId
        self.event = event
        self.positions = positions
    }

    /// An error at a column of this row, as `file:line:column: error: message`.
    public func error(_ column: String, _ message: String) -> ImportDiagnostic { positions.error(column, message) }
}
