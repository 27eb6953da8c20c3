import Foundation

/// The seconds of a week, by which weekly timetables move.
private let secondsPerWeek: TimeInterval = 7 * 86_400

extension ScheduleNetwork {
    /// The network with every sailing a whole number of weeks later (earlier when negative): a weekly timetable
    /// laid out from another week. Departures, arrivals and cut-offs move; voyage numbers, weekdays and times of
    /// day stay.
    ///
    /// - Throws: ``ScheduleNetworkError`` when a moved time is one the network cannot hold (thousands of years
    ///   away).
    public func moved(byWeeks weeks: Int) throws(ScheduleNetworkError) -> ScheduleNetwork {
        guard weeks != 0 else { return self }
        let seconds = TimeInterval(weeks) * secondsPerWeek
        let voyages = voyages.map { voyage in voyage.replacingMovements(voyage.movements.map { $0.moved(by: seconds) }) }
        return try ScheduleNetwork(locations: locations, voyages: voyages, haulage: haulage, capacitiesAreKnown: capacitiesAreKnown)
    }
}

extension Booking {
    /// The booking with its ready time and deadline a whole number of weeks later (earlier when negative), for a
    /// timetable laid out from another week (``ScheduleNetwork/moved(byWeeks:)``).
    public func moved(byWeeks weeks: Int) throws(RouteSpecificationError) -> Booking {
        guard weeks != 0 else { return self }
        let seconds = TimeInterval(weeks) * secondsPerWeek
        let moved = try specification.replacing(
            readyTime: specification.readyTime + seconds, arrivalDeadline: specification.arrivalDeadline + seconds)
        return Booking(valid: id, teu: teu, specification: moved, revenuePerTEU: revenuePerTEU, weight: weight)
    }
}
