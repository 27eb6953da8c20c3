import Foundation
import RoutePlanner

/// Reads DCSA Track & Trace 2.2 events: a JSON array of events, as `GET /v2/events` answers and a subscription's
/// callback posts them (docs/DCSA.md maps the fields).
public enum TrackAndTraceReader {
    /// The longest identifier or reference read, in characters.
    static let maximumText = 100

    /// Reads the events of a document; a document that is not a JSON array is one problem at `$`.
    public static func read(_ data: Data) -> TrackAndTraceEvents {
        var events = TrackAndTraceEvents()
        let root: Any
        do {
            root = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            events.problems.append(
                .init(path: "$", message: "the document is not JSON: \((error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(error)")"))
            return events
        }
        guard let items = root as? [Any] else {
            events.problems.append(.init(path: "$", message: "the document is not an array of events"))
            return events
        }
        events.count = items.count
        for (index, item) in items.enumerated() {
            var reader = EventReader(path: "$[\(index)]")
            guard let object = item as? [String: Any] else {
                events.problems.append(.init(path: reader.path, message: "an event is an object"))
                continue
            }
            reader.read(object, into: &events)
        }
        return events
    }
}

/// Reads one event, noting every problem at its path.
private struct EventReader {
    let path: String
    var problems: [TrackAndTraceEvents.Note] = []

    init(path: String) {
        self.path = path
    }

    mutating func problem(_ member: String, _ message: String) {
        problems.append(.init(path: member.isEmpty ? path : "\(path).\(member)", message: message))
    }

    mutating func read(_ object: [String: Any], into events: inout TrackAndTraceEvents) {
        defer { events.problems += problems }
        let type = text(object, "eventType")
        guard let type else {
            if object["eventType"] == nil || object["eventType"] is NSNull { problem("eventType", "no eventType (TRANSPORT, EQUIPMENT or SHIPMENT)") }
            return
        }
        switch type {
        case "SHIPMENT":
            events.setAside.append(.init(path: path, message: "a shipment event moves neither a schedule nor a cargo"))
            return
        case "TRANSPORT", "EQUIPMENT": break
        default:
            problem("eventType", "\(quoted(type)) is not TRANSPORT, EQUIPMENT or SHIPMENT")
            return
        }
        let id = identifier(object)
        let created = dateTime(object, "eventCreatedDateTime", required: true)
        let time = dateTime(object, "eventDateTime", required: true)
        let classifier = code(object, "eventClassifierCode", VesselCallEvent.Classifier.self, required: true)
        let call = object["transportCall"].map { transportCall($0, member: "transportCall") } ?? nil
        if type == "TRANSPORT" {
            let kind =
                code(object, "transportEventTypeCode", VesselCallEvent.Kind.self, required: object["eventTypeCode"] == nil)
                ?? code(object, "eventTypeCode", VesselCallEvent.Kind.self, required: false)
            if object["transportCall"] == nil { problem("transportCall", "a transport event names its transportCall") }
            guard problems.isEmpty, let id, let created, let time, let classifier, let kind, let call else { return }
            if let mode = call.mode, mode != "VESSEL" {
                events.setAside.append(.init(path: path, message: "a call by \(mode), not a vessel's, is not in the schedule"))
                return
            }
            let voyage = kind == .arrival ? call.importVoyage ?? call.exportVoyage : call.exportVoyage ?? call.importVoyage
            guard let voyage, let port = call.port else {
                if call.port == nil { problem("transportCall.UNLocationCode", "the call names no UN/LOCODE") }
                if voyage == nil { problem("transportCall.exportVoyageNumber", "the call names no voyage") }
                return
            }
            events.keep(
                VesselCallEvent(
                    id: id, created: created, kind: kind, classifier: classifier, time: time,
                    call: CallReference(voyage: voyage, port: port, sequence: call.sequence), vesselIMONumber: call.vesselIMONumber, service: call.service),
                at: path)
            return
        }
        let kindKey = object["equipmentEventTypeCode"] == nil && object["eventTypeCode"] != nil ? "eventTypeCode" : "equipmentEventTypeCode"
        let kindText = member(object, kindKey, oneOf: TrackAndTraceEvents.equipmentEventTypeCodes, required: true)
        _ = member(object, "emptyIndicatorCode", oneOf: ["EMPTY", "LADEN"], required: true)
        let reference = bookingReference(object)
        let eventPort = (object["eventLocation"] as? [String: Any]).flatMap { port($0, member: "eventLocation.UNLocationCode") }
        guard problems.isEmpty, let id, let created, let time, let classifier, let kindText else { return }
        guard let kind = EquipmentEvent.Kind(rawValue: kindText) else {
            events.setAside.append(.init(path: path, message: "\(kindText) is a handling of the container outside the cargo's journey"))
            return
        }
        guard classifier == .actual else {
            events.setAside.append(.init(path: path, message: "a \(classifier == .planned ? "planned" : "estimated") equipment event is no handling yet"))
            return
        }
        guard let reference else {
            problem("documentReferences", "the event names no booking (a documentReferences entry of type BKG)")
            return
        }
        guard let port = eventPort ?? call?.port else {
            problem("eventLocation.UNLocationCode", "the event names no UN/LOCODE, in eventLocation or transportCall")
            return
        }
        let voyage = kind == .discharge ? call?.importVoyage ?? call?.exportVoyage : call?.exportVoyage ?? call?.importVoyage
        if kind.handling.requiresVoyage && voyage == nil {
            problem("transportCall", "a \(kindText) event names the voyage in its transportCall")
            return
        }
        events.keep(
            EquipmentEvent(
                id: id, created: created, kind: kind, time: time, port: port, voyage: kind.handling.requiresVoyage ? voyage : nil,
                bookingReference: reference), at: path)
    }

    /// What an event's transport call says.
    struct Call {
        var port: UnLocode?
        var exportVoyage: VoyageNumber?
        var importVoyage: VoyageNumber?
        var sequence: Int?
        var mode: String?
        var service: String?
        var vesselIMONumber: String?
    }

    private mutating func transportCall(_ value: Any, member: String) -> Call? {
        guard let object = value as? [String: Any] else {
            problem(member, "a transportCall is an object")
            return nil
        }
        var call = Call()
        call.port =
            port(object, member: "\(member).UNLocationCode")
            ?? (object["location"] as? [String: Any]).flatMap { port($0, member: "\(member).location.UNLocationCode") }
        call.exportVoyage = voyage(object, "exportVoyageNumber", member) ?? voyage(object, "carrierVoyageNumber", member)
        call.importVoyage = voyage(object, "importVoyageNumber", member)
        call.mode = self.member(object, "modeOfTransport", at: "\(member).modeOfTransport", oneOf: ["VESSEL", "RAIL", "TRUCK", "BARGE"], required: true)
        if let id = text(object, "transportCallID", member: "\(member).transportCallID") {
            if id.isEmpty || id.count > TrackAndTraceReader.maximumText {
                problem("\(member).transportCallID", "a transportCallID has 1 to \(TrackAndTraceReader.maximumText) characters")
            }
        } else if object["transportCallID"] == nil || object["transportCallID"] is NSNull {
            problem("\(member).transportCallID", "no transportCallID: a transport call is named by one")
        }
        call.service = text(object, "carrierServiceCode", member: "\(member).carrierServiceCode")
        if let vessel = object["vessel"] {
            if let vessel = vessel as? [String: Any] {
                let path = "\(member).vessel.vesselIMONumber"
                if let number = text(vessel, "vesselIMONumber", member: path) {
                    if number.utf8.count == 7, number.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) {
                        call.vesselIMONumber = number
                    } else {
                        problem(path, "\(quoted(String(number.prefix(TrackAndTraceReader.maximumText)))) is not an IMO number of 7 digits")
                    }
                } else if vessel["vesselIMONumber"] == nil || vessel["vesselIMONumber"] is NSNull {
                    problem(path, "no vesselIMONumber: a vessel is named by its IMO number")
                }
            } else if !(vessel is NSNull) {
                problem("\(member).vessel", "a vessel is an object")
            }
        }
        if let value = object["transportCallSequenceNumber"] {
            if let number = value as? NSNumber, !Self.isBoolean(number), number.doubleValue == number.doubleValue.rounded(),
                (1...10_000).contains(number.doubleValue)
            {
                call.sequence = number.intValue
            } else {
                problem("\(member).transportCallSequenceNumber", "\(Self.show(value)) is not a call's sequence number from 1 to 10000")
            }
        }
        return call
    }

    private mutating func voyage(_ object: [String: Any], _ key: String, _ member: String) -> VoyageNumber? {
        guard let value = text(object, key, member: "\(member).\(key)") else { return nil }
        guard let number = VoyageNumber(value) else {
            problem("\(member).\(key)", "\(quoted(value)) is not a voyage number")
            return nil
        }
        return number
    }

    private mutating func port(_ object: [String: Any], member: String) -> UnLocode? {
        guard let value = text(object, "UNLocationCode", member: member) else { return nil }
        guard let code = UnLocode(value) else {
            problem(member, "\(quoted(value)) is not a UN/LOCODE (two letters and three letters or digits)")
            return nil
        }
        return code
    }

    /// The event's `eventID`, a UUID: without one, a copy of the event could not be told from a new one.
    private mutating func identifier(_ object: [String: Any]) -> String? {
        guard let id = text(object, "eventID") else {
            if object["eventID"] == nil || object["eventID"] is NSNull {
                problem("eventID", "no eventID: an event without one cannot be told from a copy of it")
            }
            return nil
        }
        guard id.utf8.count == 36, UUID(uuidString: id) != nil else {
            problem("eventID", "\(quoted(String(id.prefix(TrackAndTraceReader.maximumText)))) is not a UUID, such as 3cecb101-7a1a-43a4-9d62-e88a131651e2")
            return nil
        }
        return id
    }

    /// The value of the event's first `BKG` document reference.
    private mutating func bookingReference(_ object: [String: Any]) -> String? {
        guard let value = object["documentReferences"] else { return nil }
        guard let list = value as? [Any] else {
            problem("documentReferences", "documentReferences is an array")
            return nil
        }
        for (index, item) in list.enumerated() {
            let member = "documentReferences[\(index)]"
            guard let entry = item as? [String: Any] else {
                problem(member, "a document reference is an object")
                continue
            }
            guard self.member(entry, "documentReferenceType", at: "\(member).documentReferenceType", oneOf: ["BKG", "TRD"], required: true) == "BKG",
                let reference = text(entry, "documentReferenceValue", member: "\(member).documentReferenceValue")
            else { continue }
            guard !reference.isEmpty, reference.count <= TrackAndTraceReader.maximumText,
                !reference.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
            else {
                problem(
                    "\(member).documentReferenceValue", "\(quoted(reference)) is not a booking reference of 1 to \(TrackAndTraceReader.maximumText) characters")
                return nil
            }
            return reference
        }
        return nil
    }

    private mutating func code<Code: RawRepresentable & CaseIterable>(
        _ object: [String: Any], _ key: String, _ type: Code.Type, required: Bool
    ) -> Code? where Code.RawValue == String {
        member(object, key, oneOf: Code.allCases.map(\.rawValue), required: required).flatMap(Code.init(rawValue:))
    }

    /// A member whose value is one of `values`: `nil` when absent or null (noted when `required`), or when of another
    /// type or value (noted).
    private mutating func member(_ object: [String: Any], _ key: String, at path: String? = nil, oneOf values: [String], required: Bool) -> String? {
        guard let value = text(object, key, member: path) else {
            if required && (object[key] == nil || object[key] is NSNull) { problem(path ?? key, "no \(key) (\(values.joined(separator: ", ")))") }
            return nil
        }
        guard values.contains(value) else {
            problem(path ?? key, "\(quoted(value)) is not \(values.joined(separator: ", "))")
            return nil
        }
        return value
    }

    private mutating func dateTime(_ object: [String: Any], _ key: String, required: Bool) -> Date? {
        guard let value = text(object, key) else {
            if required && (object[key] == nil || object[key] is NSNull) { problem(key, "no \(key)") }
            return nil
        }
        guard case .success((.dateTime(let seconds), _)) = Timestamp.parseWithOffset(Array(value.utf8)), Date(seconds: seconds).isSupported else {
            problem(key, Timestamp.message(for: .malformed, value: value, column: key, allowsDate: false))
            return nil
        }
        return Date(seconds: seconds)
    }

    /// A member that must be a string when present: `nil` when absent or null, noted when of another type.
    private mutating func text(_ object: [String: Any], _ key: String, member: String? = nil) -> String? {
        guard let value = object[key], !(value is NSNull) else { return nil }
        guard let text = value as? String else {
            problem(member ?? key, "\(key) is \(Self.show(value)), not a string")
            return nil
        }
        return text
    }

    /// Whether JSON gave `true` or `false` rather than a number.
    static func isBoolean(_ number: NSNumber) -> Bool { String(cString: number.objCType) == "c" }

    static func show(_ value: Any) -> String {
        switch value {
        case let number as NSNumber where isBoolean(number): number.boolValue ? "true" : "false"
        case let number as NSNumber: "\(number)"
        case is [Any]: "an array"
        case is [String: Any]: "an object"
        case let text as String: quoted(text)
        default: "null"
        }
    }
}
