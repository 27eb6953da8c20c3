import Foundation
import RoutePlanner
import RoutePlannerFormats
import RoutePlannerTestSupport
import Testing

/// Reading a vessel-schedules document as voyages published again: told from Track & Trace events by its first
/// element, read whole or not at all.
@Suite struct SchedulePublicationTests {
    static let voyage = SampleVoyages.asiaEurope1

    @Test func aDocumentIsAPublicationWhenItsFirstElementHasVesselSchedules() {
        #expect(SchedulePublication.recognises(BruteForceDisruption.publicationDocument([Self.voyage])))
        #expect(SchedulePublication.recognises(Data(#"[{"carrierServiceCode": "X", "vesselSchedules": [ broken"#.utf8)))
        for other in [#"[{"eventID": "a", "eventType": "TRANSPORT"}]"#, "[]", "{}", "not JSON", #"[1, {"vesselSchedules": []}]"#, ""] {
            #expect(!SchedulePublication.recognises(Data(other.utf8)), "\(other)")
        }
    }

    @Test func aPublicationGivesItsVoyagesWithTheirCallsTimesAndCutOffs() throws {
        let publication = SchedulePublication.read(BruteForceDisruption.publicationDocument([Self.voyage]))
        #expect(publication.problems.isEmpty && publication.warnings.isEmpty)
        let read = try #require(publication.voyages.first)
        #expect(publication.voyages.count == 1 && read.path == "$[0].vesselSchedules[0].transportCalls[0]")
        #expect(read.event.number == Self.voyage.number && read.event.callPorts == Self.voyage.callPorts)
        #expect(read.event.movements.map(\.departureTime) == Self.voyage.movements.map(\.departureTime))
        #expect(read.event.movements.map(\.arrivalTime) == Self.voyage.movements.map(\.arrivalTime))
        #expect(read.event.movements.map(\.cutOffTimes) == Self.voyage.movements.map(\.cutOffTimes))
    }

    @Test func aPublicationWithAnErrorGivesNoVoyageAndEveryErrorAtItsPath() throws {
        var document = try #require(try JSONSerialization.jsonObject(with: BruteForceDisruption.publicationDocument([Self.voyage])) as? [[String: Any]])
        var schedules = try #require(document[0]["vesselSchedules"] as? [[String: Any]])
        var calls = try #require(schedules[0]["transportCalls"] as? [[String: Any]])
        calls[1]["timestamps"] = [["eventTypeCode": "ARRI", "eventClassifierCode": "PLN", "eventDateTime": "yesterday"]]
        calls[2]["surprise"] = true
        schedules[0]["transportCalls"] = calls
        document[0]["vesselSchedules"] = schedules
        let publication = SchedulePublication.read(try JSONSerialization.data(withJSONObject: document))
        #expect(publication.voyages.isEmpty)
        #expect(
            publication.problems.contains { $0.path.hasPrefix("$[0].vesselSchedules[0].transportCalls[1].timestamps[0].eventDateTime") },
            "\(publication.problems)")
        #expect(publication.warnings.contains { $0.path == "$[0].vesselSchedules[0].transportCalls[2].surprise" }, "\(publication.warnings)")
    }
}
