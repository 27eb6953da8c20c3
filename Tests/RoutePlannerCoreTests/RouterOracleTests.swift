import Foundation
import RoutePlanner
import RoutePlannerTestSupport
import Testing

/// The router against exhaustive enumeration on thousands of seeded random schedules.
///
/// A failure names its seed; replay it with `RandomSchedule(using: &SplitMix64(seed: seed))`.
@Suite struct RouterOracleTests {
    static let seeds: [UInt64] = Array(0..<1_200)

    /// A schedule whose times span more than 2^32 seconds (the network then orders each port's departures by
    /// another path): every voyage twice, 6,000 years apart.
    @Test func schedulesSpanningMillenniaMatchTheOracle() throws {
        let shift = 6_000 * 365.25 * 86_400
        for seed in Self.seeds.prefix(200) {
            var generator = SplitMix64(seed: seed &+ 1 << 40)
            let schedule = RandomSchedule(using: &generator)
            let later = schedule.voyages.map { voyage in
                Voyage(
                    number: VoyageNumber("F" + voyage.number.rawValue)!,
                    movements: voyage.movements.map { movement in
                        CarrierMovement(
                            from: movement.departureLocation, to: movement.arrivalLocation, departure: movement.departureTime + shift,
                            arrival: movement.arrivalTime + shift, capacity: movement.capacity)
                    })
            }
            let router = Router(network: try ScheduleNetwork(locations: schedule.locations, voyages: schedule.voyages + later))
            let oracle = BruteForceRouter(locations: schedule.locations, voyages: schedule.voyages + later)
            for index in 0..<4 {
                var specification = schedule.specification(using: &generator)
                if index % 2 == 1 {
                    specification = try RouteSpecification(
                        origin: specification.origin, destination: specification.destination, readyTime: specification.readyTime + shift,
                        arrivalDeadline: specification.arrivalDeadline + shift)
                }
                let fastest = oracle.itineraries(for: specification, options: RoutingOptions()).map(\.arrivalTime).min()
                #expect((try? router.earliestArrival(for: specification).arrivalTime) == fastest, "seed \(seed): \(specification)")
            }
        }
    }

    /// With options, and with random cut-off times and cargo types (a different run of seeds each); the last run
    /// with every port keeping cargo for hours, which the lower bounds count at each port on the way.
    @Test(arguments: [(false, false, false), (true, false, false), (false, true, false), (true, true, false), (true, true, true)])
    func earliestArrivalAndCandidatesMatchTheOracle(withOptions: Bool, withCutOffs: Bool, longPortStays: Bool) throws {
        for seed in Self.seeds {
            var generator = SplitMix64(
                seed: seed &* 2 &+ (withOptions ? 1 : 0) &+ (withCutOffs ? 1 << 32 : 0) &+ (longPortStays ? 1 << 33 : 0))
            let schedule = RandomSchedule(using: &generator, cutOffs: withCutOffs, longPortStays: longPortStays)
            let (router, oracle) = try Self.searches(schedule, seed: seed)
            for _ in 0..<4 {
                let specification = schedule.specification(using: &generator)
                let options = withOptions ? Self.randomOptions(schedule, specification, using: &generator) : RoutingOptions()
                let context = "seed \(seed) options \(withOptions) cut-offs \(withCutOffs) long stays \(longPortStays): \(specification) \(options)"
                Self.expectAgreement(router, oracle, specification, options, context, using: &generator)
            }
        }
    }

    /// One router asked query after query, among them queries it refuses (an unknown port or voyage) and queries
    /// with more or fewer via ports (the search's slots renumbered), answers each as a new router does: what the
    /// queries before it marked is all forgotten.
    @Test func aRouterAskedOneQueryAfterAnotherAnswersAsANewOne() throws {
        for seed in Self.seeds.prefix(300) {
            var generator = SplitMix64(seed: seed &+ 1 << 44)
            let schedule = RandomSchedule(using: &generator, cutOffs: seed % 2 == 0, longPortStays: seed % 3 == 0)
            let built = try ScheduleNetwork(locations: schedule.locations, voyages: schedule.voyages)
            let network = seed % 4 < 2 ? built : built.preparedForSearches()
            let reused = Router(network: network)
            for query in 0..<12 {
                let specification = schedule.specification(using: &generator)
                var options = Self.randomOptions(schedule, specification, using: &generator)
                let context = Comment(rawValue: "seed \(seed), query \(query): \(specification) \(options)")
                if query % 4 == 3 {
                    // Refused while it is prepared, after the last query's marks are forgotten.
                    options.avoidedVoyages.insert("NOSUCHVOYAGE")
                    #expect(throws: RoutingError.unknownVoyage("NOSUCHVOYAGE"), context) { try reused.earliestArrival(for: specification, options: options) }
                    continue
                }
                let fresh = Router(network: network)
                #expect(
                    (try? reused.earliestArrival(for: specification, options: options))?.arrivalTime
                        == (try? fresh.earliestArrival(for: specification, options: options))?.arrivalTime, context)
                #expect(
                    ((try? reused.candidates(for: specification, options: options)) ?? []).map(\.arrivalTime)
                        == ((try? fresh.candidates(for: specification, options: options)) ?? []).map(\.arrivalTime), context)
            }
        }
    }

    /// Costs, CO2e and transit limits: the front over the extra criteria (none, either or both), and the
    /// earliest arrival and candidates within random maximum transit times (a different run of seeds each; a third
    /// of them with ports that keep cargo for hours).
    @Test(arguments: [[], [RoutingCriterion.handlingCost], [.co2e], [.handlingCost, .co2e]])
    func candidatesWithCriteriaAndTransitLimitsMatchTheOracle(criteria: Set<RoutingCriterion>) throws {
        let offset = UInt64(criteria.contains(.handlingCost) ? 1 : 0) << 40 | UInt64(criteria.contains(.co2e) ? 1 : 0) << 41
        for seed in Self.seeds {
            var generator = SplitMix64(seed: seed &+ offset &+ 1 << 43)
            let schedule = RandomSchedule(using: &generator, cutOffs: seed % 2 == 0, figures: true, longPortStays: seed % 3 == 1)
            let (router, oracle) = try Self.searches(schedule, seed: seed)
            for _ in 0..<4 {
                let specification = schedule.specification(using: &generator, transitLimit: true)
                var options = seed % 3 == 0 ? Self.randomOptions(schedule, specification, using: &generator) : RoutingOptions()
                options.criteria = criteria
                let context = "seed \(seed) criteria \(criteria): \(specification) \(options)"
                Self.expectAgreement(router, oracle, specification, options, context, using: &generator)
            }
        }
    }

    /// Schedules where vessels go on from one voyage as the next (``Voyage/continuation``): staying aboard through
    /// that call is no change of vessel, with and without options, cut-offs, long port stays and extra criteria.
    @Test(arguments: [(false, false), (true, false), (false, true), (true, true)])
    func schedulesWithContinuationsMatchTheOracle(withOptions: Bool, withCutOffs: Bool) throws {
        for seed in Self.seeds {
            var generator = SplitMix64(seed: seed &* 4 &+ (withOptions ? 1 : 0) &+ (withCutOffs ? 2 : 0) &+ 1 << 45)
            let schedule = RandomSchedule(
                using: &generator, cutOffs: withCutOffs, figures: seed % 3 == 2, longPortStays: seed % 3 == 0, continuations: true)
            let (router, oracle) = try Self.searches(schedule, seed: seed)
            for _ in 0..<4 {
                let specification = schedule.specification(using: &generator, transitLimit: seed % 5 == 0)
                var options = withOptions ? Self.randomOptions(schedule, specification, using: &generator) : RoutingOptions()
                if schedule.hasFigures { options.criteria = [.handlingCost, .co2e] }
                let context = "seed \(seed) options \(withOptions) cut-offs \(withCutOffs), continuations: \(specification) \(options)"
                Self.expectAgreement(router, oracle, specification, options, context, using: &generator)
            }
        }
    }

    /// Door to door: places no voyage calls at, trucks hauling between random pairs of places and ports, gate hours
    /// (some over midnight, some in another time zone), with and without options, cut-offs and both extra criteria, some
    /// with transit limits, continuations and long port stays, a third with a place closed for a while.
    @Test(arguments: [(false, false, false), (true, false, false), (false, true, false), (true, true, false), (false, false, true), (true, true, true)])
    func doorToDoorSchedulesMatchTheOracle(withOptions: Bool, withCutOffs: Bool, withCriteria: Bool) throws {
        for seed in Self.seeds {
            var generator = SplitMix64(
                seed: seed &* 8 &+ (withOptions ? 1 : 0) &+ (withCutOffs ? 2 : 0) &+ (withCriteria ? 4 : 0) &+ 1 << 47)
            var schedule = RandomSchedule(
                using: &generator, cutOffs: withCutOffs, figures: withCriteria, longPortStays: seed % 3 == 0, continuations: seed % 4 == 1,
                hauls: true)
            if seed % 3 == 1 {
                // A place closed for a while (a what-if): its calls omitted and its gate shut, from an odd second.
                let place = schedule.locations.randomElement(using: &generator)!.code
                let from = schedule.base + Double(Int.random(in: 0...(40 * 3_600), using: &generator))
                let closed = try schedule.network.applying(
                    Scenario([.closePort(place, from: from, until: from + Double(Int.random(in: 0...(30 * 3_600), using: &generator)))]))
                schedule = RandomSchedule(locations: closed.locations, voyages: closed.voyages, haulage: closed.haulage, base: schedule.base)
            }
            let (router, oracle) = try Self.searches(schedule, seed: seed)
            for _ in 0..<4 {
                let specification = schedule.specification(using: &generator, transitLimit: seed % 5 == 0)
                var options = withOptions ? Self.randomOptions(schedule, specification, using: &generator) : RoutingOptions()
                if withCriteria { options.criteria = [[.handlingCost], [.co2e], [.handlingCost, .co2e]][Int(seed % 3)] }
                if withOptions && Bool.random(using: &generator) {
                    // Modes left out, and trucks not at the origin or not at the destination.
                    options.modes.remove(TransportMode.allCases.randomElement(using: &generator)!)
                    options.truckFromOrigin = Bool.random(using: &generator)
                    options.truckToDestination = Bool.random(using: &generator)
                }
                let context = "seed \(seed) options \(withOptions) cut-offs \(withCutOffs) criteria \(withCriteria), door to door: \(specification) \(options)"
                Self.expectAgreement(router, oracle, specification, options, context, using: &generator)
            }
        }
    }

    /// Door to door with at most 0 to 3 changes of mode (``RoutingOptions/maxModeChanges``), on the networks of
    /// ``doorToDoorSchedulesMatchTheOracle(withOptions:withCutOffs:withCriteria:)`` where a third of the voyages are
    /// barges' or trains', with and without other options, cut-offs and extra criteria.
    @Test(arguments: [(false, false), (true, false), (true, true)])
    func modeChangeLimitsMatchTheOracle(withCutOffs: Bool, withCriteria: Bool) throws {
        var limited = 0
        for seed in Self.seeds {
            var generator = SplitMix64(seed: seed &* 4 &+ (withCutOffs ? 1 : 0) &+ (withCriteria ? 2 : 0) &+ 1 << 49)
            let schedule = RandomSchedule(
                using: &generator, cutOffs: withCutOffs, figures: withCriteria, longPortStays: seed % 3 == 0, continuations: seed % 4 == 1,
                hauls: true)
            let (router, oracle) = try Self.searches(schedule, seed: seed)
            for _ in 0..<4 {
                let specification = schedule.specification(using: &generator, transitLimit: seed % 5 == 0)
                var options = seed % 2 == 0 ? Self.randomOptions(schedule, specification, using: &generator) : RoutingOptions()
                options.maxModeChanges = Int.random(in: 0...3, using: &generator)
                if withCriteria { options.criteria = [[.handlingCost], [.co2e], [.handlingCost, .co2e]][Int(seed % 3)] }
                if Int.random(in: 0..<4, using: &generator) == 0 { options.modes.remove(.rail) }
                var unlimited = options
                unlimited.maxModeChanges = nil
                if oracle.itineraries(for: specification, options: unlimited).contains(where: { $0.modeChangeCount > options.maxModeChanges! }) {
                    limited += 1
                }
                let context = "seed \(seed) cut-offs \(withCutOffs) criteria \(withCriteria), mode changes: \(specification) \(options)"
                Self.expectAgreement(router, oracle, specification, options, context, using: &generator)
                for candidate in (try? router.candidates(for: specification, limit: 1_000, options: options)) ?? [] {
                    #expect(candidate.modeChangeCount <= options.maxModeChanges!, Comment(rawValue: context))
                }
            }
        }
        // The limit left out an itinerary in many of the queries, so the agreement is about it.
        #expect(limited >= Self.seeds.count / 6, "\(limited) queries the limit bound")
    }

    /// Searches for cargo that needs room aboard (``RoutingOptions/space``): movements with random TEU, weight and
    /// plug capacities left, many of them too few, so that staying aboard is often cut off at a call.
    @Test(arguments: [false, true])
    func searchesWithSpaceMatchTheOracle(withContinuations: Bool) throws {
        for seed in Self.seeds {
            var generator = SplitMix64(seed: seed &+ (withContinuations ? 1 : 0) << 40 &+ 1 << 46)
            let random = RandomSchedule(using: &generator, cutOffs: seed % 2 == 0, longPortStays: seed % 3 == 0, continuations: withContinuations)
            let limitsWeight = Bool.random(using: &generator), limitsPlugs = Bool.random(using: &generator)
            let voyages = random.voyages.map { voyage in
                voyage.replacingMovements(
                    voyage.movements.map { movement in
                        var left = movement
                        left.capacity = Int.random(in: 0...4, using: &generator)
                        left.weightCapacity = limitsWeight ? Int.random(in: 0...60, using: &generator) : nil
                        left.reeferPlugs = limitsPlugs ? Int.random(in: 0...2, using: &generator) : nil
                        return left
                    })
            }
            let schedule = RandomSchedule(locations: random.locations, voyages: voyages, base: random.base)
            let (router, oracle) = try Self.searches(schedule, seed: seed)
            for _ in 0..<4 {
                let specification = schedule.specification(using: &generator, transitLimit: seed % 5 == 0)
                var options = seed % 3 == 0 ? Self.randomOptions(schedule, specification, using: &generator) : RoutingOptions()
                options.space = CargoSpace(
                    teu: Int.random(in: 1...3, using: &generator), tonnes: Int.random(in: 0...40, using: &generator),
                    plugs: Int.random(in: 0...1, using: &generator))
                let context = "seed \(seed) continuations \(withContinuations): \(specification) \(options)"
                Self.expectAgreement(router, oracle, specification, options, context, using: &generator)
            }
        }
    }

    /// Door to door for cargo that needs room where hauls take 0 to 4 TEU a day (two in three of them), and other cargo
    /// already takes room on some of their days: no itinerary drives a haul on a day without room for the cargo, as brute
    /// force counts the days (calendar days at the haul's place) and what the other cargo takes on them.
    @Test func searchesWithSpaceCountTheRoomOfHaulsDays() throws {
        var cutOff = 0
        for seed in Self.seeds {
            var generator = SplitMix64(seed: seed &+ 1 << 50)
            let random = RandomSchedule(using: &generator, cutOffs: seed % 2 == 0, longPortStays: seed % 3 == 0, hauls: true)
            let haulage = random.haulage.map { haul in
                var haul = haul
                if Int.random(in: 0..<3, using: &generator) > 0 { haul.capacityPerDay = Int.random(in: 0...4, using: &generator) }
                return haul
            }
            let schedule = RandomSchedule(locations: random.locations, voyages: random.voyages, haulage: haulage, base: random.base)
            let (router, oracle) = try Self.searches(schedule, seed: seed)
            let network = router.network
            func key(_ leg: Leg) -> String? {
                guard leg.isHaul, haulage.first(where: { $0.from == leg.loadLocation.code && $0.to == leg.unloadLocation.code })?.capacityPerDay != nil
                else { return nil }
                var calendar = Calendar(identifier: .gregorian)
                calendar.timeZone = leg.loadLocation.timeZone ?? TimeZone(identifier: "UTC")!
                let day = calendar.dateComponents([.year, .month, .day], from: leg.loadTime)
                return "\(leg.loadLocation.code)-\(leg.unloadLocation.code) \(day.year!)-\(day.month!)-\(day.day!)"
            }
            // Other cargo on some itineraries, as the oracle counts it and as the search's use does.
            var taken = CapacityUse(network: network), takenOnDays: [String: Int] = [:]
            for _ in 0..<3 {
                let teu = Int.random(in: 1...3, using: &generator)
                guard let itinerary = oracle.itineraries(for: schedule.specification(using: &generator)).randomElement(using: &generator) else { continue }
                taken.add(CargoSpace(teu: teu), on: itinerary, in: network)
                for leg in itinerary.legs { if let key = key(leg) { takenOnDays[key, default: 0] += teu } }
            }
            for _ in 0..<4 {
                let specification = schedule.specification(using: &generator)
                var options = RoutingOptions(space: CargoSpace(teu: Int.random(in: 1...3, using: &generator)), taken: taken)
                options.maxTransshipments = seed % 5 == 0 ? 1 : nil
                let space = options.space!.teu
                let hasRoom = { (itinerary: Itinerary) in
                    itinerary.legs.allSatisfy { leg in
                        key(leg).map {
                            takenOnDays[$0, default: 0] + space <= haulage.first { $0.from == leg.loadLocation.code && $0.to == leg.unloadLocation.code }!
                                .capacityPerDay!
                        } ?? true
                    }
                }
                if oracle.itineraries(for: specification, options: options).contains(where: { !hasRoom($0) }) { cutOff += 1 }
                let context = "seed \(seed), room of hauls' days: \(specification) \(options)"
                Self.expectAgreement(router, oracle, specification, options, context, using: &generator, keeping: hasRoom)
            }
        }
        #expect(cutOff >= Self.seeds.count / 3, "\(cutOff) queries where a haul's day lacked room")
    }

    /// A router over the schedule's network and the oracle over its voyages; every other network is prepared for many
    /// searches, so that its lower bounds come from the all-pairs table.
    static func searches(_ schedule: RandomSchedule, seed: UInt64) throws -> (Router, BruteForceRouter) {
        let built = try ScheduleNetwork(locations: schedule.locations, voyages: schedule.voyages, haulage: schedule.haulage)
        let network = seed % 4 < 2 ? built : built.preparedForSearches()
        return (Router(network: network), schedule.bruteForce)
    }

    /// The router's earliest arrival and candidates against the oracle's itineraries, with and without lower bounds;
    /// where the oracle finds none, both searches say there is no route.
    static func expectAgreement(
        _ router: Router, _ oracle: BruteForceRouter, _ specification: RouteSpecification, _ options: RoutingOptions,
        _ context: String, using generator: inout SplitMix64, keeping isKept: (Itinerary) -> Bool = { _ in true }
    ) {
        let all = oracle.itineraries(for: specification, options: options).filter(isKept)
        guard let fastest = all.map(\.arrivalTime).min() else {
            #expect(throws: RoutingError.noRoute, Comment(rawValue: context)) { try router.earliestArrival(for: specification, options: options) }
            #expect(throws: RoutingError.noRoute, Comment(rawValue: context)) { try router.candidates(for: specification, options: options) }
            return
        }
        let front = BruteForceRouter.paretoFront(of: all, criteria: options.criteria, haulage: oracle.haulage, via: options.via)
        let vector = { (itinerary: Itinerary) in BruteForceRouter.Vector(itinerary, criteria: options.criteria, haulage: oracle.haulage) }
        do {
            let earliest = try router.earliestArrival(for: specification, options: options)
            #expect(earliest.arrivalTime == fastest, Comment(rawValue: context))
            expectMeets(earliest, specification, options, context)

            let candidates = try router.candidates(for: specification, limit: 1_000, options: options)
            #expect(candidates.map(vector) == front, Comment(rawValue: context))
            for candidate in candidates { expectMeets(candidate, specification, options, context) }

            let limit = Int.random(in: 1...3, using: &generator)
            let few = try router.candidates(for: specification, limit: limit, options: options)
            #expect(few.map(vector) == selection(of: front, limit: limit, criteria: options.criteria), Comment(rawValue: context))
            #expect(few.first?.arrivalTime == fastest, Comment(rawValue: context))

            router.usesLowerBounds = false
            defer { router.usesLowerBounds = true }
            #expect(try router.earliestArrival(for: specification, options: options).arrivalTime == fastest, Comment(rawValue: context))
            #expect(try router.candidates(for: specification, limit: 1_000, options: options).map(vector) == front, Comment(rawValue: context))
        } catch {
            Issue.record("\(context): \(error)")
        }
    }

    /// Random limits, via ports and avoided ports and voyages that keep the specification meaningful.
    static func randomOptions(
        _ schedule: RandomSchedule, _ specification: RouteSpecification, using generator: inout SplitMix64
    ) -> RoutingOptions {
        var options = RoutingOptions()
        let others = schedule.locations.map(\.code).filter { $0 != specification.origin && $0 != specification.destination }
        if Bool.random(using: &generator) { options.maxTransshipments = Int.random(in: 0...2, using: &generator) }
        if !others.isEmpty && Int.random(in: 0..<3, using: &generator) == 0 {
            options.via = Array(others.shuffled(using: &generator).prefix(Int.random(in: 1...2, using: &generator)))
        }
        if let avoided = others.filter({ !options.via.contains($0) }).randomElement(using: &generator),
            Int.random(in: 0..<3, using: &generator) == 0
        {
            options.avoidedLocations = [avoided]
        }
        if Int.random(in: 0..<3, using: &generator) == 0, let voyage = schedule.voyages.randomElement(using: &generator) {
            options.avoidedVoyages = [voyage.number]
        }
        return options
    }

    /// The documented choice of `limit` candidates from the whole front: the earliest arrival, the cheapest and
    /// the least CO2e (the first of each in the front's order) with those criteria, the fastest for each number
    /// of transshipments from the fewest, then by arrival; sorted.
    static func selection(
        of front: [BruteForceRouter.Vector], limit: Int, criteria: Set<RoutingCriterion> = []
    ) -> [BruteForceRouter.Vector] {
        guard front.count > limit else { return front }
        var chosen: [BruteForceRouter.Vector] = [front[0]]
        if criteria.contains(.handlingCost), chosen.count < limit, let cheapest = front.min(by: { $0.cost < $1.cost }), !chosen.contains(cheapest) {
            chosen.append(cheapest)
        }
        if criteria.contains(.co2e), chosen.count < limit, let cleanest = front.min(by: { $0.co2 < $1.co2 }), !chosen.contains(cleanest) {
            chosen.append(cleanest)
        }
        for transshipments in Set(front.map(\.transshipments)).sorted() where chosen.count < limit {
            let fastest = front.first { $0.transshipments == transshipments }!
            if !chosen.contains(fastest) { chosen.append(fastest) }
        }
        for vector in front where chosen.count < limit && !chosen.contains(vector) { chosen.append(vector) }
        return chosen.sorted()
    }

    static func expectMeets(
        _ itinerary: Itinerary, _ specification: RouteSpecification, _ options: RoutingOptions, _ context: String
    ) {
        #expect(specification.isSatisfied(by: itinerary), Comment(rawValue: context))
        if let limit = specification.maximumTransitTime {
            #expect(Duration.seconds(itinerary.arrivalTime.timeIntervalSince(itinerary.departureTime)) <= limit, Comment(rawValue: context))
        }
        #expect(itinerary.transshipmentCount <= options.maxTransshipments ?? Int.max, Comment(rawValue: context))
        #expect(itinerary.legs.allSatisfy { !options.avoidedVoyages.contains($0.voyage.number) }, Comment(rawValue: context))
        if let space = options.space {
            let movements = itinerary.legs.flatMap(\.movements)
            #expect(movements.allSatisfy { space.fits(teu: $0.capacity, tonnes: $0.weightCapacity, plugs: $0.reeferPlugs) }, Comment(rawValue: context))
        }
        let calls = [itinerary.origin] + itinerary.calls
        #expect(calls.allSatisfy { !options.avoidedLocations.contains($0) }, Comment(rawValue: context))
        var remaining = options.via[...]
        for call in itinerary.calls where call == remaining.first { remaining = remaining.dropFirst() }
        #expect(remaining.isEmpty, Comment(rawValue: context))
        // No loop back to change vessel where the cargo has been: never at the origin (a rule of the search), and
        // elsewhere never better than changing there the first time, unless it passes a via port on the way.
        // A haul may go back where the cargo has been, since the cut-offs of loading cargo a truck delivers are not the
        // transshipment cut-off, but never to the origin, and it leaves the origin only first.
        for index in itinerary.legs.indices where itinerary.changesVessel(before: index) {
            let leg = itinerary.legs[index]
            if leg.isHaul || itinerary.legs[index - 1].isHaul {
                #expect(!leg.isHaul || (leg.unloadLocation.code != itinerary.origin && leg.loadLocation.code != itinerary.origin), "\(context)")
                continue
            }
            // Where a haul delivered the cargo, its loading cut-offs were not a change's: that first departure is not
            // one the change could have been made from.
            let leftFrom = itinerary.legs.indices[..<index].flatMap { position in
                let departures = itinerary.legs[position].movements.map(\.departureLocation)
                return position > 0 && itinerary.legs[position - 1].isHaul ? Array(departures.dropFirst()) : departures
            }
            let port = leg.loadLocation.code
            // With the CO2e criterion, a detour on another vessel back to a port the cargo left aboard may emit less than
            // staying aboard there.
            #expect(
                port != itinerary.origin && (!options.via.isEmpty || options.criteria.contains(.co2e) || !leftFrom.contains(port)),
                "changes vessel where it has been: \(context)")
        }
    }
}
