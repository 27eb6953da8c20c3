import Foundation
import RoutePlannerTestSupport
import Testing

@testable import RoutePlanner

/// A retimed network builds again only what the moved times touch: it must hold every column a network built again
/// from the same columns holds.
struct ScheduleNetworkRetimingTests {
    /// Random schedules (with cut-offs, figures, long port stays, continuations, and hauls with barges, trains and
    /// transshipment times by mode), moved by random events: the network patched where the times moved is the network
    /// built from its columns, column by column, and `retimed(departure:arrival:)` gives it too.
    @Test func aNetworkPatchedWhereTimesMovedIsTheNetworkBuiltAgain() throws {
        var patchedOnes = 0
        for seed in UInt64(0)..<2_000 {
            var generator = SplitMix64(seed: seed &+ 1 << 49)
            let schedule = RandomSchedule(
                using: &generator, cutOffs: seed % 2 == 0, figures: seed % 3 == 0, longPortStays: seed % 5 == 0, continuations: true,
                hauls: seed % 4 == 1)
            let published = try ScheduleNetwork(locations: schedule.locations, voyages: schedule.voyages, haulage: schedule.haulage)
            var live = LiveSchedule(published: published)
            live.apply(BruteForceDisruption.randomEvents(schedule.voyages, using: &generator))
            let times = try ScheduleNetwork(locations: schedule.locations, voyages: live.voyages, haulage: schedule.haulage)
            let (departure, arrival) = (times.departure, times.arrival)
            let moved = (0..<published.movementCount).filter { departure[$0] != published.departure[$0] || arrival[$0] != published.arrival[$0] }
            let patched = ScheduleNetwork(retiming: published, moved: moved, columns: published.columns(departure: departure, arrival: arrival))
            let built = ScheduleNetwork(
                locations: published.locations, portIndex: published.portIndex, voyageIndex: published.voyageIndex,
                columns: published.columns(departure: departure, arrival: arrival), capacitiesAreKnown: published.capacitiesAreKnown)
            #expect(Self.differences(patched, built).isEmpty, "seed \(seed): \(Self.differences(patched, built))")
            #expect(Self.differences(published.retimed(departure: departure, arrival: arrival), built).isEmpty, "seed \(seed)")
            #expect(patched.voyages == times.voyages, "seed \(seed)")
            if !moved.isEmpty { patchedOnes += 1 }
        }
        #expect(patchedOnes > 1_500)
    }

    /// The names of the columns in which two networks of the same movements differ.
    static func differences(_ a: ScheduleNetwork, _ b: ScheduleNetwork) -> [String] {
        var names: [String] = []
        func compare<Column: Equatable>(_ name: String, _ column: (ScheduleNetwork) -> Column) {
            if column(a) != column(b) { names.append(name) }
        }
        compare("departure") { $0.departure }
        compare("arrival") { $0.arrival }
        compare("departureStart") { $0.departureStart }
        compare("slotMovement") { $0.slotMovement }
        compare("slotTime") { $0.slotTime }
        compare("slotTo") { $0.slotTo }
        compare("slotSailing") { $0.slotSailing }
        compare("connectingSlot") { $0.connectingSlot }
        compare("inboundStart") { $0.inboundStart }
        compare("inboundPort") { $0.inboundPort }
        compare("inboundSailing") { $0.inboundSailing }
        compare("leastPortStay") { $0.leastPortStay }
        compare("continuationStart") { $0.continuationStart }
        compare("cutOffStart") { $0.details.cutOffStart }
        compare("cutOffTime") { $0.details.cutOffTime }
        compare("transshipmentCutOff") { $0.details.transshipmentCutOff }
        compare("slotTransshipmentCutOff") { $0.details.slotTransshipmentCutOff }
        compare("co2eGrams") { $0.details.co2eGrams }
        compare("co2eEstimated") { $0.details.co2eEstimated }
        compare("voyageModes") { $0.details.voyageModes }
        compare("hauls") { $0.details.hauls.haulage }
        return names
    }
}
