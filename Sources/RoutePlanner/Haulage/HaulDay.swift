import Foundation

/// A day on which a haul with a capacity a day (``Haulage/capacityPerDay``) leaves: the assignment keeps the TEU its
/// trucks take that day within the capacity.
///
/// The day is the calendar day at the place the haul leaves, in that place's time zone (UTC without one), on which the
/// truck leaves. When a haul leaves follows from its itinerary (Guides/Routing.md, "Hauls: door to door"), so each
/// itinerary's hauls take room on one day each.
public struct HaulDay: Hashable, Comparable, Sendable {
    /// The haul's position in its network's ``ScheduleNetwork/haulage``.
    public let haul: Int
    /// The day, counted from 1 January 1970 at the haul's place.
    public let day: Int

    public init(haul: Int, day: Int) {
        self.haul = haul
        self.day = day
    }

    /// The day's date at the haul's place, such as `2026-03-02`.
    public var date: String { DateText.day(Date(timeIntervalSince1970: Double(day) * 86_400)) }

    public static func < (lhs: HaulDay, rhs: HaulDay) -> Bool { (lhs.haul, lhs.day) < (rhs.haul, rhs.day) }
}

extension ScheduleNetwork {
    /// The days of the hauls with a capacity a day that an itinerary's trucks leave on, in the order of its legs; a
    /// haul the network no longer has takes none.
    public func haulDays(of itinerary: Itinerary) -> [HaulDay] {
        itinerary.legs.compactMap(haulDay(of:))
    }

    /// The day a haul's leg leaves on, where the network has its haul with a capacity a day; else `nil`.
    public func haulDay(of leg: Leg) -> HaulDay? {
        guard leg.isHaul, let h = haulIndex(from: leg.loadLocation.code, to: leg.unloadLocation.code) else { return nil }
        return details.hauls.day(h, leaving: leg.loadTime.seconds)
    }

    /// Whether a haul of the network has a capacity a day.
    public var limitsHaulDays: Bool { !details.hauls.capacityPerDay.isEmpty }

    /// Whether a search for booked cargo counts the room other cargo takes: the voyages' capacities are known, or a
    /// haul has a capacity a day.
    public var countsRoom: Bool { capacitiesAreKnown || limitsHaulDays }

    /// The TEU a haul's day has room for: its capacity a day less what cargo already routed takes that day
    /// (``reducingCapacity(byBookings:)``), never below zero.
    public func room(on day: HaulDay) -> Int {
        let capacity = haulage[day.haul].capacityPerDay ?? .max
        return capacity - min(capacity, takenOnHaulDays[day] ?? 0)
    }

    /// The first instant of a haul's day at the place it leaves.
    public func start(of day: HaulDay) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = location(haulage[day.haul].from)?.timeZone ?? TimeZone(identifier: "UTC")!
        // The day's noon is within it whatever the offset; a calendar knows when the day began on a change of clocks.
        let guess = Date(seconds: Int64(day.day) * 86_400 + 43_200 - Int64(calendar.timeZone.secondsFromGMT(for: Date(seconds: Int64(day.day) * 86_400))))
        return calendar.startOfDay(for: guess)
    }
}
