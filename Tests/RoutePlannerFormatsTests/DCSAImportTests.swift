import Foundation
import RoutePlanner
import RoutePlannerFormats
import RoutePlannerTestSupport
import Testing

/// DCSA vessel schedules in: the mapping, and every problem located by its JSON path.
@Suite struct DCSAImportTests {
    static func utc(_ text: String) -> Date { try! Date(text, strategy: .iso8601) }

    static func errors(_ text: String, capacities: String? = nil) -> [String] {
        do {
            _ = try DCSAImporter().importVesselSchedules(
                CSVFile(name: "schedule.json", text: text), capacities: capacities.map { CSVFile(name: "capacities.csv", text: $0) })
            return []
        } catch {
            return error.diagnostics.map(\.description) + (error.omittedErrorCount > 0 ? ["and \(error.omittedErrorCount) more"] : [])
        }
    }

    @Test func readsCallsIntoVoyagesWithTheirOffsetsAndCutOffs() throws {
        let imported = try DCSAImporter().importVesselSchedules(CSVFile(name: "schedule.json", text: VesselSchedulesText.shanghaiToRotterdam))
        #expect(imported.diagnostics.isEmpty)
        let network = imported.value.network
        #expect(!network.capacitiesAreKnown)
        #expect(network.voyages.map(\.number) == ["001W", "002E"])
        let first = try #require(network.voyage("001W"))
        #expect(first.service == "AE7" && first.serviceName == "Asia-Europe 7" && first.vessel == "Maersk Kiel" && first.vesselIMONumber == "9321483")
        #expect(first.movements.map(\.departureLocation) == ["CNSHA", "SGSIN"])
        #expect(first.movements[0].departureTime == Self.utc("2026-03-02T08:00:00Z"))
        #expect(first.movements[0].departureUTCOffset == 8 * 3600 && first.movements[1].arrivalUTCOffset == 2 * 3600)
        #expect(
            first.movements[0].cutOffTimes == [
                CutOffTime(.fullContainerDelivery, Self.utc("2026-03-01T08:00:00Z")), CutOffTime(.transshipment, Self.utc("2026-03-01T20:00:00Z")),
            ])
        #expect(network.voyage("002E")?.movements.map(\.arrivalLocation) == ["DEHAM"])
        #expect(network.location("SGSIN")?.name == "Port SGSIN")
        #expect(network.location("SGSIN")?.transshipmentTime == .seconds(24 * 3600))
        #expect(imported.value.network.movementCount == 3)
    }

    @Test func aCallsTimeIsItsLatestKnownTimestamp() throws {
        func stamp(_ type: String, _ classifier: String, _ time: String) -> String {
            #"{"eventTypeCode": "\#(type)", "eventClassifierCode": "\#(classifier)", "eventDateTime": "\#(time)"}"#
        }
        let text = VesselSchedulesText.document([
            VesselSchedulesText.call(
                "C1", "CNSHA", voyage: "V",
                timestamps: [
                    stamp("DEPA", "ACT", "2026-03-02T10:00:00Z"), stamp("DEPA", "PLN", "2026-03-02T08:00:00Z"), stamp("DEPA", "EST", "2026-03-02T09:00:00Z"),
                ]),
            VesselSchedulesText.call(
                "C2", "NLRTM", voyage: nil,
                timestamps: [
                    stamp("ARRI", "PLN", "2026-04-01T08:00:00Z"), stamp("ARRI", "EST", "2026-04-02T08:00:00Z"), stamp("ARRI", "EST", "2026-04-03T08:00:00Z"),
                ]),
        ])
        let movement = try #require(DCSAImporter().importVesselSchedules(CSVFile(name: "s.json", text: text)).value.network.voyage("V")?.movements.first)
        #expect(movement.departureTime == Self.utc("2026-03-02T10:00:00Z"))
        #expect(movement.arrivalTime == Self.utc("2026-04-03T08:00:00Z"))
    }

    @Test func namesPortsFromALocationsFileAndGivesCapacitiesByVoyageOrVessel() throws {
        let locations = CSVFile(name: "locations.csv", text: "unlocode,name,transshipment_hours,time_zone\nSGSIN,Singapore,12,Asia/Singapore\n")
        let capacities = CSVFile(name: "capacities.csv", text: "voyage,vessel_imo,capacity_teu\n001W,,1200\n,9321483,900\n")
        let imported = try DCSAImporter().importVesselSchedules(
            CSVFile(name: "schedule.json", text: VesselSchedulesText.shanghaiToRotterdam), locations: locations, capacities: capacities)
        let network = imported.value.network
        #expect(network.capacitiesAreKnown)
        #expect(network.location("SGSIN")?.transshipmentTime == .seconds(12 * 3600))
        #expect(network.location("SGSIN")?.timeZone?.identifier == "Asia/Singapore")
        #expect(network.voyage("001W")?.movements.map(\.capacity) == [1200, 1200])
        #expect(network.voyage("002E")?.movements.map(\.capacity) == [900])
        #expect(imported.diagnostics.isEmpty)
    }

    @Test func namesPortsByTheCarriersNameElseByTheUNLOCODEList() throws {
        let list = try UnLocodeDirectory(
            CSVFile(
                name: "unlocode.csv",
                text: """
                    unlocode,name,country,subdivision,function,latitude,longitude
                    CNSHA,Shanghai Hongqiao International Apt,CN,SH,---4----,,
                    SGSIN,Singapore,SG,,1--45---,1.2667,103.8333
                    """), release: "test")
        let document = VesselSchedulesText.document([
            VesselSchedulesText.call("C1", "CNSHA", voyage: "001W", departure: "2026-03-02T16:00:00+08:00"),
            #"{"transportCallReference": "C2", "carrierImportVoyageNumber": "001W", "location": {"UNLocationCode": "SGSIN"}, "timestamps": [{"eventTypeCode": "ARRI", "eventClassifierCode": "PLN", "eventDateTime": "2026-03-08T08:00:00+08:00"}]}"#,
        ])
        let network = try DCSAImporter(reference: list).importVesselSchedules(CSVFile(name: "schedule.json", text: document)).value.network
        #expect(network.location("CNSHA")?.name == "Port CNSHA")
        #expect(network.location("SGSIN")?.name == "Singapore")
        #expect(network.location("SGSIN")?.coordinates != nil)
        #expect(network.location("SGSIN")?.transshipmentTime == .seconds(DCSAImporter.defaultTransshipmentHours * 3600))
        #expect(
            Self.errors(document) == [
                "schedule.json: $[0].vesselSchedules[0].transportCalls[1].location: error: unknown location SGSIN: not in a UN/LOCODE list and no locationName; add it to a locations file"
            ])
    }

    @Test func aCapacityFileWithProblemsIsReportedByLine() {
        let capacities = "voyage,vessel_imo,capacity_teu\n001W,,12x\n001W,9321483,5\nNOPE,,5\n,123,5\n"
        #expect(
            Self.errors(VesselSchedulesText.shanghaiToRotterdam, capacities: capacities) == [
                "capacities.csv:1:1: warning: 2 voyages have no capacity here and are taken as unlimited: 001W, 002E",
                "capacities.csv:2:7: error: capacity_teu \"12x\" is not a whole number of TEU from 0 to 2147483647",
                "capacities.csv:3:1: error: give a voyage or a vessel_imo, not both or neither",
                "capacities.csv:4:1: warning: voyage NOPE is not in the schedule",
                "capacities.csv:5:2: error: vessel_imo \"123\" is not an IMO number: 7 or 8 digits",
            ])
    }

    @Test func reportsEveryProblemByItsJSONPath() {
        let text = VesselSchedulesText.document([
            VesselSchedulesText.call("C1", "CNSHA", voyage: "001W", departure: "2026-03-02T16:00:00", cutOffs: [("XYZ", "2026-03-01T16:00:00+08:00")]),
            VesselSchedulesText.call("C2", "SGSIN", voyage: "001W", arrival: "2026-03-08T08:00:00+08:00"),
            VesselSchedulesText.call("C2", "NLRT", voyage: "001W", arrival: "2026-04-01T10:00:00+02:00", departure: "2026-04-02T10:00:00+02:00"),
            VesselSchedulesText.call("C4", "DEHAM", voyage: "001W", arrival: "2026-03-03T10:00:00+02:00", departure: "2026-03-03T09:00:00+02:00"),
            VesselSchedulesText.call("C5", "BEANR", voyage: nil, timestamps: []),
        ])
        let path = "schedule.json: $[0].vesselSchedules[0].transportCalls"
        #expect(
            Self.errors(text) == [
                "\(path)[0].timestamps[0].eventDateTime: error: \"2026-03-02T16:00:00\" has no UTC offset; DCSA times are local with their offset, as in \"2026-03-02T16:00:00+01:00\", or \"2026-03-02T16:00:00Z\" for UTC",
                "\(path)[0].cutOffTimes[0].cutOffDateTimeCode: warning: unknown cut-off code \"XYZ\" is ignored",
                "\(path)[1]: error: no DEPA timestamp",
                "\(path)[2].transportCallReference: error: transportCallReference \"C2\" is also the reference of $[0].vesselSchedules[0].transportCalls[1]",
                "\(path)[2].location.UNLocationCode: error: malformed UN/LOCODE \"NLRT\": expected 2 letters and 3 letters or digits",
                "\(path)[3]: error: arrives 2026-03-03T10:00:00+02:00, not after the call before it departs 2026-04-02T10:00:00+02:00",
                "\(path)[3]: error: departs 2026-03-03T09:00:00+02:00 before it arrives 2026-03-03T10:00:00+02:00",
                "\(path)[4]: error: no timestamps: a call needs its ARRI or DEPA time",
            ])
    }

    @Test(arguments: [
        (
            "{\"vesselSchedules\": []}",
            "schedule.json: $: error: expected an array of service schedules (the body of GET /v1/vessel-schedules), found an object"
        ),
        (
            "[{\"carrierServiceCode\": \"AE7\", \"vesselSchedules\": [{\"transportCalls\": [{\"transportCallReference\": \"C1\", \"timest",
            "schedule.json:1:105: error: the file ends inside a string (is it cut short?)"
        ),
        ("[{\"carrierServiceCode\": \"AE7\", \"vesselSchedules\": [", "schedule.json:1:52: error: the file ends inside an array (is it cut short?)"),
        ("[1, 2]", "schedule.json: $[0]: error: expected an object, found a number"),
        ("[{\"carrierServiceCode\": 7}] x", "schedule.json: $[0].carrierServiceCode: error: expected a string, found a number"),
        (String(repeating: "[", count: 300), "schedule.json:1:257: error: values are nested more than 256 deep"),
        ("", "schedule.json:1:1: error: the file ends where a value should be (is it cut short?)"),
    ])
    func reportsWhatIsNotAVesselScheduleDocument(text: String, message: String) {
        #expect(Self.errors(text).contains(message))
    }

    /// A call without its location was dropped with its vessel schedule and no message.
    @Test func aCallWithoutALocationIsReported() {
        let calls = [
            VesselSchedulesText.call("A1", "CNSHA", voyage: "V1", departure: "2026-03-02T08:00:00Z"),
            VesselSchedulesText.call("A2", "NLRTM", voyage: nil, arrival: "2026-04-01T08:00:00Z")
                .replacingOccurrences(of: #""location": {"UNLocationCode": "NLRTM", "locationName": "Port NLRTM"},"#, with: ""),
        ]
        #expect(!calls[1].contains("location") && calls[1].contains("A2"))
        let text =
            #"[{"carrierServiceName": "S", "carrierServiceCode": "S", "vesselSchedules": [{"isDummyVessel": true, "transportCalls": [\#(calls.joined(separator: ","))]}]}]"#
        #expect(
            Self.errors(text) == [
                "schedule.json: $[0].vesselSchedules[0].transportCalls[1]: error: no location: route-planner knows ports by their UN/LOCODE"
            ])
    }

    /// A service schedule whose `vesselSchedules` was missing or misspelt loaded with no message and no voyages.
    @Test(arguments: [
        (
            #""vesselSchedule": []"#,
            [
                "schedule.json: $[0]: error: no vesselSchedules: a service schedule lists its vessels' calls there",
                "schedule.json: $[0].vesselSchedule: warning: unknown key \"vesselSchedule\" is ignored (did you mean \"vesselSchedules\"?)",
            ]
        ),
        (
            #""vessels": []"#,
            [
                "schedule.json: $[0]: error: no vesselSchedules: a service schedule lists its vessels' calls there",
                "schedule.json: $[0].vessels: warning: unknown key \"vessels\" is ignored",
            ]
        ),
        ("", ["schedule.json: $[0]: error: no vesselSchedules: a service schedule lists its vessels' calls there"]),
    ])
    func aServiceScheduleWithoutItsVesselSchedulesIsAnError(member: String, messages: [String]) {
        let text = #"[{"carrierServiceName": "Asia-Europe 7", "carrierServiceCode": "AE7"\#(member.isEmpty ? "" : ", " + member)}]"#
        #expect(Self.errors(text) == messages)
    }

    /// A misspelt `cutOffTimes` dropped the cut-offs without a word.
    @Test func aMisspeltMemberIsAWarningAtItsPath() throws {
        let text = VesselSchedulesText.document(
            [
                VesselSchedulesText.call(
                    "C1", "CNSHA", voyage: "V", departure: "2026-03-02T08:00:00Z",
                    extra: [#""cutoffTimes": [{"cutOffDateTimeCode": "FCO", "cutOffDateTime": "2026-03-01T08:00:00Z"}]"#]),
                VesselSchedulesText.call("C2", "NLRTM", voyage: nil, arrival: "2026-04-01T08:00:00Z", extra: [#""location ": {}"#, #""carrier code": "X""#]),
            ], vessel: #"{"name": "Maersk Kiel", "flagg": "DK"}"#)
        let imported = try DCSAImporter().importVesselSchedules(CSVFile(name: "schedule.json", text: text))
        let path = "schedule.json: $[0].vesselSchedules[0]"
        #expect(
            imported.diagnostics.map(\.description) == [
                "\(path).vessel.flagg: warning: unknown key \"flagg\" is ignored (did you mean \"flag\"?)",
                "\(path).transportCalls[0].cutoffTimes: warning: unknown key \"cutoffTimes\" is ignored (did you mean \"cutOffTimes\"?)",
                "\(path).transportCalls[1][\"location \"]: warning: unknown key \"location \" is ignored (did you mean \"location\"?)",
                "\(path).transportCalls[1][\"carrier code\"]: warning: unknown key \"carrier code\" is ignored",
            ])
        #expect(imported.value.network.voyage("V")?.movements.first?.cutOffTimes == [])
        // Each diagnostic also carries the line and column of its key.
        let column = text.distance(from: text.startIndex, to: try #require(text.range(of: #""flagg""#)).lowerBound) + 1
        #expect(imported.diagnostics.first?.line == 1 && imported.diagnostics.first?.column == column)
    }

    /// The standard's required members of the objects read: ServiceSchedule, VesselSchedule, TransportCall, Timestamp and
    /// CutOffTime (the vessel and the location require none, though route-planner needs a call's UN/LOCODE).
    @Test func everyRequiredMemberMissingIsAnError() {
        let calls = [
            #"{"transportCallReference": "C1", "location": {"UNLocationCode": "CNSHA", "locationName": "Shanghai"}, "carrierExportVoyageNumber": "V", "timestamps": [{"eventTypeCode": "DEPA", "eventDateTime": "2026-03-02T08:00:00Z"}], "cutOffTimes": [{"cutOffDateTime": "2026-03-01T08:00:00Z"}, {"cutOffDateTimeCode": "FCO"}]}"#,
            #"{"carrierImportVoyageNumber": "V", "location": {"UNLocationCode": "NLRTM", "locationName": "Rotterdam"}}"#,
        ]
        let text =
            #"[{"carrierServiceCode": "S", "vesselSchedules": [{"transportCalls": [\#(calls.joined(separator: ",\n"))]}]}, {"carrierServiceName": "T", "vesselSchedules": []}]"#
        let path = "schedule.json: $[0].vesselSchedules[0]"
        #expect(
            Self.errors(text) == [
                "schedule.json: $[0]: error: no carrierServiceName",
                "\(path): error: no isDummyVessel (true or false)",
                "\(path).transportCalls[0]: error: no carrierImportVoyageNumber",
                "\(path).transportCalls[0].timestamps[0]: error: no eventClassifierCode (PLN, EST or ACT)",
                "\(path).transportCalls[0].cutOffTimes[0]: error: no cutOffDateTimeCode",
                "\(path).transportCalls[0].cutOffTimes[1]: error: no cutOffDateTime",
                "\(path).transportCalls[1]: error: no transportCallReference",
                "\(path).transportCalls[1]: error: no timestamps: a call needs its ARRI or DEPA time",
                "schedule.json: $[1]: error: no carrierServiceCode",
                "schedule.json: $[1].vesselSchedules: warning: no vessel schedules: nothing sails in this service",
            ])
    }

    /// JSON that the reader took as it was: an invalid escape, a raw control character, a key given twice.
    @Test func invalidJSONInsideAValueIsAnErrorAtItsPath() {
        let text = VesselSchedulesText.document(
            [
                VesselSchedulesText.call("C1", "CNSHA", voyage: "V", departure: "2026-03-02T08:00:00Z", extra: [#""portVisitReference": "A\x""#])
                    .replacingOccurrences(of: "Port CNSHA", with: "Port\tCNSHA"),
                VesselSchedulesText.call(
                    "C2", "NLRTM", voyage: nil, arrival: "2026-04-01T08:00:00Z",
                    extra: [
                        #""timestamps": []"#, #""universalExportVoyageReference": "\u12G4""#, #""portVisit\u0052eference": "P""#,
                        #""x": {"address": {"city": "A", "city": "B"}}"#,
                        #""x": 1"#,
                    ]),
            ], vessel: "{\"name\": \"Maersk\nKiel\"}")
        let path = "schedule.json: $[0].vesselSchedules[0]"
        #expect(
            Self.errors(text) == [
                "\(path).vessel.name: error: a control character (U+000A) in a string: JSON writes it escaped, as \\n",
                "\(path).transportCalls[0].location.locationName: error: a control character (U+0009) in a string: JSON writes it escaped, as \\t",
                "\(path).transportCalls[0].portVisitReference: error: invalid escape \"\\x\" in a string: JSON's escapes are \\\", \\\\, \\/, \\b, \\f, \\n, \\r, \\t and \\u with four hexadecimal digits",
                "\(path).transportCalls[1].timestamps: error: the key \"timestamps\" is given twice in one object",
                "\(path).transportCalls[1].universalExportVoyageReference: error: invalid escape \"\\u12G4\" in a string: JSON's escapes are \\\", \\\\, \\/, \\b, \\f, \\n, \\r, \\t and \\u with four hexadecimal digits",
                "\(path).transportCalls[1].portVisitReference: error: the key \"portVisitReference\" is written with escapes; route-planner matches keys as written: write it without escapes",
                "\(path).transportCalls[1].x: warning: unknown key \"x\" is ignored",
                "\(path).transportCalls[1].x: error: the key \"city\" is given twice in one object",
                "\(path).transportCalls[1].x: error: the key \"x\" is given twice in one object",
            ])
    }

    @Test func aVoyageMayNotSailInTwoVesselSchedules() {
        let calls = [
            VesselSchedulesText.call("A1", "CNSHA", voyage: "V1", departure: "2026-03-02T08:00:00Z"),
            VesselSchedulesText.call("A2", "NLRTM", voyage: nil, arrival: "2026-04-01T08:00:00Z"),
        ]
        let again = calls.map { $0.replacingOccurrences(of: "\"A1\"", with: "\"B1\"").replacingOccurrences(of: "\"A2\"", with: "\"B2\"") }
        let text =
            #"[{"carrierServiceName": "S", "carrierServiceCode": "S", "vesselSchedules": [{"isDummyVessel": true, "transportCalls": [\#(calls.joined(separator: ","))]}, {"isDummyVessel": true, "transportCalls": [\#(again.joined(separator: ","))]}]}]"#
        #expect(
            Self.errors(text) == [
                "schedule.json: $[0].vesselSchedules[1].transportCalls[0]: error: voyage V1 sails again here; it already sails from $[0].vesselSchedules[0].transportCalls[0]: a voyage is one run of calls of one vessel"
            ])
    }

    @Test func errorsAreCappedAndCounted() {
        // One error a call: a departure without an offset.
        let calls = (0..<300).map {
            VesselSchedulesText.call("C\($0)", "CNSHA", voyage: "V", arrival: "2026-03-02T08:00:00Z", departure: "2026-03-02T08:00:00")
        }
        let errors = Self.errors(VesselSchedulesText.document(calls))
        #expect(errors.count == 101)
        #expect(errors.last == "and 200 more")
    }

    @Test func aHundredMegabyteFileIsReadAndReportedWithoutTrapping() {
        // A document whose one call carries a 100 MB field the reader does not need, then a bad time.
        let padding = String(repeating: "x", count: 100 << 20)
        let text = VesselSchedulesText.document([
            VesselSchedulesText.call("C1", "CNSHA", voyage: "V", departure: "2026-03-02T08:00:00Z", extra: [#""portVisitReference": "\#(padding)""#]),
            VesselSchedulesText.call("C2", "NLRTM", voyage: nil, arrival: "2026-04-01T08:00:00"),
        ])
        #expect(
            Self.errors(text) == [
                "schedule.json: $[0].vesselSchedules[0].transportCalls[1].timestamps[0].eventDateTime: error: \"2026-04-01T08:00:00\" has no UTC offset; DCSA times are local with their offset, as in \"2026-04-01T08:00:00+01:00\", or \"2026-04-01T08:00:00Z\" for UTC"
            ])
    }

    @Test func recognisesJSONByItsContent() {
        #expect(DCSAImporter.recognises(CSVFile(name: "a", text: "\u{FEFF}  \n[")))
        #expect(DCSAImporter.recognises(CSVFile(name: "a", text: "{}")))
        #expect(!DCSAImporter.recognises(CSVFile(name: "a", text: "voyage,from,to")))
        #expect(!DCSAImporter.recognises(CSVFile(name: "a", text: "")))
    }
}
