import Foundation

/// Voyages a carrier publishes again: a DCSA Commercial Schedules 1.0.3 vessel-schedules document read as the
/// carrier's new word on each voyage it lists (``LiveSchedule/republish(_:)``), with every problem at its JSON path.
///
/// RoutePlannerFormats reads it (`SchedulePublication.read(_:)`, and `recognises(_:)` tells such a document from Track
/// & Trace events) as its `DCSAImporter` reads a schedule (docs/DCSA.md), and takes it whole or not at all: a
/// publication with an error could omit calls by mistake, so one error leaves every voyage of it out.
public struct SchedulePublication: Sendable {
    /// The voyages, each with the path of its first call, in the document's order.
    public var voyages: [TrackAndTraceEvents.Located<Voyage>] = []
    /// The document's errors, each at its JSON path; with any, ``voyages`` is empty.
    public var problems: [TrackAndTraceEvents.Note] = []
    /// What the document says that is not read, each at its JSON path: a key the standard does not define, a vessel
    /// schedule with fewer than two calls.
    public var warnings: [TrackAndTraceEvents.Note] = []

    /// No voyages and no problems.
    public init() {}
}
