import Foundation

/// Voyages a carrier publishes again: a DCSA Commercial Schedules 1.0.3 vessel-schedules document read as the
/// carrier's new word on each voyage it lists (``LiveSchedule/republish(_:)``), with every problem at its JSON path.
///
/// Read with ``read(_:)``; ``recognises(_:)`` tells such a document from Track & Trace events. The document is read as
/// ``DCSAImporter`` reads a schedule (docs/DCSA.md), and taken whole or not at all: a publication with an error could
/// omit calls by mistake, so one error leaves every voyage of it out.
public struct SchedulePublication: Sendable {
    /// The voyages, each with the path of its first call, in the document's order.
    public var voyages: [TrackAndTraceEvents.Located<Voyage>] = []
    /// The document's errors, each at its JSON path; with any, ``voyages`` is empty.
    public var problems: [TrackAndTraceEvents.Note] = []
    /// What the document says that is not read, each at its JSON path: a key the standard does not define, a vessel
    /// schedule with fewer than two calls.
    public var warnings: [TrackAndTraceEvents.Note] = []

    /// Whether a document is a vessel-schedules document rather than Track & Trace events: a JSON array whose first
    /// element is an object with a `vesselSchedules` member.
    ///
    /// - Complexity: O(*n*) for the *n* bytes of the first element up to that member: the rest is not read.
    public static func recognises(_ data: Data) -> Bool {
        let key = Array("vesselSchedules".utf8)
        return data.withUnsafeBytes { raw in
            var json = JSONScanner(raw.bindMemory(to: UInt8.self))
            do {
                try json.enterArray()
                guard try json.nextElement(first: true), try json.kind() == .object else { return false }
                try json.enterObject()
                var first = true
                while let name = try json.nextKey(first: first) {
                    if name.elementsEqual(key) { return true }
                    try json.skipValue()
                    first = false
                }
            } catch {
                return false
            }
            return false
        }
    }

    /// Reads a vessel-schedules document.
    public static func read(_ data: Data) -> SchedulePublication {
        var reader = VesselScheduleReader(errorLimit: 100)
        let bytes = [UInt8](data)
        bytes.withUnsafeBufferPointer { reader.read($0) }
        var publication = SchedulePublication()
        for problem in reader.problems {
            let note = TrackAndTraceEvents.Note(path: problem.path ?? "$", message: problem.message)
            if problem.severity == .error { publication.problems.append(note) } else { publication.warnings.append(note) }
        }
        if reader.errorCount > publication.problems.count {
            publication.problems.append(.init(path: "$", message: "\(reader.errorCount - publication.problems.count) more errors"))
        }
        guard publication.problems.isEmpty else { return publication }
        let codes = reader.ports.map(\.code)
        let paths = reader.voyagePath
        publication.voyages = reader.takeSailings().voyages(codes: codes).map { voyage in
            .init(path: paths[voyage.number].map(String.init(describing:)) ?? "$", event: voyage)
        }
        return publication
    }
}
