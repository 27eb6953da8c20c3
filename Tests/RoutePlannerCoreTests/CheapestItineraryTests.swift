import Foundation
import RoutePlanner
import RoutePlannerTestSupport
import Testing

/// The pricing search against exhaustive enumeration, with random costs on the movements and, on odd seeds, on
/// changing vessel at each port (as the assignment's transshipment costs).
@Suite struct CheapestItineraryTests {
    /// Also with random cut-off times and cargo types, and with random maximum transit times (other runs of seeds).
    @Test(arguments: [(false, false), (true, false), (false, true), (true, true)])
    func findsTheCheapestItineraryOfAllOnRandomSchedules(withCutOffs: Bool, withTransitLimits: Bool) throws {
        for seed in UInt64(0)..<1_000 {
            var generator = SplitMix64(seed: seed &+ (withCutOffs ? 1 << 32 : 0) &+ (withTransitLimits ? 1 << 33 : 0))
            // A third of the schedules' ports keep cargo for hours, which the deadline pruning's bounds count.
            let schedule = RandomSchedule(using: &generator, cutOffs: withCutOffs, longPortStays: seed % 3 == 1)
            let network = try ScheduleNetwork(locations: schedule.locations, voyages: schedule.voyages)
            let oracle = BruteForceRouter(locations: schedule.locations, voyages: schedule.voyages)
            let router = Router(network: network)
            // Mostly free movements, some expensive, as capacity duals are.
            let costs = (0..<network.movementCount).map { _ in Bool.random(using: &generator) ? 0 : Double(Int.random(in: 1...9, using: &generator)) }
            let transfers = seed % 2 == 1 ? network.locations.map { _ in Double(Int.random(in: 0...4, using: &generator)) } : nil
            for _ in 0..<3 {
                let specification = schedule.specification(using: &generator, transitLimit: withTransitLimits)
                let all = oracle.itineraries(for: specification)
                func cost(_ itinerary: Itinerary) -> Double {
                    let changes = itinerary.transshipmentLocations.reduce(0.0) { total, port in
                        total + (transfers?[network.locations.firstIndex { $0.code == port.code }!] ?? 0)
                    }
                    return network.movementIDs(of: itinerary).reduce(changes) { $0 + costs[$1.rawValue] }
                }
                let found = try router.cheapestItinerary(for: specification, costs: costs, transferCosts: transfers)
                guard let best = all.map(cost).min() else {
                    #expect(found == nil, "seed \(seed) cut-offs \(withCutOffs) transit limits \(withTransitLimits)")
                    continue
                }
                let context = Comment(rawValue: "seed \(seed) cut-offs \(withCutOffs) transit limits \(withTransitLimits): \(specification)")
                let result = try #require(found, context)
                #expect(result.cost == best, context)
                #expect(cost(result.itinerary) == result.cost, context)
                #expect(specification.isSatisfied(by: result.itinerary), context)
                let earliest = all.filter { cost($0) == best }.map(\.arrivalTime).min()
                #expect(result.itinerary.arrivalTime == earliest, context)
            }
        }
    }

    /// Door to door: places no voyage calls at, random hauls with costs, gate hours, barges and trains, continuations,
    /// and random handling costs where the cargo boards its first voyage and leaves its last as well as transfer costs;
    /// an itinerary costs what Guides/Assignment.md states, written out here from its legs.
    @Test(arguments: [(false, false), (true, false), (false, true), (true, true)])
    func findsTheCheapestDoorToDoorItinerary(withCutOffs: Bool, withTransitLimits: Bool) throws {
        var compared = 0, byTruck = 0, onlyByTruck = 0
        for seed in UInt64(0)..<1_000 {
            var generator = SplitMix64(seed: seed &+ (withCutOffs ? 1 << 32 : 0) &+ (withTransitLimits ? 1 << 33 : 0) &+ 1 << 34)
            let schedule = RandomSchedule(
                using: &generator, cutOffs: withCutOffs, figures: true, longPortStays: seed % 3 == 1, continuations: seed % 4 == 1, hauls: true)
            let network = seed % 2 == 0 ? schedule.network : schedule.network.preparedForSearches()
            let oracle = schedule.bruteForce
            let router = Router(network: network)
            let costs = (0..<network.movementCount).map { _ in Bool.random(using: &generator) ? 0 : Double(Int.random(in: 1...9, using: &generator)) }
            let transfers = network.locations.map { _ in Double(Int.random(in: 0...4, using: &generator)) }
            let handling = network.locations.map { _ in Double(Int.random(in: 0...6, using: &generator)) }
            func position(_ location: Location) -> Int { network.locations.firstIndex { $0.code == location.code }! }
            func cost(_ itinerary: Itinerary) -> Double {
                var total = network.movementIDs(of: itinerary).reduce(0.0) { $0 + costs[$1.rawValue] }
                if let first = itinerary.voyageLegs.first, let last = itinerary.voyageLegs.last {
                    total += handling[position(first.loadLocation)] + handling[position(last.unloadLocation)]
                }
                total += itinerary.transshipmentLocations.reduce(0.0) { $0 + transfers[position($1)] }
                for leg in itinerary.legs where leg.isHaul {
                    total += schedule.haulage.first { $0.from == leg.loadLocation.code && $0.to == leg.unloadLocation.code }!.costPerTEU ?? 0
                }
                return total
            }
            for _ in 0..<3 {
                let specification = schedule.specification(using: &generator, transitLimit: withTransitLimits)
                // An itinerary ends where it reaches the destination (Guides/Routing.md), not past it and back by truck.
                let all = oracle.itineraries(for: specification).filter { BruteForceRouter.endsWhereItArrives($0, via: []) }
                let found = try router.cheapestItinerary(for: specification, costs: costs, transferCosts: transfers, handlingCosts: handling)
                let context = Comment(rawValue: "seed \(seed) cut-offs \(withCutOffs) transit limits \(withTransitLimits): \(specification)")
                guard let best = all.map(cost).min() else {
                    #expect(found == nil, context)
                    continue
                }
                compared += 1
                let result = try #require(found, context)
                #expect(result.cost == best, context)
                #expect(cost(result.itinerary) == result.cost, context)
                #expect(specification.isSatisfied(by: result.itinerary), context)
                #expect(all.contains(result.itinerary), context)
                let earliest = all.filter { cost($0) == best }.map(\.arrivalTime).min()
                #expect(result.itinerary.arrivalTime == earliest, context)
                if result.itinerary.legs.contains(where: \.isHaul) { byTruck += 1 }
                if result.itinerary.voyageLegs.isEmpty { onlyByTruck += 1 }
            }
        }
        #expect(compared >= 1_000 && byTruck >= 300 && onlyByTruck >= 20, "compared \(compared), with a haul \(byTruck), one haul only \(onlyByTruck)")
    }

    /// Door to door where two hauls in three have a capacity a day, so that they cost by the day they leave (as the
    /// assignment prices a haul's day): random costs per haul and day, some refused. Brute force counts each haul's day
    /// as a calendar day at its place, in its time zone.
    @Test(arguments: [false, true]) func findsTheCheapestItineraryWhenHaulsCostByTheDay(withCutOffs: Bool) throws {
        var compared = 0, refusedDays = 0
        for seed in UInt64(0)..<1_000 {
            var generator = SplitMix64(seed: seed &+ (withCutOffs ? 1 << 32 : 0) &+ 1 << 35)
            let base = RandomSchedule(using: &generator, cutOffs: withCutOffs, figures: true, longPortStays: seed % 3 == 1, hauls: true)
            let haulage = base.haulage.map { haul in
                var haul = haul
                if Int.random(in: 0..<3, using: &generator) > 0 { haul.capacityPerDay = 10 }
                return haul
            }
            let schedule = RandomSchedule(locations: base.locations, voyages: base.voyages, haulage: haulage, base: base.base)
            let network = schedule.network
            let router = Router(network: network)
            let costs = (0..<network.movementCount).map { _ in Bool.random(using: &generator) ? 0 : Double(Int.random(in: 1...9, using: &generator)) }
            let salt = UInt64.random(in: 0..<1_000, using: &generator)
            /// A haul's cost on a day, infinite for one day in five.
            func dayCost(from: UnLocode, to: UnLocode, day: Int) -> Double {
                let places = (from.rawValue + to.rawValue).unicodeScalars.reduce(UInt64(0)) { $0 &* 131 &+ UInt64($1.value) }
                var mixer = SplitMix64(seed: salt &+ UInt64(truncatingIfNeeded: day) &* 1_000_003 &+ places)
                let value = Int.random(in: 0..<5, using: &mixer)
                return value == 4 ? .infinity : Double(value)
            }
            func oracleDay(_ leg: Leg) -> Int {
                var calendar = Calendar(identifier: .gregorian)
                calendar.timeZone = leg.loadLocation.timeZone ?? TimeZone(identifier: "UTC")!
                let date = calendar.dateComponents([.year, .month, .day], from: leg.loadTime)
                var utc = Calendar(identifier: .gregorian)
                utc.timeZone = TimeZone(identifier: "UTC")!
                return Int(utc.date(from: date)!.timeIntervalSince1970 / 86_400)
            }
            func cost(_ itinerary: Itinerary) -> Double {
                itinerary.legs.filter(\.isHaul).reduce(network.movementIDs(of: itinerary).reduce(0.0) { $0 + costs[$1.rawValue] }) { total, leg in
                    total + (schedule.haulage.first { $0.from == leg.loadLocation.code && $0.to == leg.unloadLocation.code }!.costPerTEU ?? 0)
                        + (haulage.first { $0.from == leg.loadLocation.code && $0.to == leg.unloadLocation.code }!.capacityPerDay == nil
                            ? 0 : dayCost(from: leg.loadLocation.code, to: leg.unloadLocation.code, day: oracleDay(leg)))
                }
            }
            let haulDayCosts = { (day: HaulDay) in dayCost(from: network.haulage[day.haul].from, to: network.haulage[day.haul].to, day: day.day) }
            for _ in 0..<3 {
                let specification = schedule.specification(using: &generator)
                let all = schedule.bruteForce.itineraries(for: specification).filter { BruteForceRouter.endsWhereItArrives($0, via: []) }
                let found = try router.cheapestItinerary(for: specification, costs: costs, haulDayCosts: haulDayCosts)
                let context = Comment(rawValue: "seed \(seed) cut-offs \(withCutOffs): \(specification)")
                guard let best = all.map(cost).min(), best.isFinite else {
                    #expect(found.map { !$0.cost.isFinite } ?? true, context)
                    continue
                }
                compared += 1
                if all.contains(where: { !cost($0).isFinite }) { refusedDays += 1 }
                let result = try #require(found, context)
                #expect(result.cost == best, context)
                #expect(cost(result.itinerary) == result.cost, context)
                #expect(all.contains(result.itinerary), context)
                let earliest = all.filter { cost($0) == best }.map(\.arrivalTime).min()
                #expect(result.itinerary.arrivalTime == earliest, context)
            }
        }
        #expect(compared >= 1_000 && refusedDays >= 80, "compared \(compared), with a refused day among the itineraries \(refusedDays)")
    }
}
