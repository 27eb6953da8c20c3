import Foundation
import RoutePlanner
@testable import RoutePlannerAssignment
import RoutePlannerTestSupport
import Testing

/// The assignment against brute force on tiny instances, and its invariants everywhere.
@Suite struct AssignmentTests {
    /// A random schedule whose movements hold 1 to 6 TEU, with random cut-offs for odd seeds, and 2 to 4 bookings
    /// of 1 to 4 TEU (of random cargo types, some with dangerous goods) on it; with figures, its ports have random
    /// handling and transshipment costs; with limits, movements carry 10 to 40 tonnes (or no limit) and 0 to 2 reefer
    /// plugs (or no limit), and bookings weigh 3 to 20 tonnes (or nothing known). With hauls, places no voyage calls
    /// at, hauls by truck between random pairs of places (with costs when there are figures), gate hours, and barges
    /// and trains (``RandomSchedule``).
    ///
    /// With `haulCapacities`, two hauls in three take 1 to 5 TEU a day, drawn from a generator of their own so that the
    /// rest of the instance is the one without.
    static func instance(
        seed: UInt64, figures: Bool = false, limits: Bool = false, hauls: Bool = false, haulCapacities: Bool = false,
        bookings bookingCount: ClosedRange<Int> = 2...4
    ) throws -> (network: ScheduleNetwork, bookings: [Booking], schedule: RandomSchedule) {
        var generator = SplitMix64(seed: seed)
        var base = RandomSchedule(using: &generator, maxPorts: 5, maxMovements: 16, cutOffs: seed % 2 == 1, figures: figures, hauls: hauls)
        if haulCapacities {
            var days = SplitMix64(seed: seed ^ 0x5EED_DA75)
            base = RandomSchedule(
                locations: base.locations, voyages: base.voyages,
                haulage: base.haulage.map { haul in
                    var haul = haul
                    if Int.random(in: 0..<3, using: &days) > 0 { haul.capacityPerDay = Int.random(in: 1...5, using: &days) }
                    return haul
                }, base: base.base)
        }
        let voyages = base.voyages.map { voyage in
            voyage.replacingMovements(
                voyage.movements.map {
                    var movement = $0
                    movement.capacity = Int.random(in: 1...6, using: &generator)
                    if limits {
                        movement.weightCapacity = Int.random(in: 0..<4, using: &generator) == 0 ? nil : Int.random(in: 10...40, using: &generator)
                        movement.reeferPlugs = Int.random(in: 0..<4, using: &generator) == 0 ? nil : Int.random(in: 0...2, using: &generator)
                    }
                    return movement
                })
        }
        let schedule = RandomSchedule(locations: base.locations, voyages: voyages, haulage: base.haulage, base: base.base)
        let bookings = try (0..<Int.random(in: bookingCount, using: &generator)).map { index in
            try Booking(
                id: "B\(index)", teu: Int.random(in: 1...4, using: &generator),
                specification: schedule.specification(using: &generator),
                revenuePerTEU: Bool.random(using: &generator) ? Double(Int.random(in: 1...9, using: &generator) * 100) : nil,
                weight: limits && Int.random(in: 0..<4, using: &generator) > 0 ? Double(Int.random(in: 6...40, using: &generator)) / 2 : nil)
        }
        return (try ScheduleNetwork(locations: schedule.locations, voyages: voyages, haulage: schedule.haulage), bookings, schedule)
    }

    /// Every itinerary of a specification, hauls included, that ends where it reaches the destination (the router's
    /// rule, Guides/Routing.md).
    static func itineraries(_ schedule: RandomSchedule, _ specification: RouteSpecification) -> [Itinerary] {
        schedule.bruteForce.itineraries(for: specification).filter { BruteForceRouter.endsWhereItArrives($0, via: []) }
    }

    /// What carrying a TEU along an itinerary costs, as Guides/Assignment.md states it: the handling of the ports whose
    /// costs are known, and each haul's cost per TEU from the schedule's haulage table.
    static func cost(_ itinerary: Itinerary, _ schedule: RandomSchedule) -> Double {
        itinerary.legs.filter(\.isHaul).reduce(itinerary.knownHandlingCostPerTEU) { total, leg in
            total + (schedule.haulage.first { $0.from == leg.loadLocation.code && $0.to == leg.unloadLocation.code }?.costPerTEU ?? 0)
        }
    }

    /// What an itinerary takes room on, as Guides/Assignment.md states it: each movement, and the day each haul with a
    /// capacity a day leaves on, a calendar day at the haul's place (in its time zone, UTC without one).
    enum Resource: Hashable {
        case movement(ScheduleNetwork.MovementID)
        case haulDay(from: UnLocode, to: UnLocode, date: DateComponents)
    }

    static func resources(_ itinerary: Itinerary, _ network: ScheduleNetwork) -> [Resource] {
        network.movementIDs(of: itinerary).map(Resource.movement)
            + itinerary.legs.compactMap { leg -> Resource? in
                let (from, to) = (leg.loadLocation.code, leg.unloadLocation.code)
                guard leg.isHaul, network.haul(from: from, to: to)?.capacityPerDay != nil else { return nil }
                var calendar = Calendar(identifier: .gregorian)
                calendar.timeZone = network.location(from)?.timeZone ?? TimeZone(identifier: "UTC")!
                return .haulDay(from: from, to: to, date: calendar.dateComponents([.year, .month, .day], from: leg.loadTime))
            }
    }

    /// What a resource holds: TEU, tonnes and reefer plugs.
    static func limit(_ resource: Resource, _ network: ScheduleNetwork) -> (teu: Int, tonnes: Double, plugs: Int) {
        switch resource {
        case .movement(let id): (network.capacity(of: id), Double(network.weightCapacity(of: id) ?? .max), network.reeferPlugs(of: id) ?? .max)
        case .haulDay(let from, let to, _): (network.haul(from: from, to: to)!.capacityPerDay!, .infinity, .max)
        }
    }

    /// Whether a booking fits on a resource beside what is on it.
    static func fits(
        _ booking: Booking, on resource: Resource, beside used: (teu: Int, tonnes: Double, plugs: Int), _ network: ScheduleNetwork
    ) -> Bool {
        let limit = Self.limit(resource, network)
        return used.teu + booking.teu <= limit.teu && used.tonnes + (booking.weight ?? 0) <= limit.tonnes
            && used.plugs + booking.reeferPlugs <= limit.plugs
    }

    /// What the carried bookings of a plan put on each resource.
    static func load(of plan: AssignmentPlan, _ network: ScheduleNetwork) -> [Resource: (teu: Int, tonnes: Double, plugs: Int)] {
        var load: [Resource: (teu: Int, tonnes: Double, plugs: Int)] = [:]
        for assignment in plan.carried {
            let booking = assignment.booking
            for resource in resources(assignment.itinerary!, network) {
                let used = load[resource] ?? (0, 0, 0)
                load[resource] = (used.teu + booking.teu, used.tonnes + (booking.weight ?? 0), used.plugs + booking.reeferPlugs)
            }
        }
        return load
    }

    /// The best revenue of any assignment: each booking on none or one of all its itineraries; with `profit`, the
    /// best revenue less handling cost (the ports' known costs) plus `penalty` for each TEU carried.
    static func bruteForceRevenue(
        _ network: ScheduleNetwork, _ bookings: [Booking], _ schedule: RandomSchedule, profit: Bool = false, penalty: Double = 0
    ) -> Double? {
        // Each itinerary by its movements, with what it is worth per TEU beyond the revenue: the least handling and haulage
        // cost of those on the same movements (they differ only where the cargo changes vessel, or in their hauls).
        let options = bookings.map { booking in
            var cost: [[Resource]: Double] = [:]
            for itinerary in itineraries(schedule, booking.specification) {
                let handling = profit ? Self.cost(itinerary, schedule) : 0
                let key = resources(itinerary, network)
                cost[key] = min(cost[key] ?? .infinity, handling)
            }
            return cost.map { (resources: $0.key, handling: $0.value) }
        }
        guard options.reduce(1, { $0 * ($1.count + 1) }) <= 200_000 else { return nil }
        // TEU, tonnes and reefer plugs on each resource, each within its limit.
        var load: [Resource: (teu: Int, tonnes: Double, plugs: Int)] = [:]
        var best = 0.0
        func search(_ index: Int, _ revenue: Double) {
            guard index < bookings.count else { best = max(best, revenue); return }
            search(index + 1, revenue)
            let booking = bookings[index]
            for (resources, handling) in options[index] where resources.allSatisfy({ fits(booking, on: $0, beside: load[$0] ?? (0, 0, 0), network) }) {
                for r in resources {
                    let used = load[r] ?? (0, 0, 0)
                    load[r] = (used.teu + booking.teu, used.tonnes + (booking.weight ?? 0), used.plugs + booking.reeferPlugs)
                }
                search(index + 1, revenue + Double(booking.teu) * ((booking.revenuePerTEU ?? 1) - handling + penalty))
                for r in resources {
                    let used = load[r]!
                    load[r] = (used.teu - booking.teu, used.tonnes - (booking.weight ?? 0), used.plugs - booking.reeferPlugs)
                }
            }
        }
        search(0, 0)
        return best
    }

    /// Every booking left out has the true reason, checked against all its itineraries: `capacity` names the
    /// legs, each full for the booking, and some itinerary would pay; `unprofitable` says that none pays, with
    /// the least handling cost per TEU of any; `noItinerary` that there is none; a plan solved to optimality
    /// leaves nothing `notPlaced` or `notSearched`.
    static func expectTrueReasons(
        _ plan: AssignmentPlan, _ network: ScheduleNetwork, _ schedule: RandomSchedule, penalty: Double = 0, _ context: Comment
    ) {
        // What the plan loads on each movement and haul's day: TEU, tonnes and reefer plugs.
        let load = Self.load(of: plan, network)
        for assignment in plan.assignments where assignment.itinerary == nil {
            let booking = assignment.booking
            let context = Comment(rawValue: "\(context.rawValue), booking \(booking.id): \(String(describing: assignment.reason))")
            // The itineraries whose movements and hauls' days can take the booking at all, and their handling cost per TEU.
            let all = itineraries(schedule, booking.specification)
            let possible = all.filter { resources($0, network).allSatisfy { fits(booking, on: $0, beside: (0, 0, 0), network) } }
            let handling = possible.map { cost($0, schedule) }
            let worth = (booking.revenuePerTEU ?? 1) + penalty
            switch assignment.reason {
            case .capacity(let legs)?:
                #expect(!legs.isEmpty, context)
                #expect(
                    legs.allSatisfy {
                        $0.load + booking.teu > $0.capacity
                            || $0.weightLoad + (booking.weight ?? 0) > Double($0.weightCapacity ?? .max)
                            || $0.plugLoad + booking.reeferPlugs > $0.reeferPlugs ?? .max
                    }, context)
                // Some itinerary that can take it pays, or every one rides a movement too small for it.
                #expect(handling.contains { $0 < worth } || possible.isEmpty, context)
                // Optimal, so no itinerary on which the booking pays has room for it.
                if plan.status == .optimal {
                    #expect(
                        !possible.contains {
                            cost($0, schedule) < worth && resources($0, network).allSatisfy { fits(booking, on: $0, beside: load[$0] ?? (0, 0, 0), network) }
                        }, context)
                }
            case .unprofitable(let revenue, let handlingCost, let haulageCost, let penaltyPerTEU)?:
                #expect(revenue == booking.revenuePerTEU ?? 1 && penaltyPerTEU == penalty, context)
                #expect(!handling.isEmpty && handling.allSatisfy { $0 >= worth - 1e-9 }, context)
                #expect(abs(handlingCost + haulageCost - (handling.min() ?? .nan)) < 1e-9, context)
                // The two parts are those of a cheapest itinerary.
                #expect(
                    possible.contains {
                        abs(cost($0, schedule) - handlingCost - haulageCost) < 1e-9 && abs($0.knownHandlingCostPerTEU - handlingCost) < 1e-9
                    }, context)
            case .noItinerary?:
                #expect(all.isEmpty, context)
            case .notPlaced?, .notSearched?, nil:
                #expect(plan.status != .optimal, context)
            }
        }
    }

    static func expectValid(_ plan: AssignmentPlan, _ network: ScheduleNetwork, _ bookings: [Booking], _ context: Comment) {
        #expect(plan.assignments.map(\.booking) == bookings, context)
        var load = [Int](repeating: 0, count: network.movementCount), tonnes = [Double](repeating: 0, count: network.movementCount)
        var plugs = [Int](repeating: 0, count: network.movementCount)
        for assignment in plan.assignments {
            if let itinerary = assignment.itinerary {
                #expect(assignment.booking.specification.isSatisfied(by: itinerary), context)
                #expect(assignment.reason == nil, context)
                for id in network.movementIDs(of: itinerary) {
                    load[id.rawValue] += assignment.booking.teu
                    tonnes[id.rawValue] += assignment.booking.weight ?? 0
                    plugs[id.rawValue] += assignment.booking.reeferPlugs
                }
            } else {
                #expect(assignment.reason != nil, context)
            }
        }
        for m in load.indices {
            let id = ScheduleNetwork.MovementID(m)
            #expect(load[m] <= network.capacity(of: id), context)
            #expect(tonnes[m] <= Double(network.weightCapacity(of: id) ?? .max), context)
            #expect(plugs[m] <= network.reeferPlugs(of: id) ?? .max, context)
        }
        for (resource, used) in Self.load(of: plan, network) {
            if case .haulDay = resource { #expect(used.teu <= Self.limit(resource, network).teu, "\(context) \(resource)") }
        }
        #expect(plan.objective <= plan.bound + 1e-6, context)
    }

    /// Pricing on one thread and on three (each with its router, over every third group) finds the same columns in
    /// the same order, and the integer stage's independent components solved on one thread and on three give the
    /// same parts, so the plans are the same to the last itinerary, with the first-order solver too.
    @Test(arguments: [Int.max, 1]) func pricingOnSeveralThreadsGivesTheSamePlan(simplexSolves: Int) throws {
        for seed in UInt64(0)..<150 {
            let (network, bookings, _) = try Self.instance(seed: seed &+ 1 << 42)
            var plans: [AssignmentPlan] = []
            for workers in [1, 3] {
                let run = AssignmentRun(network: network, bookings: bookings, options: AssignmentOptions(relativeGap: 0, initialCandidates: 1))
                run.simplexSolvesLeft = simplexSolves
                run.pricingWorkers = workers
                plans.append(try run.solve())
            }
            let context = Comment(rawValue: "seed \(seed)")
            #expect(plans[0].assignments == plans[1].assignments, context)
            #expect(plans[0].objective == plans[1].objective && plans[0].bound == plans[1].bound, context)
            #expect(plans[0].columnCount == plans[1].columnCount && plans[0].pricingRounds == plans[1].pricingRounds, context)
        }
    }

    /// With the simplex method for every LP, and as if it were too slow after 0 to 3 solves, so that the
    /// first-order solver takes over at the start, during pricing, or after cuts.
    @Test(arguments: [Int.max, 0, 1, 2, 3]) func matchesBruteForceOnTinyInstances(simplexSolves: Int) throws {
        var compared = 0
        for seed in UInt64(0)..<400 {
            let (network, bookings, schedule) = try Self.instance(seed: seed)
            // One initial candidate each, so that pricing has to find the rest.
            let run = AssignmentRun(network: network, bookings: bookings, options: AssignmentOptions(relativeGap: 0, initialCandidates: 1))
            run.simplexSolvesLeft = simplexSolves
            let plan = try run.solve()
            let context = Comment(rawValue: "seed \(seed)")
            Self.expectValid(plan, network, bookings, context)
            Self.expectTrueReasons(plan, network, schedule, context)
            guard let best = Self.bruteForceRevenue(network, bookings, schedule) else { continue }
            compared += 1
            #expect(abs(plan.revenue - best) < 1e-6, context)
            // The bound of column generation itself (the plan reports at least its objective) is a true
            // bound over all itineraries.
            let bounding = AssignmentRun(network: network, bookings: bookings, options: AssignmentOptions(relativeGap: 0, initialCandidates: 1))
            bounding.simplexSolvesLeft = simplexSolves
            var generation = bounding.columnGeneration()
            generation.seed()
            if !bounding.master.columns.isEmpty { #expect(try generation.run().bound >= best - 1e-6, context) }
            #expect(plan.status == .optimal || plan.bound - best > 0.01, context)
            #expect(plan.greedyRevenue <= best + 1e-6, context)
        }
        #expect(compared >= 300)
    }

    /// Revenue less handling cost, with a penalty per TEU left out on some seeds: the plan's objective (less its
    /// transit tie-break, under a cent) is the best there is, and the bound bounds it.
    @Test func maximisesRevenueLessHandlingCostWithThePenalty() throws {
        var compared = 0, costly = 0, unprofitable = 0, full = 0
        for seed in UInt64(0)..<300 {
            let (network, bookings, schedule) = try Self.instance(seed: seed &+ 1 << 40, figures: true)
            let penalty = [0.0, 0, 150, 1_000][Int(seed % 4)]
            let run = AssignmentRun(
                network: network, bookings: bookings, options: AssignmentOptions(relativeGap: 0, initialCandidates: 1, penaltyPerTEU: penalty))
            let plan = try run.solve()
            let context = Comment(rawValue: "seed \(seed) penalty \(penalty)")
            Self.expectValid(plan, network, bookings, context)
            Self.expectTrueReasons(plan, network, schedule, penalty: penalty, context)
            for assignment in plan.assignments {
                if case .unprofitable? = assignment.reason { unprofitable += 1 }
                if case .capacity? = assignment.reason { full += 1 }
            }
            #expect(abs(plan.profit - (plan.revenue - plan.handlingCost)) < 1e-6, context)
            guard let best = Self.bruteForceRevenue(network, bookings, schedule, profit: true, penalty: penalty) else { continue }
            compared += 1
            if plan.handlingCost > 0 { costly += 1 }
            let objective = plan.profit + penalty * Double(plan.carriedTEU)
            #expect(abs(objective - best) < 0.02, context)
            #expect(abs(plan.objective - objective) < 0.02, context)
            #expect(plan.bound >= best - 1e-6, context)
        }
        #expect(compared >= 200 && costly >= 100, "compared \(compared), with handling costs \(costly)")
        #expect(unprofitable >= 50 && full >= 20, "left out as unprofitable \(unprofitable), for capacity \(full)")
    }

    /// Weight and reefer plugs as well as TEU, on tiny instances where they bind: the best plan there is, under all
    /// three, with the simplex method and with the first-order solver from the start.
    @Test(arguments: [Int.max, 0]) func respectsWeightAndReeferPlugsAsBruteForceDoes(simplexSolves: Int) throws {
        var compared = 0, limited = 0
        for seed in UInt64(0)..<400 {
            let (network, bookings, schedule) = try Self.instance(seed: seed &+ 1 << 41, limits: true)
            let run = AssignmentRun(network: network, bookings: bookings, options: AssignmentOptions(relativeGap: 0, initialCandidates: 1))
            run.simplexSolvesLeft = simplexSolves
            let plan = try run.solve()
            let context = Comment(rawValue: "seed \(seed)")
            Self.expectValid(plan, network, bookings, context)
            Self.expectTrueReasons(plan, network, schedule, context)
            guard let best = Self.bruteForceRevenue(network, bookings, schedule) else { continue }
            compared += 1
            // Instances where TEU alone would allow more than weight and plugs do.
            if let teuOnly = Self.bruteForceRevenue(try Self.withoutLimits(network), bookings, schedule), teuOnly > best + 1e-6 { limited += 1 }
            #expect(abs(plan.revenue - best) < 1e-6, context)
            #expect(plan.bound >= best - 1e-6, context)
        }
        #expect(compared >= 300 && limited >= 30, "compared \(compared), limited by weight or plugs \(limited)")
    }

    /// The network with its weight and plug limits taken off.
    static func withoutLimits(_ network: ScheduleNetwork) throws -> ScheduleNetwork {
        try ScheduleNetwork(
            locations: network.locations,
            voyages: network.voyages.map { voyage in
                voyage.replacingMovements(
                    voyage.movements.map {
                        var movement = $0; movement.weightCapacity = nil; movement.reeferPlugs = nil; return movement
                    })
            })
    }

    @Test func roundingKeepsCapacityWhateverTheLPValues() throws {
        for seed in UInt64(0)..<200 {
            let (network, bookings, _) = try Self.instance(seed: seed)
            let context = Comment(rawValue: "seed \(seed)")
            let run = AssignmentRun(network: network, bookings: bookings, options: AssignmentOptions(initialCandidates: 4))
            run.columnGeneration().seed()
            let master = run.master
            // Every column at 1 and then some: far more than an approximate LP solution overfills.
            let solution = LPSolution(values: master.columns.indices.map { 1.2 + Double($0.rawValue % 3) }, capacityDuals: [:], isApproximate: true)
            let stage = IntegerStage(
                master: master, router: run.router, options: run.options, budget: run.budget, report: run.report, solution: solution)
            let (plan, waiting) = stage.rounded()
            var load = [Int](repeating: 0, count: network.movementCount)
            for case (let booking, let column?) in plan.enumerated() {
                #expect(master.columns[column].group == master.groupOf[booking], context)
                for movement in master.columns[column].movements { load[movement.rawValue] += bookings[booking].teu }
            }
            for m in load.indices { #expect(load[m] <= network.capacity(of: .init(m)), context) }
            #expect(Set(waiting) == Set(plan.indices.filter { plan[$0] == nil }) && waiting.count == Set(waiting).count, context)
        }
    }

    /// On instances of 2–4 bookings, and of 5–9 that compete for the same movements, so that neighbourhoods of a
    /// few columns meet.
    @Test(arguments: [2...4, 5...9]) func neighbourhoodSearchMatchesBruteForceOnTinyInstances(bookingCount: ClosedRange<Int>) throws {
        var compared = 0
        for seed in UInt64(0)..<400 {
            let (network, bookings, schedule) = try Self.instance(seed: seed, bookings: bookingCount)
            let context = Comment(rawValue: "seed \(seed)")
            let run = AssignmentRun(network: network, bookings: bookings, options: AssignmentOptions(relativeGap: 0, initialCandidates: 1))
            var generation = run.columnGeneration()
            generation.seed()
            let model = run.master
            // From nothing carried, as if every component were too large for one GLPK model.
            var plan = MasterProblem.Plan(repeating: nil, count: bookings.count)
            if !model.columns.isEmpty {
                let outcome = try generation.run()
                var stage = IntegerStage(
                    master: model, router: run.router, options: run.options, budget: run.budget, report: run.report,
                    solution: outcome.solution)
                // One neighbourhood at a time, or two or three freed together and solved side by side; each as large
                // as the search makes them, or of a few columns at first, so that several make up one instance.
                stage.solverWorkers = Int(seed % 3) + 1
                stage.neighbourhoodColumns = [1_000, 2, 5][Int(seed / 3 % 3)]
                plan = stage.improveByNeighbourhoods(plan, groups: Array(model.groups.indices), bound: outcome.bound, deadline: .now + .seconds(10))
            }
            var load = [Int](repeating: 0, count: network.movementCount)
            var revenue = 0.0
            for case (let booking, let column?) in plan.enumerated() {
                let itinerary = model.columns[column].itinerary
                #expect(model.columns[column].group == model.groupOf[booking] && bookings[booking].specification.isSatisfied(by: itinerary), context)
                for id in network.movementIDs(of: itinerary) { load[id.rawValue] += bookings[booking].teu }
                revenue += Double(bookings[booking].teu) * (bookings[booking].revenuePerTEU ?? 1)
            }
            for m in load.indices { #expect(load[m] <= network.capacity(of: .init(m)), context) }
            guard let best = Self.bruteForceRevenue(network, bookings, schedule) else { continue }
            compared += 1
            #expect(abs(revenue - best) < 1e-6, context)
        }
        print("neighbourhoods, \(bookingCount) bookings: \(compared) compared")
        #expect(compared >= 300)
    }

    @Test func explainsEveryBookingItCannotCarry() throws {
        let network = SampleVoyages.network()
        let specification = try RouteSpecification(
            origin: "HKHKG", destination: "SESTO", readyTime: SampleVoyages.day(3, 1), arrivalDeadline: SampleVoyages.day(4, 7))
        let impossible = try RouteSpecification(
            origin: "HKHKG", destination: "FIHEL", readyTime: SampleVoyages.day(3, 1), arrivalDeadline: SampleVoyages.day(3, 20))
        // Only the Rotterdam feeder (1,200 TEU) makes 7 April with 1,000 TEU: one big booking goes, by revenue.
        let bookings = [
            try Booking(id: "BIG-1", teu: 1_000, specification: specification, revenuePerTEU: 100),
            try Booking(id: "BIG-2", teu: 1_000, specification: specification, revenuePerTEU: 90),
            try Booking(id: "BIG-3", teu: 1_000, specification: specification, revenuePerTEU: 80),
            try Booking(id: "LATE", teu: 1, specification: impossible),
        ]
        let plan = try CapacityAssignment(network: network).assign(bookings)
        Self.expectValid(plan, network, bookings, "sample")
        #expect(plan.assignments.map { $0.itinerary != nil } == [true, false, false, false])
        #expect(plan.assignments[3].reason == .noItinerary)
        guard case .capacity(let legs) = plan.assignments[1].reason else { Issue.record("no capacity reason"); return }
        // The Baltic feeder, 900 TEU, is too small for 1,000 anyway.
        #expect(
            legs.map { "\($0.voyage) \($0.from)-\($0.to) \($0.load)/\($0.capacity)" } == ["NF-0310N NLRTM-SEGOT 1000/1200", "NF-0310N SEGOT-SESTO 1000/1200"])
        #expect(plan.revenue == 100_000)
    }

    @Test func bookingsTheTimeLimitLeftUnsearchedSaySo() throws {
        let network = SampleVoyages.network()
        // 2,000 bookings of distinct ready times: more searches than a millisecond allows.
        let bookings = try (0..<2_000).map { minute in
            try Booking(
                id: "B\(minute)", teu: 1,
                specification: RouteSpecification(
                    origin: "HKHKG", destination: "SESTO", readyTime: SampleVoyages.day(3, 1) + Double(minute) * 60,
                    arrivalDeadline: SampleVoyages.day(4, 30)))
        }
        // The time runs out while seeding: what was not searched is not claimed impossible.
        let plan = try CapacityAssignment(network: network).assign(bookings, options: AssignmentOptions(timeLimit: .nanoseconds(1_000_001)))
        #expect(plan.status == .timeLimit)
        #expect(plan.assignments.contains { $0.reason == .notSearched })
        #expect(!plan.assignments.contains { $0.reason == .noItinerary })
        #expect(plan.bound >= plan.objective)
        #expect(throws: AssignmentError.invalidOptions(["the time limit 0.0 seconds is not from 1 ms to 86400.0 seconds"])) {
            try CapacityAssignment(network: network).assign(bookings, options: AssignmentOptions(timeLimit: .zero))
        }
    }

    @Test func bookingIdsWithControlCharactersAreNamedSafely() throws {
        let network = SampleVoyages.network()
        let specification = try RouteSpecification(
            origin: "HKHKG", destination: "SESTO", readyTime: SampleVoyages.day(3, 1), arrivalDeadline: SampleVoyages.day(4, 30))
        // GLPK ends the process on a control character in a row name; the model writes it as `_`.
        let bookings = try ["B\u{7F}1", "B 2", "B\u{1}3", "Zürich"].map { try Booking(id: $0, teu: 1, specification: specification) }
        let plan = try CapacityAssignment(network: network).assign(bookings)
        #expect(plan.carried.count == 4)
    }

    @Test func writesTheModelAsMPS() throws {
        let (network, bookings, _) = try Self.instance(seed: 3)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("assignment-\(UUID()).mps")
        defer { try? FileManager.default.removeItem(at: file) }
        let plan = try CapacityAssignment(network: network).assign(bookings, options: AssignmentOptions(relativeGap: 0, modelFile: file))
        // Any solver minimises the file: its optimum is the plan's objective, negated.
        let model = try GLPKProblem.readMPS(from: file)
        let result = try model.solveMIP(GLPKProblem.MIPOptions(timeLimit: .seconds(5), relativeGap: 0, presolve: false))
        #expect(result.status == .optimal)
        #expect(abs(-(result.objective ?? 0) - plan.objective) < 1e-6)
        // Rows and columns are named after the bookings and the movements, so the file can be read.
        let text = try String(contentsOf: file, encoding: .utf8)
        for booking in bookings { #expect(text.contains(":\(booking.id)"), "\(booking.id)") }
        #expect(text.contains(" B1:"))
        #expect(text.contains("#1 "))
        #expect(!text.contains("C0000001"))
    }

    /// The plan of a tiny door-to-door instance at a gap of 0, with a penalty of 150 a TEU on odd seeds, checked valid and
    /// its reasons true.
    static func doorToDoorPlan(
        _ network: ScheduleNetwork, _ bookings: [Booking], _ schedule: RandomSchedule, seed: UInt64, simplexSolves: Int
    ) throws -> (plan: AssignmentPlan, penalty: Double, options: AssignmentOptions, context: Comment) {
        let penalty = seed % 2 == 1 ? 150.0 : 0
        let options = AssignmentOptions(relativeGap: 0, initialCandidates: 1, penaltyPerTEU: penalty)
        let run = AssignmentRun(network: network, bookings: bookings, options: options)
        run.simplexSolvesLeft = simplexSolves
        let plan = try run.solve()
        let context = Comment(rawValue: "seed \(seed) penalty \(penalty)")
        expectValid(plan, network, bookings, context)
        expectTrueReasons(plan, network, schedule, penalty: penalty, context)
        return (plan, penalty, options, context)
    }

    /// Door to door on tiny instances: places no voyage calls at, hauls by truck with costs, gate hours, barges and
    /// trains, handling costs and, on odd seeds, a penalty; with the simplex method and with the first-order solver
    /// from the start. The plan is the best there is over every itinerary, hauls included, its reasons are true, its
    /// haulage cost is the haulage table's, and the bound of column generation itself bounds the best.
    @Test(arguments: [Int.max, 0]) func doorToDoorMatchesBruteForceOnTinyInstances(simplexSolves: Int) throws {
        var compared = 0, byTruck = 0, onlyByTruck = 0, unprofitableByTruck = 0
        for seed in UInt64(0)..<400 {
            let (network, bookings, schedule) = try Self.instance(seed: seed &+ 1 << 43, figures: true, hauls: true)
            let (plan, penalty, options, context) = try Self.doorToDoorPlan(network, bookings, schedule, seed: seed, simplexSolves: simplexSolves)
            for case .unprofitable(_, _, let haulage, _)? in plan.assignments.map(\.reason) where haulage > 0 { unprofitableByTruck += 1 }
            for assignment in plan.carried {
                let itinerary = try #require(assignment.itinerary)
                let hauls = itinerary.legs.filter(\.isHaul).reduce(0.0) { total, leg in
                    total + (schedule.haulage.first { $0.from == leg.loadLocation.code && $0.to == leg.unloadLocation.code }?.costPerTEU ?? 0)
                }
                #expect(abs(assignment.haulageCost - Double(assignment.booking.teu) * hauls) < 1e-9, context)
                if itinerary.legs.contains(where: \.isHaul) { byTruck += 1 }
                if itinerary.voyageLegs.isEmpty { onlyByTruck += 1 }
            }
            #expect(abs(plan.profit - (plan.revenue - plan.handlingCost - plan.haulageCost)) < 1e-6, context)
            guard let best = Self.bruteForceRevenue(network, bookings, schedule, profit: true, penalty: penalty) else { continue }
            compared += 1
            let objective = plan.profit + penalty * Double(plan.carriedTEU)
            #expect(abs(objective - best) < 0.02, context)
            #expect(plan.bound >= best - 1e-6, context)
            let bounding = AssignmentRun(network: network, bookings: bookings, options: options)
            bounding.simplexSolvesLeft = simplexSolves
            var generation = bounding.columnGeneration()
            generation.seed()
            if !bounding.master.columns.isEmpty { #expect(try generation.run().bound >= best - 1e-6, context) }
        }
        #expect(
            compared >= 300 && byTruck >= 100 && onlyByTruck >= 20 && unprofitableByTruck >= 30,
            "compared \(compared), carried by truck \(byTruck), by truck only \(onlyByTruck), unprofitable by truck \(unprofitableByTruck)")
    }

    /// A factory whose haul to the terminal takes 2 TEU a day, and three bookings of 2 TEU for two vessels: the trucks
    /// for both leave on one day in UTC (02:00 and 18:00) but on two at the factory (UTC+8), so two bookings go, one each
    /// day, and the third is left out for the full days. Pricing must cost the first day's truck to find the second
    /// vessel, so that the bound meets the plan.
    @Test func aHaulsCapacityADayCountsTheDaysAtItsPlace() throws {
        let network = try TruckDaySample.network(capacityPerDay: 2, costPerTEU: 50)
        let specification = TruckDaySample.specification
        func time(_ text: String) -> Date { TruckDaySample.time(text) }
        let bookings = try ["A", "B", "C"].map { try Booking(id: $0, teu: 2, specification: specification, revenuePerTEU: 1_000) }
        let run = AssignmentRun(network: network, bookings: bookings, options: AssignmentOptions(relativeGap: 0, initialCandidates: 1))
        let plan = try run.solve()
        #expect(plan.carried.count == 2)
        let days: [HaulDay] = plan.carried.compactMap { $0.itinerary.flatMap { network.haulDays(of: $0).first } }
        #expect(Set(days.map(\.date)) == ["2026-03-02", "2026-03-03"])
        #expect(plan.status == .optimal && plan.bound - plan.objective < 0.01, "\(plan.status) bound \(plan.bound) objective \(plan.objective)")
        let leftOut = try #require(plan.assignments.first { $0.itinerary == nil })
        guard case .capacity(let legs)? = leftOut.reason else {
            Issue.record("\(String(describing: leftOut.reason))")
            return
        }
        #expect(!legs.isEmpty)
        for leg in legs { #expect(leg.haulDay != nil && leg.voyage.rawValue == "TRUCK CNZZF-CNZZT" && leg.load == 2 && leg.capacity == 2) }
        let starts: [Date] = plan.busiestLegs.filter { $0.haulDay != nil }.map(\.departure).sorted()
        #expect(starts == [time("2026-03-01T16:00:00Z"), time("2026-03-02T16:00:00Z")])
        Self.expectValid(plan, network, bookings, "three bookings")
    }

    /// Door to door with hauls that take 1 to 5 TEU a day (two in three of them), on the tiny instances of
    /// ``doorToDoorMatchesBruteForceOnTinyInstances(simplexSolves:)``: the plan is the best there is with each haul's day
    /// within its capacity, as brute force counts the days (calendar days at the haul's place), its reasons are true
    /// (a full haul's day among them), and the bound bounds the best. The capacities must bind: on some instances the
    /// best without them is better.
    @Test(arguments: [Int.max, 0]) func haulCapacitiesADayMatchBruteForceOnTinyInstances(simplexSolves: Int) throws {
        var compared = 0, binding = 0, fullDays = 0
        for seed in UInt64(0)..<400 {
            let (network, bookings, schedule) = try Self.instance(
                seed: seed &+ 1 << 43, figures: true, hauls: true, haulCapacities: true, bookings: 2...5)
            let (plan, penalty, _, context) = try Self.doorToDoorPlan(network, bookings, schedule, seed: seed, simplexSolves: simplexSolves)
            for case .capacity(let legs)? in plan.assignments.map(\.reason) where legs.contains(where: { $0.haulDay != nil }) { fullDays += 1 }
            guard let best = Self.bruteForceRevenue(network, bookings, schedule, profit: true, penalty: penalty) else { continue }
            compared += 1
            #expect(abs(plan.profit + penalty * Double(plan.carriedTEU) - best) < 0.02, context)
            #expect(plan.bound >= best - 1e-6, context)
            let unlimited = try Self.instance(seed: seed &+ 1 << 43, figures: true, hauls: true, bookings: 2...5)
            if let free = Self.bruteForceRevenue(unlimited.network, unlimited.bookings, unlimited.schedule, profit: true, penalty: penalty),
                free > best + 0.01
            {
                binding += 1
            }
        }
        #expect(compared >= 300 && binding >= 30 && fullDays >= 10, "compared \(compared), bound by a day \(binding), left out for a full day \(fullDays)")
    }

    /// A booking from a factory no voyage calls at is carried by truck to the barge terminal and on, and pays for the
    /// truck; one between two terminals rides the voyages; the plan's haulage cost is the trucks'.
    @Test func theAssignmentCarriesCargoFromTheFactory() throws {
        let network = try DoorToDoorSample.network()
        let fromTheFactory = try Booking(id: "FACTORY", teu: 2, specification: DoorToDoorSample.specification(), revenuePerTEU: 3_000)
        let betweenTerminals = try Booking(
            id: "TERMINALS", teu: 2,
            specification: RouteSpecification(
                origin: "CNCKG", destination: "DEDUI", readyTime: DoorToDoorSample.at(0), arrivalDeadline: DoorToDoorSample.at(60 * 24)),
            revenuePerTEU: 2_500)
        let plan = try CapacityAssignment(network: network).assign([fromTheFactory, betweenTerminals])
        let byId = Dictionary(uniqueKeysWithValues: plan.assignments.map { ($0.booking.id, $0) })
        let factory = try #require(byId["FACTORY"]?.itinerary)
        #expect(factory.legs.first?.voyage.number.rawValue == "TRUCK CNFAC-CNCKG" && factory.legs.first?.isHaul == true)
        #expect(factory.legs.last?.isHaul == true && factory.destination == "DEWHS")
        let trucks = factory.legs.filter(\.isHaul).map { leg in network.haul(from: leg.loadLocation.code, to: leg.unloadLocation.code)?.costPerTEU ?? 0 }
        #expect(byId["FACTORY"]?.haulageCost == 2 * trucks.reduce(0, +))
        #expect(byId["TERMINALS"]?.itinerary?.legs.map(\.voyage.number) == ["YB1", "AE1", "RB1"])
        #expect(byId["TERMINALS"]?.haulageCost == 0)
        #expect(plan.haulageCost == byId["FACTORY"]?.haulageCost)
        #expect(plan.status == .optimal)
    }

}

@Suite struct GLPKProblemTests {
    @Test func solvesASmallIntegerProgram() throws {
        // max 5x + 4y  s.t.  6x + 4y <= 24,  x + 2y <= 6,  x, y integer in [0, 10]: optimum 20 at (4, 0) or (2, 2.5)…
        let problem = GLPKProblem(direction: .maximize)
        problem.addRows(upperBounds: [24, 6])
        problem.addColumn(objective: 5, upper: 10, isInteger: true, entries: [(0, 6), (1, 1)])
        problem.addColumn(objective: 4, upper: 10, isInteger: true, entries: [(0, 4), (1, 2)])
        #expect(try problem.solveLP(timeLimit: .seconds(5)) == .optimal)
        #expect(abs(problem.lpObjective - 21) < 1e-9)
        #expect(abs(problem.rowDual(0) - 0.75) < 1e-9 && abs(problem.rowDual(1) - 0.5) < 1e-9)
        let result = try problem.solveMIP(GLPKProblem.MIPOptions(timeLimit: .seconds(5), relativeGap: 0))
        #expect(result == GLPKProblem.MIPResult(status: .optimal, objective: 20))
    }

    @Test func takesAnIncumbentWithoutPresolving() throws {
        let problem = GLPKProblem(direction: .maximize)
        problem.addRows(upperBounds: [24, 6])
        problem.addColumn(objective: 5, upper: 10, isInteger: true, entries: [(0, 6), (1, 1)])
        problem.addColumn(objective: 4, upper: 10, isInteger: true, entries: [(0, 4), (1, 2)])
        let result = try problem.solveMIP(
            GLPKProblem.MIPOptions(
                timeLimit: .seconds(5), relativeGap: 0, presolve: false, incumbent: [2, 2]))
        #expect(result == GLPKProblem.MIPResult(status: .optimal, objective: 20))
    }

    @Test func reportsAnInfeasibleModel() throws {
        let problem = GLPKProblem(direction: .maximize)
        problem.addRows(upperBounds: [0])
        problem.addColumn(objective: 1, lower: 1, upper: 2, isInteger: true, entries: [(0, 1)])
        #expect(try problem.solveLP(timeLimit: .seconds(5)) == .infeasible)
        #expect(try problem.solveMIP(GLPKProblem.MIPOptions()).status == .infeasible)
    }

    @Test func refusesAnEmptyModel() {
        #expect(throws: GLPKError.emptyModel) { try GLPKProblem(direction: .minimize).solveLP(timeLimit: .seconds(1)) }
        #expect(throws: GLPKError.emptyModel) { try GLPKProblem(direction: .minimize).solveMIP(GLPKProblem.MIPOptions()) }
    }

    @Test func stopsAtTheTimeLimit() throws {
        // A market split instance (Cornuéjols and Dawande 1999): equalities that branch and bound cannot crack fast.
        var generator = SplitMix64(seed: 7)
        let problem = GLPKProblem(direction: .minimize)
        let rows = 4, columns = 40
        let weights = (0..<rows).map { _ in (0..<columns).map { _ in Double(Int.random(in: 0...99, using: &generator)) } }
        let targets = weights.map { ($0.reduce(0, +) / 2).rounded(.down) }
        problem.addRows(upperBounds: targets + targets.map { -$0 })
        for column in 0..<columns {
            let entries = (0..<rows).flatMap { [(row: $0, value: weights[$0][column]), (row: rows + $0, value: -weights[$0][column])] }
            problem.addColumn(objective: 0, upper: 1, isInteger: true, entries: entries)
        }
        let result = try problem.solveMIP(GLPKProblem.MIPOptions(timeLimit: .milliseconds(200), relativeGap: 0, presolve: false, cuts: false))
        #expect(result.status == .timeLimitNoSolution || result.status == .timeLimit || result.status == .infeasible)
    }

    @Test func freesEveryProblem() throws {
        weak var freed: GLPKProblem?
        do {
            let problem = GLPKProblem(direction: .maximize)
            problem.addRows(upperBounds: [1])
            problem.addColumn(objective: 1, upper: 1, entries: [(0, 1)])
            _ = try problem.solveLP(timeLimit: .seconds(1))
            freed = problem
            #expect(freed != nil)
        }
        #expect(freed == nil)  // deinit ran, and it calls glp_delete_prob
    }
}
