import Foundation
import RoutePlanner
import RoutePlannerTestSupport
import Testing

/// Legs looked up by their times, the legs a changed schedule no longer sails, and the capacity left for others.
@Suite struct NetworkItineraryTests {
    let network = SampleVoyages.network()
    /// AE1-0100W Hong Kong → Rotterdam, NF-0310N Rotterdam → Stockholm.
    let itinerary = CargoSample.itinerary

    /// The sample network with one voyage replaced (or removed, with `nil`).
    func network(replacing number: VoyageNumber, with voyage: Voyage?) throws -> ScheduleNetwork {
        try ScheduleNetwork(
            locations: SampleLocations.all, voyages: SampleVoyages.all.compactMap { $0.number == number ? voyage : $0 })
    }

    @Test func findsALegByItsVoyagePortsAndTimes() throws {
        let leg = try #require(
            network.leg(
                voyage: "AE1-0100W", from: "HKHKG", departing: SampleVoyages.day(3, 2), to: "NLRTM", arriving: SampleVoyages.day(3, 30)))
        #expect(leg == itinerary.legs[0])
        #expect(leg.movementIndices == 0..<3)
        #expect(leg.calls == ["CNSHA", "SGSIN", "NLRTM"])
        // Wrong times, an unknown voyage or port, or a port the voyage does not call at: no leg.
        #expect(network.leg(voyage: "AE1-0100W", from: "HKHKG", departing: SampleVoyages.day(3, 3), to: "NLRTM", arriving: SampleVoyages.day(3, 30)) == nil)
        #expect(network.leg(voyage: "AE1-0100W", from: "HKHKG", departing: SampleVoyages.day(3, 2), to: "NLRTM", arriving: SampleVoyages.day(3, 31)) == nil)
        #expect(network.leg(voyage: "XX-1", from: "HKHKG", departing: SampleVoyages.day(3, 2), to: "NLRTM", arriving: SampleVoyages.day(3, 30)) == nil)
        #expect(network.leg(voyage: "AE1-0100W", from: "HKHKG", departing: SampleVoyages.day(3, 2), to: "SESTO", arriving: SampleVoyages.day(3, 30)) == nil)
        // Backwards along the voyage: no leg.
        #expect(network.leg(voyage: "AE1-0100W", from: "NLRTM", departing: SampleVoyages.day(3, 31), to: "HKHKG", arriving: SampleVoyages.day(3, 2)) == nil)
    }

    @Test func anItineraryTheScheduleStillSailsHasNoDisruptedLeg() {
        #expect(network.disruptedLegs(of: itinerary).isEmpty)
    }

    @Test func aCancelledVoyageDisruptsItsLeg() throws {
        #expect(try network(replacing: "NF-0310N", with: nil).disruptedLegs(of: itinerary) == [1])
        #expect(try network(replacing: "AE1-0100W", with: nil).disruptedLegs(of: itinerary) == [0])
    }

    @Test func aDelayedArrivalDisruptsTheLegAndAMissedConnection() throws {
        // The ocean voyage reaches Rotterdam on 31 March instead of 30 March: its leg no longer sails as
        // planned, and the feeder on 1 April leaves before Rotterdam's day of transshipment has passed.
        let late = SampleVoyages.voyage(
            "AE1-0100W",
            [
                (SampleLocations.hongKong, nil, SampleVoyages.day(3, 2)),
                (SampleLocations.shanghai, SampleVoyages.day(3, 4), SampleVoyages.day(3, 5)),
                (SampleLocations.singapore, SampleVoyages.day(3, 10), SampleVoyages.day(3, 11)),
                (SampleLocations.rotterdam, SampleVoyages.day(3, 31, hour: 6), SampleVoyages.day(3, 31, hour: 12)),
                (SampleLocations.hamburg, SampleVoyages.day(4, 1, hour: 12), nil),
            ])
        #expect(try network(replacing: "AE1-0100W", with: late).disruptedLegs(of: itinerary) == [0])
    }

    @Test func aLongerTransshipmentTimeDisruptsTheConnection() throws {
        // Rotterdam now needs three days between vessels; the itinerary waits two.
        let locations = SampleLocations.all.map { location in
            location.code == "NLRTM" ? Location(code: "NLRTM", name: "Rotterdam", transshipmentTime: .seconds(72 * 3600)) : location
        }
        let slower = try ScheduleNetwork(locations: locations, voyages: SampleVoyages.all)
        #expect(slower.disruptedLegs(of: itinerary) == [1])
    }

    @Test func anOmittedCallDisruptsTheLeg() throws {
        // The feeder sails Rotterdam → Stockholm directly, skipping Göteborg: same ends, other movements.
        let direct = SampleVoyages.voyage(
            "NF-0310N", capacity: 1_200,
            [
                (SampleLocations.rotterdam, nil, SampleVoyages.day(4, 1)),
                (SampleLocations.stockholm, SampleVoyages.day(4, 5), nil),
            ])
        let changed = try network(replacing: "NF-0310N", with: direct)
        // The ends and times are the same, so the leg is still found (as one movement): it still sails.
        #expect(changed.disruptedLegs(of: itinerary).isEmpty)
        let skipsStockholm = SampleVoyages.voyage(
            "NF-0310N", capacity: 1_200,
            [
                (SampleLocations.rotterdam, nil, SampleVoyages.day(4, 1)),
                (SampleLocations.gothenburg, SampleVoyages.day(4, 3), nil),
            ])
        #expect(try network(replacing: "NF-0310N", with: skipsStockholm).disruptedLegs(of: itinerary) == [1])
    }

    @Test func reducingCapacityTakesTheRoutedTEUOffEveryMovementRidden() throws {
        let reduced = network.reducingCapacity(by: [(itinerary, 200), (itinerary, 100)])
        let ocean = try #require(reduced.voyage("AE1-0100W"))
        // Hong Kong → Shanghai → Singapore → Rotterdam are ridden; Rotterdam → Hamburg is not.
        #expect(ocean.movements.map(\.capacity) == [7_700, 7_700, 7_700, 8_000])
        #expect(try #require(reduced.voyage("NF-0310N")).movements.map(\.capacity) == [900, 900])
        // Other voyages and the locations are untouched.
        #expect(reduced.voyage("AE1-0200W") == SampleVoyages.asiaEurope2)
        #expect(reduced.locations == network.locations)
        #expect(reduced.movementCount == network.movementCount)
    }

    @Test func bookingsAlreadyRoutedTakeTheirWeightAndReeferPlugsOffToo() throws {
        // The feeder limits weight (2,000 t) and plugs (30); the ocean voyage limits neither.
        let feeder = try #require(network.voyage("NF-0310N"))
        let limited = try network(
            replacing: "NF-0310N",
            with: feeder.replacingMovements(
                feeder.movements.map {
                    var movement = $0
                    movement.weightCapacity = 2_000
                    movement.reeferPlugs = 30
                    return movement
                }))
        let routed = try #require(
            limited.leg(
                voyage: "NF-0310N", from: itinerary.legs[1].loadLocation.code, departing: itinerary.legs[1].loadTime,
                to: itinerary.legs[1].unloadLocation.code, arriving: itinerary.legs[1].unloadTime))
        let onLimited = try Itinerary(legs: [itinerary.legs[0], routed])
        let reefer = try RouteSpecification(
            origin: onLimited.origin, destination: onLimited.destination, readyTime: SampleVoyages.day(3, 1),
            arrivalDeadline: SampleVoyages.day(4, 30), cargoType: .reefer)
        let dry = try RouteSpecification(
            origin: onLimited.origin, destination: onLimited.destination, readyTime: SampleVoyages.day(3, 1),
            arrivalDeadline: SampleVoyages.day(4, 30))
        let reduced = limited.reducingCapacity(byBookings: [
            (onLimited, try Booking(id: "R", teu: 9, specification: reefer, weight: 120.2)),
            (onLimited, try Booking(id: "D", teu: 4, specification: dry, weight: nil)),
        ])
        let movements = try #require(reduced.voyage("NF-0310N")).movements
        #expect(movements.map(\.capacity) == [1_187, 1_187])
        // 120.2 t takes 121 whole tonnes; a reefer of 9 TEU takes five plugs, the dry booking none.
        #expect(movements.map(\.weightCapacity) == [1_879, 1_879])
        #expect(movements.map(\.reeferPlugs) == [25, 25])
        #expect(try #require(reduced.voyage("AE1-0100W")).movements.map(\.weightCapacity) == [nil, nil, nil, nil])
    }

    @Test func reducingCapacityNeverGoesBelowZeroAndSkipsLegsNoLongerSailed() throws {
        let reduced = network.reducingCapacity(by: [(itinerary, 5_000)])
        #expect(try #require(reduced.voyage("NF-0310N")).movements.map(\.capacity) == [0, 0])
        #expect(try #require(reduced.voyage("AE1-0100W")).movements.map(\.capacity) == [3_000, 3_000, 3_000, 8_000])
        // Without the feeder, its leg takes nothing; nothing at all leaves the network as it was.
        let withoutFeeder = try network(replacing: "NF-0310N", with: nil)
        let partly = withoutFeeder.reducingCapacity(by: [(itinerary, 100)])
        #expect(try #require(partly.voyage("AE1-0100W")).movements.map(\.capacity) == [7_900, 7_900, 7_900, 8_000])
        #expect(network.reducingCapacity(by: []).voyages == network.voyages)
    }
}
