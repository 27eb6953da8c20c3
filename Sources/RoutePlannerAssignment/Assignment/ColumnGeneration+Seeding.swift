import Foundation
import RoutePlanner

extension ColumnGeneration {
    /// A group's first itineraries, found before they are added.
    struct InitialItineraries {
        /// The earliest arrivals from the starts searched, in order, up to the first start without one.
        var itineraries: [Itinerary] = []
        /// When each of them rides a movement too small for the booking: its cheapest itinerary past them, if any.
        var pastTooSmall: Itinerary?
    }

    /// Adds each group's first itineraries: its earliest arrival until
    /// ``AssignmentBudget/earliestArrivalSeedingEnd``, then those of later starts until
    /// ``AssignmentBudget/laterStartSeedingEnd``; groups left when the time is out are searched by pricing,
    /// or reported as not searched.
    ///
    /// The searches run on ``pricingWorkers`` threads; the itineraries are added in group order.
    func seed() {
        let groups = Array(master.groups.indices)
        let earliest = initialItineraries(of: groups, starts: 0..<1, until: budget.earliestArrivalSeedingEnd)
        for (index, initial) in zip(groups, earliest) {
            guard let initial else {
                master.groups[index].isUnsearched = true
                continue
            }
            addInitialColumns(group: index, initial, starts: 0..<1)
        }
        let seeded = groups.filter { !master.groups[$0].isUnsearched && !master.groups[$0].isUnreachable }
        let starts = 1..<max(1, options.initialCandidates)
        guard !starts.isEmpty else { return }
        for (index, initial) in zip(seeded, initialItineraries(of: seeded, starts: starts, until: budget.laterStartSeedingEnd)) {
            if let initial { addInitialColumns(group: index, initial, starts: starts) }
        }
    }

    /// Seeds the groups seeding had no time for, as seeding would have (their earliest arrival, or why they have
    /// none), on ``pricingWorkers`` threads until the deadline; returns whether it reached them all.
    func seedLate(until deadline: ContinuousClock.Instant) -> Bool {
        let groups = master.groups.indices.filter { master.groups[$0].isUnsearched }
        let found = initialItineraries(of: groups, starts: 0..<1, until: deadline)
        for (index, initial) in zip(groups, found) {
            guard let initial else { continue }
            master.groups[index].isUnsearched = false
            addInitialColumns(group: index, initial, starts: 0..<1)
        }
        return !found.contains { $0 == nil }
    }

    /// The first itineraries of groups, searched on ``pricingWorkers`` threads until the deadline; `nil` for a
    /// group the time did not reach.
    private func initialItineraries(
        of groups: [MasterProblem.GroupID], starts: Range<Int>, until deadline: ContinuousClock.Instant
    ) -> [InitialItineraries?] {
        var found = [InitialItineraries?](repeating: nil, count: groups.count)
        let routers = [router] + helperRouters
        _ = found.withUnsafeMutableBufferPointer { found in
            // Each worker writes only the entries of its own groups.
            nonisolated(unsafe) let (found, routers, generation) = (found, routers, self)
            return Workers.run(routers.count, over: groups.count, until: deadline) { worker in
                { k in found[k] = generation.initialItineraries(of: groups[k], starts: starts, router: routers[worker]) }
            }
        }
        return found
    }

    /// The earliest arrivals from the ready time and from later starts (3.5, 7, 14, 21 … days on), as
    /// assign_mip.py seeds its candidates; pricing adds whatever else pays. Reads the master problem, changes
    /// nothing.
    private func initialItineraries(of index: MasterProblem.GroupID, starts: Range<Int>, router: Router) -> InitialItineraries {
        let group = master.groups[index]
        let specification = group.specification
        let offsets = [0, 3.5, 7, 14] + (4..<max(4, options.initialCandidates)).map { Double($0 - 1) * 7 }
        var initial = InitialItineraries()
        for offset in offsets[starts.clamped(to: 0..<min(offsets.count, options.initialCandidates))] {
            let ready = specification.readyTime + offset * 86_400
            guard ready < specification.arrivalDeadline,
                let later = try? specification.replacing(readyTime: ready),
                let itinerary = try? router.earliestArrival(for: later)
            else { break }
            initial.itineraries.append(itinerary)
        }
        let fits = { (itinerary: Itinerary) in self.master.canCarry(group.demand, on: itinerary) }
        if starts.lowerBound == 0 && !initial.itineraries.isEmpty && !initial.itineraries.contains(where: fits) {
            // Every candidate rides a movement (or a haul's day) too small for the booking: look past them.
            var costs = [Double](repeating: 0, count: master.network.movementCount)
            for small in master.tooSmall(for: group.demand) { costs[small.rawValue] = .infinity }
            let closed = { (day: HaulDay) in self.master.admits(group.demand, on: day) ? 0 : Double.infinity }
            if let (itinerary, cost) = try? router.cheapestItinerary(for: specification, costs: costs, haulDayCosts: closed), cost.isFinite {
                initial.pastTooSmall = itinerary
            }
        }
        return initial
    }

    /// Adds a group's first itineraries; from the ready time, a group without one is unreachable.
    private func addInitialColumns(group index: MasterProblem.GroupID, _ initial: InitialItineraries, starts: Range<Int>) {
        for itinerary in initial.itineraries { master.addColumn(group: index, itinerary) }
        guard starts.lowerBound == 0 else { return }
        if initial.itineraries.isEmpty { master.groups[index].isUnreachable = true }
        if master.groups[index].columns.isEmpty, let itinerary = initial.pastTooSmall { master.addColumn(group: index, itinerary) }
    }
}
