import Foundation
import RoutePlannerTestSupport
import Testing

@testable import RoutePlanner

/// A retimed network builds again only what the moved times touch, and a publication's network copies the voyages that
/// kept their calls: each must hold every column the network built again holds.
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

    /// Random schedules whose voyages are published again (calls omitted, added and moved), some after events: the
    /// network of the publication, its voyages that kept their calls copied from the network before, is the network
    /// built from the live voyages, column by column.
    @Test func aPublicationsNetworkIsTheNetworkBuiltFromTheLiveVoyages() throws {
        for seed in UInt64(0)..<1_000 {
            var generator = SplitMix64(seed: seed &+ 1 << 50)
            let schedule = RandomSchedule(using: &generator, cutOffs: seed % 2 == 0, figures: seed % 3 == 0, continuations: true, hauls: seed % 4 == 1)
            let published = try ScheduleNetwork(locations: schedule.locations, voyages: schedule.voyages, haulage: schedule.haulage)
            var live = LiveSchedule(published: published)
            if seed % 4 == 3 { live.apply(BruteForceDisruption.randomEvents(schedule.voyages, using: &generator)) }
            live.republish(BruteForceDisruption.randomPublications(schedule.voyages, ports: schedule.locations.map(\.code), using: &generator))
            let built = try ScheduleNetwork(locations: schedule.locations, voyages: live.voyages, haulage: schedule.haulage)
            #expect(Self.differences(live.network(), built).isEmpty, "seed \(seed): \(Self.differences(live.network(), built))")
        }
    }

    /// A voyage published again with cut-offs, UTC offsets, a weight limit and plugs, in a network that had none of
    /// them: the voyages copied get none, as in the network built from the voyages.
    @Test func aPublicationMayBringColumnsTheNetworkLacked() throws {
        let locations = ["XXAAA", "XXBBB", "XXCCC"].map { Location(code: UnLocode($0)!, name: $0, transshipmentTime: .seconds(3_600)) }
        func at(_ hours: Double) -> Date { Date(timeIntervalSince1970: 1_767_225_600 + hours * 3_600) }
        let x = Voyage(
            number: "X",
            movements: [
                CarrierMovement(from: "XXAAA", to: "XXBBB", departure: at(0), arrival: at(10), capacity: 100),
                CarrierMovement(from: "XXBBB", to: "XXCCC", departure: at(12), arrival: at(20), capacity: 100),
            ])
        let y = Voyage(number: "Y", movements: [CarrierMovement(from: "XXCCC", to: "XXAAA", departure: at(5), arrival: at(15), capacity: 50)])
        let published = try ScheduleNetwork(locations: locations, voyages: [x, y])
        var live = LiveSchedule(published: published)
        let movement = CarrierMovement(
            from: "XXAAA", to: "XXCCC", departure: at(1), arrival: at(18), capacity: 100,
            cutOffTimes: [CutOffTime(.documentation, at(-10)), CutOffTime(.transshipment, at(-2))], departureUTCOffset: 3_600, arrivalUTCOffset: 0,
            weightCapacity: 1_000, reeferPlugs: 10)
        #expect(live.republish([Voyage(number: "X", movements: [movement])]).allSatisfy { (try? $0.get()) != nil })
        let built = try ScheduleNetwork(locations: locations, voyages: live.voyages)
        // Spliced, not built again from the voyages.
        let network = try #require(published.replacingVoyages(at: [0], of: live.voyages, departure: built.departure, arrival: built.arrival))
        #expect(Self.differences(network, built).isEmpty, "\(Self.differences(network, built))")
        #expect(Self.differences(live.network(), built).isEmpty)
        #expect(network.voyages == built.voyages && network.hasCutOffTimes && !network.details.departureOffset.isEmpty)
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
        compare("cutOffCode") { $0.details.cutOffCode }
        compare("cutOffTime") { $0.details.cutOffTime }
        compare("departureOffset") { $0.details.departureOffset }
        compare("arrivalOffset") { $0.details.arrivalOffset }
        compare("weightCapacity") { $0.details.weightCapacity }
        compare("plugCapacity") { $0.details.plugCapacity }
        compare("capacity") { $0.capacity }
        compare("voyageOf") { $0.voyageOf }
        compare("voyageStart") { $0.voyageStart }
        compare("from") { $0.from }
        compare("to") { $0.to }
        compare("transshipmentCutOff") { $0.details.transshipmentCutOff }
        compare("slotTransshipmentCutOff") { $0.details.slotTransshipmentCutOff }
        compare("co2eGrams") { $0.details.co2eGrams }
        compare("co2eEstimated") { $0.details.co2eEstimated }
        compare("voyageModes") { $0.details.voyageModes }
        compare("hauls") { $0.details.hauls.haulage }
        return names
    }
}
