/// A document of carriers' events, as read: DCSA Track & Trace 2.2 events, or a DCSA Commercial Schedules 1.0.3
/// vessel-schedules document that publishes voyages again.
public enum CarrierEventsDocument: Sendable {
    /// Track & Trace events, with those set aside and the problems of those refused, each at its JSON path.
    case events(TrackAndTraceEvents)
    /// Voyages published again.
    case publication(SchedulePublication)
}
