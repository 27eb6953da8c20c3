import Foundation

/// The events of a DCSA Track & Trace 2.2 document that move a schedule or a cargo, with every other event and every
/// problem named by its JSON path.
///
/// RoutePlannerFormats' `TrackAndTraceReader` reads them.
public struct TrackAndTraceEvents: Sendable {
    /// Something said about one event: where it is (`$[3].transportCall.UNLocationCode`) and what.
    public struct Note: Hashable, Sendable, CustomStringConvertible {
        public let path: String
        public let message: String

        public init(path: String, message: String) {
            self.path = path
            self.message = message
        }

        public var description: String { "\(path): \(message)" }
    }

    /// An event with the path of its object in the document.
    public struct Located<Event: Hashable & Sendable>: Hashable, Sendable {
        public let path: String
        public let event: Event

        public init(path: String, event: Event) {
            self.path = path
            self.event = event
        }
    }

    /// The specification's equipment event types: those that hand a cargo on (``EquipmentEvent/Kind``) and the
    /// handlings of a container outside its journey.
    public static let equipmentEventTypeCodes = ["LOAD", "DISC", "GTIN", "GTOT", "STUF", "STRP", "PICK", "DROP", "INSP", "RSEA", "RMVD"]

    /// Transport events: arrivals at and departures from calls.
    public var vesselCalls: [Located<VesselCallEvent>] = []
    /// Equipment events that hand a booked cargo on: gate in, load, discharge, gate out, actual ones only.
    public var equipment: [Located<EquipmentEvent>] = []
    /// Events that neither move a schedule nor hand a cargo on, each with why it is left aside: a shipment event, a
    /// planned or estimated equipment event, a handling outside the journey (stuffing, inspection), a call of
    /// another mode of transport.
    public var setAside: [Note] = []
    /// Events refused, each problem located; one event may have several.
    public var problems: [Note] = []
    /// The events in the document.
    public var count = 0
    /// Each event kept so far by its `eventID`, with its path.
    private var kept: [String: (path: String, event: Kept)] = [:]

    /// No events.
    public init() {}

    /// An event kept, of either kind.
    private enum Kept: Hashable {
        case vesselCall(VesselCallEvent)
        case equipment(EquipmentEvent)
    }

    /// Keeps a transport event read at `path`, unless the document has another event with its `eventID` before it.
    public mutating func keep(_ event: VesselCallEvent, at path: String) {
        if isKept(.vesselCall(event), id: event.id, at: path) { vesselCalls.append(.init(path: path, event: event)) }
    }

    /// Keeps an equipment event read at `path`, unless the document has another event with its `eventID` before it.
    public mutating func keep(_ event: EquipmentEvent, at path: String) {
        if isKept(.equipment(event), id: event.id, at: path) { equipment.append(.init(path: path, event: event)) }
    }

    /// Whether an event is kept: an identifier names one event, so another event with the identifier of one before it
    /// in the document is refused at its `eventID`. A copy of an event is kept, and applied as a duplicate of it.
    private mutating func isKept(_ event: Kept, id: String, at path: String) -> Bool {
        guard let first = kept[id] else {
            kept[id] = (path, event)
            return true
        }
        guard first.event == event else {
            problems.append(.init(path: "\(path).eventID", message: "\(quoted(id)) is the eventID of \(first.path), another event: an eventID names one event"))
            return false
        }
        return true
    }
}
