import Foundation
import RoutePlanner
import RoutePlannerFormats
import Testing

/// DCSA Track & Trace 2.2 events read: what moves a schedule or a cargo, what is left aside and why, and every
/// problem at its JSON path.
@Suite struct TrackAndTraceReaderTests {
    static let arrival = """
        {"eventID": "5e51e72c-d872-11ea-811c-0242ac130003", "eventType": "TRANSPORT", "eventClassifierCode": "EST",
         "eventCreatedDateTime": "2026-03-01T10:00:00+01:00", "eventDateTime": "2026-03-09T06:00:00Z", "transportEventTypeCode": "ARRI",
         "transportCall": {"transportCallID": "tc-1", "modeOfTransport": "VESSEL", "UNLocationCode": "SGSIN",
                           "exportVoyageNumber": "WS15-W10", "importVoyageNumber": "WS15-W09", "carrierServiceCode": "WS15",
                           "vessel": {"vesselIMONumber": "9321483"}},
         "delayReasonCode": "WEA"}
        """

    static let load = """
        {"eventID": "0f2b6a8e-7c1d-4e5a-9b3c-2d4e6f8a0b1c", "eventType": "EQUIPMENT", "eventClassifierCode": "ACT", "equipmentEventTypeCode": "LOAD",
         "emptyIndicatorCode": "LADEN", "eventCreatedDateTime": "2026-03-02T09:00:00Z", "eventDateTime": "2026-03-02T08:00:00Z",
         "equipmentReference": "APZU4812090", "eventLocation": {"UNLocationCode": "CNSHA"},
         "documentReferences": [{"documentReferenceType": "TRD", "documentReferenceValue": "x"}, {"documentReferenceType": "BKG", "documentReferenceValue": "ACME-1"}],
         "transportCall": {"transportCallID": "tc-2", "modeOfTransport": "VESSEL", "exportVoyageNumber": "WS15-W09", "UNLocationCode": "CNSHA"}}
        """

    @Test func transportAndEquipmentEventsAreRead() throws {
        let events = TrackAndTraceReader.read(Data("[\(Self.arrival), \(Self.load)]".utf8))
        #expect(events.problems.isEmpty && events.setAside.isEmpty && events.count == 2)
        let arrival = try #require(events.vesselCalls.first)
        #expect(arrival.path == "$[0]")
        // An arrival belongs to the voyage that arrives: the import voyage where the vessel goes on as another.
        #expect(
            arrival.event
                == VesselCallEvent(
                    id: "5e51e72c-d872-11ea-811c-0242ac130003", created: Date(timeIntervalSince1970: 1_772_355_600), kind: .arrival, classifier: .estimated,
                    time: Date(timeIntervalSince1970: 1_773_036_000), call: CallReference(voyage: "WS15-W09", port: "SGSIN"), vesselIMONumber: "9321483",
                    service: "WS15"))
        #expect(
            events.equipment.map(\.event) == [
                EquipmentEvent(
                    id: "0f2b6a8e-7c1d-4e5a-9b3c-2d4e6f8a0b1c", created: Date(timeIntervalSince1970: 1_772_442_000), kind: .load,
                    time: Date(timeIntervalSince1970: 1_772_438_400),
                    port: "CNSHA", voyage: "WS15-W09", bookingReference: "ACME-1")
            ])
    }

    @Test func eventsThatMoveNothingAreLeftAsideWithAWord() {
        let shipment =
            #"{"eventID": "s", "eventType": "SHIPMENT", "eventClassifierCode": "ACT", "eventCreatedDateTime": "2026-03-01T00:00:00Z", "eventDateTime": "2026-03-01T00:00:00Z"}"#
        let planned = Self.load.replacingOccurrences(of: #""ACT""#, with: #""PLN""#)
        let stuffed = Self.load.replacingOccurrences(of: #""LOAD""#, with: #""STUF""#)
        let truck = Self.arrival.replacingOccurrences(of: #""VESSEL""#, with: #""TRUCK""#)
        let events = TrackAndTraceReader.read(Data("[\(shipment), \(planned), \(stuffed), \(truck)]".utf8))
        #expect(events.problems.isEmpty && events.vesselCalls.isEmpty && events.equipment.isEmpty)
        #expect(
            events.setAside.map(\.description) == [
                "$[0]: a shipment event moves neither a schedule nor a cargo",
                "$[1]: a planned equipment event is no handling yet",
                "$[2]: STUF is a handling of the container outside the cargo's journey",
                "$[3]: a call by TRUCK, not a vessel's, is not in the schedule",
            ])
    }

    @Test func everyProblemOfABadEventIsLocatedAndTheOthersAreRead() {
        let bad = """
            {"eventType": "TRANSPORT", "eventClassifierCode": "SOON", "eventCreatedDateTime": "yesterday", "eventDateTime": "2026-03-09T06:00:00",
             "transportEventTypeCode": "ARRI", "transportCall": {"UNLocationCode": "Singapore", "exportVoyageNumber": 7, "transportCallSequenceNumber": 0}}
            """
        let events = TrackAndTraceReader.read(Data("[\(bad), 3, \(Self.arrival)]".utf8))
        #expect(events.vesselCalls.map(\.path) == ["$[2]"])
        #expect(
            events.problems.map(\.description) == [
                "$[0].eventID: no eventID: an event without one cannot be told from a copy of it",
                #"$[0].eventCreatedDateTime: eventCreatedDateTime "yesterday" is not a date-time with a zone, such as 2026-03-01T08:00:00Z"#,
                #"$[0].eventDateTime: eventDateTime "2026-03-09T06:00:00" is not a date-time with a zone, such as 2026-03-01T08:00:00Z"#,
                #"$[0].eventClassifierCode: "SOON" is not PLN, EST, ACT"#,
                #"$[0].transportCall.UNLocationCode: "Singapore" is not a UN/LOCODE (two letters and three letters or digits)"#,
                "$[0].transportCall.exportVoyageNumber: exportVoyageNumber is 7, not a string",
                "$[0].transportCall.modeOfTransport: no modeOfTransport (VESSEL, RAIL, TRUCK, BARGE)",
                "$[0].transportCall.transportCallID: no transportCallID: a transport call is named by one",
                "$[0].transportCall.transportCallSequenceNumber: 0 is not a call's sequence number from 1 to 10000",
                "$[1]: an event is an object",
            ])
    }

    /// An eventID names one event, of whatever kind: another event under the identifier of one before it is refused at
    /// its `eventID`, a copy is read (and applied as a duplicate), and the rest of the document is read.
    @Test func anEventIDNamesOneEventOfTheDocument() {
        let gateIn = Self.load.replacingOccurrences(of: #""LOAD""#, with: #""GTIN""#)
        let transportAsLoad = Self.arrival.replacingOccurrences(of: "5e51e72c-d872-11ea-811c-0242ac130003", with: "0f2b6a8e-7c1d-4e5a-9b3c-2d4e6f8a0b1c")
        let events = TrackAndTraceReader.read(Data("[\(Self.load), \(gateIn), \(Self.load), \(transportAsLoad), \(Self.arrival)]".utf8))
        #expect(events.equipment.map(\.path) == ["$[0]", "$[2]"] && events.vesselCalls.map(\.path) == ["$[4]"] && events.setAside.isEmpty)
        #expect(
            events.problems.map(\.description) == [
                #"$[1].eventID: "0f2b6a8e-7c1d-4e5a-9b3c-2d4e6f8a0b1c" is the eventID of $[0], another event: an eventID names one event"#,
                #"$[3].eventID: "0f2b6a8e-7c1d-4e5a-9b3c-2d4e6f8a0b1c" is the eventID of $[0], another event: an eventID names one event"#,
            ])
    }

    /// What the specification requires is refused at its path when missing or outside its enumeration, as DCSA's
    /// conformance toolkit checks a consumer: an equipment event's `emptyIndicatorCode` and type, a call's mode of
    /// transport and `transportCallID`, a vessel's IMO number, a UUID `eventID`, a document reference's type.
    @Test func whatTheSpecificationRequiresIsRefusedAtItsPath() {
        func changed(_ event: String, _ replacements: [(String, String)]) -> String {
            replacements.reduce(event) { $0.replacingOccurrences(of: $1.0, with: $1.1) }
        }
        let documents = [
            changed(Self.load, [(#""emptyIndicatorCode": "LADEN", "#, "")]),
            changed(Self.load, [(#""LOAD""#, #""INVALID_EQUIPMENT_TYPE_CODE""#), (#""LADEN""#, #""FULL""#)]),
            changed(Self.arrival, [(#""VESSEL""#, #""PLANE""#)]),
            changed(Self.arrival, [(#""transportCallID": "tc-1", "#, ""), (#""9321483""#, #""93214""#)]),
            changed(Self.arrival, [(#""vesselIMONumber": "9321483""#, #""vesselName": "Emma""#), ("5e51e72c-d872-11ea-811c-0242ac130003", "E1")]),
            changed(Self.load, [(#""documentReferenceType": "TRD""#, #""documentReferenceType": "XYZ""#), (#""modeOfTransport": "VESSEL", "#, "")]),
        ]
        let events = TrackAndTraceReader.read(Data("[\(documents.joined(separator: ", "))]".utf8))
        #expect(events.vesselCalls.isEmpty && events.equipment.isEmpty && events.setAside.isEmpty)
        #expect(
            events.problems.map(\.description) == [
                "$[0].emptyIndicatorCode: no emptyIndicatorCode (EMPTY, LADEN)",
                #"$[1].equipmentEventTypeCode: "INVALID_EQUIPMENT_TYPE_CODE" is not LOAD, DISC, GTIN, GTOT, STUF, STRP, PICK, DROP, INSP, RSEA, RMVD"#,
                #"$[1].emptyIndicatorCode: "FULL" is not EMPTY, LADEN"#,
                #"$[2].transportCall.modeOfTransport: "PLANE" is not VESSEL, RAIL, TRUCK, BARGE"#,
                "$[3].transportCall.transportCallID: no transportCallID: a transport call is named by one",
                #"$[3].transportCall.vessel.vesselIMONumber: "93214" is not an IMO number of 7 digits"#,
                #"$[4].eventID: "E1" is not a UUID, such as 3cecb101-7a1a-43a4-9d62-e88a131651e2"#,
                "$[4].transportCall.vessel.vesselIMONumber: no vesselIMONumber: a vessel is named by its IMO number",
                "$[5].transportCall.modeOfTransport: no modeOfTransport (VESSEL, RAIL, TRUCK, BARGE)",
                #"$[5].documentReferences[0].documentReferenceType: "XYZ" is not BKG, TRD"#,
            ])
    }

    @Test(arguments: [("{}", "$: the document is not an array of events"), ("[", nil)])
    func aDocumentThatIsNotAnArrayOfEventsIsOneProblem(_ text: String, _ message: String?) {
        let events = TrackAndTraceReader.read(Data(text.utf8))
        #expect(events.problems.count == 1 && events.problems[0].path == "$")
        if let message { #expect(events.problems[0].description == message) }
    }
}
