import Foundation
import RoutePlanner

/// Carriers' events as DCSA Track & Trace 2.2 writes them: a JSON array of transport and equipment events, as
/// `GET /v2/events` answers and `TrackAndTraceReader` reads (docs/DCSA.md maps the fields).
public enum TrackAndTraceDocument {
    /// The events as a JSON array, in the order given.
    public static func json(_ events: [CarrierEvent]) -> String {
        RouteDocument.encode(
            events.map { event in
                switch event {
                case .vesselCall(let call): Event(call)
                case .equipment(let handling): Event(handling)
                }
            })
    }

    struct Event: Encodable {
        let eventID: String
        let eventType: String
        let eventClassifierCode: String
        let eventCreatedDateTime: String
        let eventDateTime: String
        let transportEventTypeCode: String?
        let equipmentEventTypeCode: String?
        let emptyIndicatorCode: String?
        let eventLocation: Location?
        let transportCall: TransportCall?
        let documentReferences: [DocumentReference]?

        init(_ event: VesselCallEvent) {
            eventID = event.id
            eventType = "TRANSPORT"
            eventClassifierCode = event.classifier.rawValue
            eventCreatedDateTime = RouteDocument.timestamp(event.created)
            eventDateTime = RouteDocument.timestamp(event.time)
            transportEventTypeCode = event.kind.rawValue
            (equipmentEventTypeCode, emptyIndicatorCode, eventLocation, documentReferences) = (nil, nil, nil, nil)
            let voyage = event.call.voyage.rawValue
            transportCall = TransportCall(
                transportCallID: "\(voyage)-\(event.call.port)-\(event.call.sequence ?? 1)", modeOfTransport: "VESSEL",
                UNLocationCode: event.call.port.rawValue, exportVoyageNumber: event.kind == .departure ? voyage : nil,
                importVoyageNumber: event.kind == .arrival ? voyage : nil, transportCallSequenceNumber: event.call.sequence)
        }

        init(_ event: EquipmentEvent) {
            eventID = event.id
            eventType = "EQUIPMENT"
            eventClassifierCode = "ACT"
            eventCreatedDateTime = RouteDocument.timestamp(event.created)
            eventDateTime = RouteDocument.timestamp(event.time)
            transportEventTypeCode = nil
            equipmentEventTypeCode = event.kind.rawValue
            emptyIndicatorCode = "LADEN"
            eventLocation = Location(UNLocationCode: event.port.rawValue)
            transportCall = event.voyage.map { voyage in
                TransportCall(
                    transportCallID: "\(voyage)-\(event.port)", modeOfTransport: "VESSEL", UNLocationCode: event.port.rawValue,
                    exportVoyageNumber: event.kind == .load ? voyage.rawValue : nil, importVoyageNumber: event.kind == .discharge ? voyage.rawValue : nil,
                    transportCallSequenceNumber: nil)
            }
            documentReferences = [DocumentReference(documentReferenceType: "BKG", documentReferenceValue: event.bookingReference)]
        }
    }

    struct TransportCall: Encodable {
        let transportCallID: String
        let modeOfTransport: String
        let UNLocationCode: String
        let exportVoyageNumber: String?
        let importVoyageNumber: String?
        let transportCallSequenceNumber: Int?
    }

    struct Location: Encodable {
        let UNLocationCode: String
    }

    struct DocumentReference: Encodable {
        let documentReferenceType: String
        let documentReferenceValue: String
    }
}
