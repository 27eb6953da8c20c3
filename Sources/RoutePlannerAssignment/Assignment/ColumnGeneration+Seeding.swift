import Foundation
import RoutePlanner

extension ColumnGeneration {
    /// Adds each group's first itineraries: its earliest arrival until
    /// ``AssignmentBudget/earliestArrivalSeedingEnd``, then those of later starts until
    /// ``AssignmentBudget/laterStartSeedingEnd``; groups left when the time is out are searched by pricing,
    /// or reported as not searched.
    func seed() {
        for index in master.groups.indices {
            guard ContinuousClock.now < budget.earliestArrivalSeedingEnd, !Task.isCancelled else {
                master.groups[index].isUnsearched = true
                continue
            }
            addInitialColumns(group: index, starts: 0..<1)
        }
        for index in master.groups.indices where !master.groups[index].isUnsearched && !master.groups[index].isUnreachable {
            guard ContinuousClock.now < budget.laterStartSeedingEnd, !Task.isCancelled else { break }
            addInitialColumns(group: index, starts: 1..<max(1, options.initialCandidates))
        }
    }

    /// Seeds a group seeding had no time for, as seeding would have: its earliest arrival, or why it has none.
    func seedLate(group index: MasterProblem.GroupID) {
        master.groups[index].isUnsearched = false
        addInitialColumns(group: index, starts: 0..<1)
    }

    /// The earliest arrivals from the ready time and from later starts (3.5, 7, 14, 21 … days on), as
    /// assign_mip.py seeds its candidates; pricing adds whatever else pays.
    private func addInitialColumns(group index: MasterProblem.GroupID, starts: Range<Int>) {
        let specification = master.groups[index].specification
        let offsets = [0, 3.5, 7, 14] + (4..<max(4, options.initialCandidates)).map { Double($0 - 1) * 7 }
        var found = false
        for offset in offsets[starts.clamped(to: 0..<min(offsets.count, options.initialCandidates))] {
            let ready = specification.readyTime + offset * 86_400
            guard ready < specification.arrivalDeadline,
                  let later = try? specification.replacing(readyTime: ready),
                  let itinerary = try? router.earliestArrival(for: later)
            else { break }
            found = true
            master.addColumn(group: index, itinerary)
        }
        guard starts.lowerBound == 0 else { return }
        if !found { master.groups[index].isUnreachable = true }
        if master.groups[index].columns.isEmpty && found {
            // Every candidate rides a movement too small for the booking: look past them.
            var costs = [Double](repeating: 0, count: master.network.movementCount)
            for small in master.tooSmall(for: master.groups[index].demand) { costs[small.rawValue] = .infinity }
            if let (itinerary, cost) = try? router.cheapestItinerary(for: specification, costs: costs), cost.isFinite {
                master.addColumn(group: index, itinerary)
            }
        }
    }
}
