import Foundation
import RoutePlanner

extension CarrierEventsDocument {
    /// Reads a document of carriers' events: a vessel-schedules document when `SchedulePublication/recognises(_:)`
    /// tells it so, else Track & Trace events (``TrackAndTraceReader/read(_:)``), where a document that is not a JSON
    /// array of events is one problem at `$`.
    public init(reading data: Data) {
        self = SchedulePublication.recognises(data) ? .publication(SchedulePublication.read(data)) : .events(TrackAndTraceReader.read(data))
    }
}
