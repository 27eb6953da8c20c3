import BundledData
import Foundation
import RoutePlanner
import Testing

/// A weekly timetable laid out from another week: every sailing and booking moves by whole weeks, and every
/// answer moves with them.
@Suite struct WeeklyLayoutTests {
    static let network = try! BundledData.worldSmall().network
    static let week: TimeInterval = 7 * 86_400

    @Test func everySailingMovesByWholeWeeksAndKeepsItsVoyage() throws {
        let moved = try Self.network.moved(byWeeks: 46)
        #expect(moved.voyages.map(\.number) == Self.network.voyages.map(\.number))
        #expect(moved.voyages.map(\.continuation) == Self.network.voyages.map(\.continuation))
        for (before, after) in zip(Self.network.voyages.flatMap(\.movements), moved.voyages.flatMap(\.movements)) {
            #expect(after.departureTime == before.departureTime + 46 * Self.week && after.arrivalTime == before.arrivalTime + 46 * Self.week)
            #expect(after.cutOffTimes.map(\.time) == before.cutOffTimes.map { $0.time + 46 * Self.week })
        }
        #expect(try Self.network.moved(byWeeks: 0).voyages == Self.network.voyages)
    }

    @Test func theRoutesMoveWithTheTimetable() throws {
        let moved = try Self.network.moved(byWeeks: -3)
        let booking = try #require(try BundledData.worldSmallBookings(for: Self.network).first)
        let later = try booking.moved(byWeeks: -3)
        #expect(later.specification.readyTime == booking.specification.readyTime - 3 * Self.week)
        #expect(later.specification.arrivalDeadline == booking.specification.arrivalDeadline - 3 * Self.week)
        #expect(later.id == booking.id && later.teu == booking.teu && later.revenuePerTEU == booking.revenuePerTEU)
        let before = try Self.network.candidates(for: booking.specification, limit: 3)
        let after = try moved.candidates(for: later.specification, limit: 3)
        #expect(after.map(\.departureTime) == before.map { $0.departureTime - 3 * Self.week })
        #expect(after.map { $0.legs.map(\.voyage.number) } == before.map { $0.legs.map(\.voyage.number) })
    }

    @Test(arguments: [
        ("2026-01-05T00:00:00Z", 0), ("2026-01-11T23:59:59Z", 0), ("2026-01-12T00:00:00Z", 1), ("2026-01-04T23:59:59Z", -1),
        ("2026-11-26T12:00:00Z", 46),
    ])
    func theWeekOfADateCountsFromTheFirstMonday(_ text: String, _ weeks: Int) throws {
        let date = try #require(ISO8601DateFormatter().date(from: text))
        #expect(BundledData.weeks(toWeekOf: date) == weeks)
    }
}
