import Foundation
import RoutePlanner
import RoutePlannerTestSupport
import Testing

/// A haul's days (``HaulDay``): counted at the place its trucks leave, taken by cargo already routed, and kept by a
/// search for cargo that needs room.
@Suite struct HaulDayTests {
    static func time(_ text: String) -> Date { TruckDaySample.time(text) }

    @Test func cargoRoutedTakesRoomOffItsDaysAndASearchDrivesOnlyWhereThereIsRoom() throws {
        let network = try TruckDaySample.network(capacityPerDay: 3)
        let specification = TruckDaySample.specification
        let router = Router(network: network)
        let first = try router.earliestArrival(for: specification)
        let day = try #require(network.haulDays(of: first).first)
        #expect(network.haulDays(of: first).count == 1 && day.date == "2026-03-02")
        #expect(network.start(of: day) == Self.time("2026-03-01T16:00:00Z"))
        #expect(network.room(on: day) == 3)

        // Two TEU already routed on that day leave one.
        let booking = try Booking(id: "A", teu: 2, specification: specification)
        let reduced = network.reducingCapacity(byBookings: [(first, booking)])
        #expect(reduced.room(on: day) == 1 && reduced.room(on: HaulDay(haul: day.haul, day: day.day + 1)) == 3)
        #expect(network.reducingCapacity(byBookings: [(first, booking), (first, booking)]).room(on: day) == 0)

        var taken = CapacityUse(network: network)
        taken.add(CargoSpace(booking), on: first, in: network)
        #expect(taken.taken(on: day) == 2)
        #expect(taken.legsWithoutRoom(for: CargoSpace(teu: 2), on: first, in: network).map(\.voyage.number) == ["TRUCK CNZZF-CNZZT"])
        #expect(taken.legsWithoutRoom(for: CargoSpace(teu: 1), on: first, in: network).isEmpty)

        // Two more TEU need the next day's truck, for the later vessel; four never fit.
        var options = RoutingOptions(space: CargoSpace(teu: 2), taken: taken)
        let later = try router.earliestArrival(for: specification, options: options)
        #expect(later.voyageLegs.map(\.voyage.number) == ["V2"] && network.haulDays(of: later).map(\.date) == ["2026-03-03"])
        #expect(try router.candidates(for: specification, options: options).map { $0.voyageLegs.map(\.voyage.number) } == [["V2"]])
        options.space = CargoSpace(teu: 4)
        #expect(throws: RoutingError.noRoute) { try router.earliestArrival(for: specification, options: options) }
    }

    /// A day starts at its local midnight, on the days the clocks change too.
    @Test func aDayStartsAtItsPlacesMidnight() throws {
        let amsterdam = try #require(TimeZone(identifier: "Europe/Amsterdam"))
        let network = try ScheduleNetwork(
            locations: [Location(code: "NLZZA", name: "Depot", timeZone: amsterdam), Location(code: "NLZZB", name: "Terminal")], voyages: [],
            haulage: [Haulage(from: "NLZZA", to: "NLZZB", duration: .seconds(3_600), capacityPerDay: 1)])
        func day(_ text: String) -> HaulDay { HaulDay(haul: 0, day: Int(Self.time(text + "T00:00:00Z").timeIntervalSince1970 / 86_400)) }
        #expect(network.start(of: day("2026-03-29")) == Self.time("2026-03-28T23:00:00Z"))
        #expect(network.start(of: day("2026-03-30")) == Self.time("2026-03-29T22:00:00Z"))
        #expect(network.start(of: day("2026-10-25")) == Self.time("2026-10-24T22:00:00Z"))
        #expect(network.start(of: day("1969-12-31")) == Self.time("1969-12-30T23:00:00Z") && day("1969-12-31").date == "1969-12-31")
    }
}
