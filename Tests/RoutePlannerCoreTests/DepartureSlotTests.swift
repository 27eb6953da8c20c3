import Foundation
@testable import RoutePlanner
import RoutePlannerTestSupport
import Testing

/// What the network keeps per departure slot and per movement so that a search reads a port's departures in
/// order: each slot's arrival port and arrival, and each movement's connecting slot, agree with the movements
/// they stand for. A failure names its seed; replay it with `RandomSchedule(using: &SplitMix64(seed:))`.
@Suite struct DepartureSlotTests {
    @Test func eachSlotAndConnectingSlotAgreesWithItsMovement() throws {
        for seed in UInt64(0)..<300 {
            var generator = SplitMix64(seed: seed &+ 1 << 46)
            let schedule = RandomSchedule(using: &generator, cutOffs: seed % 2 == 0)
            let network = try ScheduleNetwork(locations: schedule.locations, voyages: schedule.voyages)
            for slot in network.slotMovement.indices {
                let movement = Int(network.slotMovement[slot])
                #expect(network.slotTo[slot] == network.to[movement], "seed \(seed), slot \(slot)")
                #expect(network.slotArrival(slot) == network.arrival[movement], "seed \(seed), slot \(slot)")
                if !network.transshipmentCutOff.isEmpty {
                    #expect(network.details.slotTransshipmentCutOff[slot] == network.transshipmentCutOff[movement], "seed \(seed), slot \(slot)")
                }
            }
            #expect(network.details.slotTransshipmentCutOff.count == (network.transshipmentCutOff.isEmpty ? 0 : network.movementCount))
            for movement in 0..<network.movementCount {
                // The first departure of the arrival port at or after the arrival plus its transshipment time, by a
                // walk over all the port's departures.
                let port = Int(network.to[movement])
                let available = network.arrival[movement] + network.transshipmentSeconds[port]
                let departures = Int(network.departureStart[port])..<Int(network.departureStart[port + 1])
                let expected = departures.first { network.slotTime[$0] >= available } ?? departures.upperBound
                #expect(Int(network.connectingSlot[movement]) == expected, "seed \(seed), movement \(movement)")
            }
        }
    }

    /// A sailing of more than 2³¹ − 1 seconds (68 years) does not fit a slot's sailing time: its arrival is read
    /// from the movement, and a search through it arrives when it does and changes vessel after it.
    @Test func aSailingLongerThanASlotHoldsArrivesWhenItDoes() throws {
        let start = Date(timeIntervalSince1970: 1_767_225_600)
        let long = start + 80 * 365 * 86_400
        let voyages = [
            Voyage(
                number: "SLOW", movements: [CarrierMovement(from: "AAAAA", to: "BBBBB", departure: start, arrival: long, capacity: 10)]),
            Voyage(
                number: "ON",
                movements: [
                    CarrierMovement(from: "BBBBB", to: "CCCCC", departure: long + 3_600, arrival: long + 7_200, capacity: 10)
                ]),
        ]
        let locations = ["AAAAA", "BBBBB", "CCCCC"].map { Location(code: UnLocode($0)!, name: $0) }
        let network = try ScheduleNetwork(locations: locations, voyages: voyages)
        let slot = Int(network.departureStart[0])
        #expect(network.slotSailing[slot] == Int32.max)
        #expect(network.slotArrival(slot) == Int64(long.timeIntervalSince1970))
        let specification = try RouteSpecification(
            origin: "AAAAA", destination: "CCCCC", readyTime: start, arrivalDeadline: long + 86_400)
        let itinerary = try network.earliestArrival(for: specification)
        #expect(itinerary.arrivalTime == long + 7_200)
        #expect(itinerary.legs.map(\.voyage.number) == ["SLOW", "ON"])
    }
}
