import Foundation
import RoutePlanner
import RoutePlannerFormats
import RoutePlannerTestSupport
import Testing

/// Cargo stays aboard when a vessel goes on from one voyage number to the next, and never changes vessel where it
/// has already left from: the rules of Guides/Routing.md, "Semantics", each pinned here.
@Suite struct ContinuationTests {
    /// One vessel: 101W from CNSHA to MYTPP (arrives hour 100), then 102E from MYTPP (departs hour 124, a 24-hour
    /// stay) to NLRTM. MYTPP takes 48 hours to transship, and 102E's transshipment cut-off is hour 90, already
    /// passed when 101W arrives.
    static func turnAtTanjungPelepas(continues: Bool = true) -> Fixture {
        var fixture = Fixture([("CNSHA", 24), ("MYTPP", 48), ("NLRTM", 24)])
        fixture.voyage("101W", [("CNSHA", "MYTPP", 0, 100)])
        fixture.voyage("102E", [("MYTPP", "NLRTM", 124, 500)])
        fixture.cutOffs("102E", [(.transshipment, 90)])
        if continues { fixture.continues("101W", as: "102E") }
        return fixture
    }

    @Test func cargoStaysAboardThroughAChangeOfVoyageNumber() throws {
        let network = try Self.turnAtTanjungPelepas().network()
        let specification = try Fixture.specification("CNSHA", "NLRTM", ready: 0, deadline: 600)
        let itinerary = try network.earliestArrival(for: specification)
        #expect(itinerary.voyageNumbers == ["101W", "102E"])
        #expect(itinerary.transshipmentCount == 0)
        #expect(itinerary.transshipmentLocations.isEmpty)
        #expect(!itinerary.changesVessel(before: 1))
        #expect(specification.isSatisfied(by: itinerary))
        let candidates = try network.candidates(for: specification)
        #expect(candidates.map(\.voyageNumbers) == [["101W", "102E"]])
        // A direct sailing only: staying aboard is no transshipment.
        #expect(try network.earliestArrival(for: specification, options: RoutingOptions(maxTransshipments: 0)).voyageNumbers == ["101W", "102E"])
    }

    @Test func withoutTheLinkTheSameCallIsAChangeOfVesselThatMissesItsTime() throws {
        let network = try Self.turnAtTanjungPelepas(continues: false).network()
        let specification = try Fixture.specification("CNSHA", "NLRTM", ready: 0, deadline: 600)
        #expect(throws: RoutingError.noRoute) { try network.earliestArrival(for: specification) }
    }

    @Test func stayingAboardPaysNoTransshipmentCost() throws {
        var fixture = Self.turnAtTanjungPelepas()
        fixture.locations = fixture.locations.map {
            Location(code: $0.code, name: $0.name, transshipmentTime: $0.transshipmentTime, handlingCostPerTEU: 100, transshipmentCostPerTEU: 70)
        }
        let itinerary = try fixture.network().earliestArrival(for: try Fixture.specification("CNSHA", "NLRTM", ready: 0, deadline: 600))
        #expect(itinerary.handlingCostPerTEU == 200)
        #expect(itinerary.knownHandlingCostPerTEU == 200)
    }

    @Test func theNetworkChecksEveryLink() throws {
        var fixture = Fixture([("AAAAA", 0), ("BBBBB", 0), ("CCCCC", 0)])
        fixture.voyage("A1", [("AAAAA", "BBBBB", 0, 10)])
        fixture.voyage("A2", [("BBBBB", "CCCCC", 5, 20)])  // departs before A1 arrives
        fixture.voyage("B1", [("AAAAA", "CCCCC", 0, 10)])  // ends elsewhere than A2 starts
        fixture.voyage("C1", [("AAAAA", "BBBBB", 0, 8)])
        fixture.voyage("C2", [("BBBBB", "CCCCC", 12, 20)])
        fixture.voyage("D1", [("AAAAA", "BBBBB", 0, 9)])
        fixture.continues("A1", as: "A2")
        fixture.continues("B1", as: "A2")
        fixture.continues("C1", as: "C2")
        fixture.continues("D1", as: "C2")
        fixture.continues("C2", as: "NOPE")
        #expect(
            throws: ScheduleNetworkError(problems: [
                .continuationDoesNotConnect(voyage: "A1", continuation: "A2"),
                .continuationDoesNotConnect(voyage: "B1", continuation: "A2"),
                .unknownContinuation(voyage: "C2", continuation: "NOPE"),
                .continuedTwice("C2", voyages: ["C1", "D1"]),
            ])
        ) { try fixture.network() }
    }

    @Test func aDelayMovesTheVesselsNextVoyageToo() throws {
        let network = try Self.turnAtTanjungPelepas().network()
        let delayed = try network.applying(Scenario([.delay("101W", by: .seconds(10 * 3600), from: nil)]))
        #expect(delayed.voyage("102E")?.movements[0].departureTime == Fixture.at(134))
        #expect(delayed.voyage("101W")?.continuation == "102E")
        let cancelled = try network.applying(Scenario([.cancelVoyage("102E")]))
        #expect(cancelled.voyage("101W")?.continuation == nil)
    }

    /// Closing the port where the vessel turns omits the call there: the cargo aboard would be discharged before,
    /// so the two voyages that are left no longer meet and the link ends.
    @Test func aClosedTurnCallEndsTheLink() throws {
        var fixture = Fixture([("CNSHA", 24), ("VNSGN", 24), ("MYTPP", 48), ("LKCMB", 24), ("NLRTM", 24)])
        fixture.voyage("101W", [("CNSHA", "VNSGN", 0, 50), ("VNSGN", "MYTPP", 60, 100)])
        fixture.voyage("102E", [("MYTPP", "LKCMB", 124, 200), ("LKCMB", "NLRTM", 210, 500)])
        fixture.continues("101W", as: "102E")
        let network = try fixture.network()
        #expect(network.voyage("101W")?.continuation == "102E")
        let closed = try network.applying(Scenario([.closePort("MYTPP", from: nil, until: nil)]))
        #expect(closed.voyage("101W")?.movements.last?.arrivalLocation == "VNSGN")
        #expect(closed.voyage("102E")?.movements.first?.departureLocation == "LKCMB")
        #expect(closed.voyage("101W")?.continuation == nil)
        // Closed only in a window that ends before the vessel comes, the call stays and so does the link.
        let early = try network.applying(Scenario([.closePort("MYTPP", from: Fixture.at(0), until: Fixture.at(10))]))
        #expect(early.voyage("101W")?.continuation == "102E")
    }

    @Test func theTrackOfCargoAboardThroughTheTurnExpectsNoHandlingThere() throws {
        let network = try Self.turnAtTanjungPelepas().network()
        let specification = try Fixture.specification("CNSHA", "NLRTM", ready: 0, deadline: 600)
        let itinerary = try network.earliestArrival(for: specification)
        func event(_ kind: HandlingEvent.Kind, _ location: UnLocode, _ voyage: VoyageNumber?, _ hour: Int) throws -> HandlingEvent {
            try HandlingEvent(kind: kind, location: location, voyage: voyage, completionTime: Fixture.at(hour), registrationTime: Fixture.at(hour))
        }
        let loaded = try event(.load, "CNSHA", "101W", 0)
        var delivery = Delivery(specification: specification, itinerary: itinerary, events: [loaded])
        #expect(delivery.nextExpectedActivity == HandlingActivity(kind: .unload, location: "NLRTM", voyage: "102E", time: Fixture.at(500)))
        delivery = Delivery(specification: specification, itinerary: itinerary, events: [loaded, try event(.unload, "NLRTM", "102E", 500)])
        #expect(delivery.unexpectedEvent == nil)
        #expect(delivery.nextExpectedActivity == HandlingActivity(kind: .claim, location: "NLRTM"))
        // Discharged at the turn: not what the itinerary expects.
        delivery = Delivery(specification: specification, itinerary: itinerary, events: [loaded, try event(.unload, "MYTPP", "101W", 100)])
        #expect(delivery.unexpectedEvent != nil)
        // The cargo takes the unload from 102E: loaded onto 101W, it stayed aboard as the vessel went on as 102E.
        var cargo = try Cargo(trackingId: "TURN", teu: 1, specification: specification)
        try cargo.assign(to: itinerary)
        try cargo.register(try event(.receive, "CNSHA", nil, 0))
        try cargo.register(loaded)
        #expect(try cargo.register(try event(.unload, "NLRTM", "102E", 500)) == .recorded)
        // Without the itinerary that says so, 102E is a voyage the cargo was never loaded onto.
        var unrouted = try Cargo(trackingId: "LOOSE", teu: 1, specification: specification)
        try unrouted.register(try event(.receive, "CNSHA", nil, 0))
        try unrouted.register(loaded)
        #expect(throws: CargoError.neverBoarded(voyage: "102E", lastLoad: loaded)) { try unrouted.register(try event(.unload, "NLRTM", "102E", 500)) }
    }

    /// Ready at hour 14 at AAAAA: OUT (departs 15) to BBBBB and BACK (arrives AAAAA at 16) would make MAIN (departs
    /// 20, documentation cut-off at 13) by changing vessel at the origin, which the rule forbids.
    @Test func cargoNeverChangesVesselAtItsOrigin() throws {
        var fixture = Fixture([("AAAAA", 0), ("BBBBB", 0), ("CCCCC", 0)])
        fixture.voyage("OUT", [("AAAAA", "BBBBB", 15, 16)])
        fixture.voyage("BACK", [("BBBBB", "AAAAA", 16, 17)])
        fixture.voyage("MAIN", [("AAAAA", "CCCCC", 20, 40)])
        fixture.cutOffs("MAIN", [(.documentation, 13)])
        let network = try fixture.network()
        let late = try Fixture.specification("AAAAA", "CCCCC", ready: 14, deadline: 100)
        #expect(throws: RoutingError.noRoute) { try network.earliestArrival(for: late) }
        #expect(throws: RoutingError.noRoute) { try network.candidates(for: late) }
        let inTime = try Fixture.specification("AAAAA", "CCCCC", ready: 13, deadline: 100)
        #expect(try network.candidates(for: inTime).map(\.voyageNumbers) == [["MAIN"]])
    }
}

/// The reproduction, as a carrier publishes it and as a planner writes it.
@Suite struct ContinuationImportTests {
    static let locations = """
        unlocode,name,transshipment_hours
        CNSHA,Shanghai,24
        MYTPP,Tanjung Pelepas,48
        NLRTM,Rotterdam,24

        """

    static func route(_ network: ScheduleNetwork) throws -> Itinerary {
        try network.earliestArrival(
            for: RouteSpecification(
                origin: "CNSHA", destination: "NLRTM", readyTime: try! Date("2026-03-01T00:00:00Z", strategy: .iso8601),
                arrivalDeadline: try! Date("2026-05-01T00:00:00Z", strategy: .iso8601)))
    }

    @Test func aDCSACallWithANewExportVoyageKeepsTheCargoAboard() throws {
        let document = VesselSchedulesText.document([
            VesselSchedulesText.call("C1", "CNSHA", voyage: "101W", departure: "2026-03-02T08:00:00Z"),
            VesselSchedulesText.call(
                "C2", "MYTPP", voyage: "102E", arrival: "2026-03-08T08:00:00Z", departure: "2026-03-09T08:00:00Z",
                cutOffs: [("TCO", "2026-03-07T08:00:00Z")]),
            VesselSchedulesText.call("C3", "NLRTM", voyage: nil, arrival: "2026-04-01T08:00:00Z"),
        ])
        let network = try DCSAImporter().importVesselSchedules(
            CSVFile(name: "schedule.json", text: document), locations: CSVFile(name: "locations.csv", text: Self.locations)
        ).value.network
        #expect(network.voyage("101W")?.continuation == "102E")
        let itinerary = try Self.route(network)
        #expect(itinerary.voyageNumbers == ["101W", "102E"])
        #expect(itinerary.transshipmentCount == 0)
    }

    static let schedule = """
        voyage,from,to,departure,arrival,capacity_teu,continues_as
        101W,CNSHA,MYTPP,2026-03-02T08:00:00Z,2026-03-08T08:00:00Z,100,102E
        102E,MYTPP,NLRTM,2026-03-09T08:00:00Z,2026-04-01T08:00:00Z,100,

        """

    @Test func aCSVVoyageContinuesAsTheVoyageItNames() throws {
        let imported = try CSVImporter().importSchedule(
            locations: CSVFile(name: "locations.csv", text: Self.locations), schedule: CSVFile(name: "schedule.csv", text: Self.schedule))
        let itinerary = try Self.route(imported.value.network)
        #expect(itinerary.voyageNumbers == ["101W", "102E"])
        #expect(itinerary.transshipmentCount == 0)
        // Written back, the link is kept.
        #expect(CSVWriter.schedule(of: imported.value.network).contains(",102E\n"))
    }

    @Test(arguments: [
        (
            "101W,CNSHA,MYTPP,2026-03-02T08:00:00Z,2026-03-08T08:00:00Z,100,NOPE",
            "schedule.csv:2:47: error: continues_as \"NOPE\": the schedule has no voyage NOPE whose rows chain"
        ),
        (
            "101W,CNSHA,MYTPP,2026-03-02T08:00:00Z,2026-03-10T08:00:00Z,100,102E",
            "schedule.csv:2:47: error: continues_as \"102E\": voyage 102E departs from MYTPP at 2026-03-09T08:00:00Z, not from where voyage 101W ends (MYTPP at 2026-03-10T08:00:00Z) or later"
        ),
        (
            "101W,CNSHA,MYTPP,2026-03-02T08:00:00Z,2026-03-08T08:00:00Z,100,101W",
            "schedule.csv:2:47: error: continues_as \"101W\": a voyage cannot go on as itself"
        ),
    ])
    func aBadContinuationIsAnErrorAtItsCell(row: String, message: String) throws {
        let schedule = Self.schedule.replacingOccurrences(of: "101W,CNSHA,MYTPP,2026-03-02T08:00:00Z,2026-03-08T08:00:00Z,100,102E", with: row)
        #expect(throws: (any Error).self) {
            try CSVImporter().importSchedule(
                locations: CSVFile(name: "locations.csv", text: Self.locations), schedule: CSVFile(name: "schedule.csv", text: schedule))
        }
        do {
            _ = try CSVImporter().importSchedule(
                locations: CSVFile(name: "locations.csv", text: Self.locations), schedule: CSVFile(name: "schedule.csv", text: schedule))
        } catch {
            #expect(String(describing: error).contains(message), "\(error)")
        }
    }
}

extension Fixture {
    /// Makes the vessel of voyage `number` go on as voyage `next` after its last call.
    mutating func continues(_ number: VoyageNumber, as next: VoyageNumber) {
        let position = voyages.firstIndex { $0.number == number }!
        voyages[position] = voyages[position].replacingContinuation(next)
    }
}
