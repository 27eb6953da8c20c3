import Foundation
import RoutePlanner

extension SchedulePublication {
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
        var reader = VesselScheduleReader(errorLimit: ImportError.namedLimit)
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
