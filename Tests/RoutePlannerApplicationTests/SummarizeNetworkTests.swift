import Foundation
import RoutePlanner
import RoutePlannerApplication
import RoutePlannerBcrypt
import RoutePlannerFormats
import RoutePlannerTestSupport
import Testing

@Suite struct SummarizeNetworkTests {
    /// The summary's figures, counted again from the voyages themselves.
    @Test func theSummaryCountsWhatTheVoyagesHold() async throws {
        let app = RoutePlannerComposition.bundledWorldSmall()
        let network = try await app.voyages.network()
        guard case .success(let described) = await app.summarizeNetwork(SummarizeNetworkForm()) else { Issue.record("no summary"); return }
        let summary = described.response.summary
        let movements = network.voyages.flatMap(\.movements)
        #expect(summary.ports == network.locations.count && summary.voyages == network.voyages.count && summary.movements == movements.count)
        #expect(
            summary.sailingSpan?.lowerBound == movements.map(\.departureTime).min() && summary.sailingSpan?.upperBound == movements.map(\.arrivalTime).max())
        let limited = movements.map(\.capacity).filter { $0 < Int(Int32.max) }
        #expect(summary.capacities == limited.min().map { $0...limited.max()! } && summary.unlimitedMovements == movements.count - limited.count)
        var departures: [UnLocode: Int] = [:]
        for movement in movements { departures[movement.departureLocation, default: 0] += 1 }
        let busiest = departures.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.prefix(NetworkSummary.busiestPortCount)
        #expect(summary.busiestPorts.map(\.location.code) == busiest.map(\.key) && summary.busiestPorts.map(\.departures) == busiest.map(\.value))
        #expect(described.lines.first == "Ports:      \(summary.ports)" && described.lines.count == 6)
    }

    /// An empty schedule has no dates, no capacities and no busiest port, and says so.
    @Test func anEmptyScheduleIsSummarisedAsEmpty() async throws {
        let empty = InMemoryScheduleRepository(network: try ScheduleNetwork(locations: [], voyages: []))
        let app = RoutePlannerComposition(
            files: CSVPlannerFileReader(), passwords: BcryptPasswordHasher(), locations: empty, voyages: empty, cargo: InMemoryCargoRepository())
        guard case .success(let described) = await app.summarizeNetwork(SummarizeNetworkForm()) else { Issue.record("no summary"); return }
        #expect(described.lines == ["Ports:      0", "Voyages:    0", "Movements:  0", "Dates:      - to -", "Capacity:   unlimited", "Busiest:    "])
    }
}
