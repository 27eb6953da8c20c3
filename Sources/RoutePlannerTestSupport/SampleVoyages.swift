import Foundation
import RoutePlanner

/// A small Asia–Europe schedule on real ports, in the spirit of the DDD sample's voyages.
///
/// - `AE1-0100W`: Hong Kong → Shanghai → Singapore → Rotterdam → Hamburg, sailing 2026-03-02.
/// - `AE1-0200W`: the same loop a week later.
/// - `NF-0310N`: Rotterdam → Göteborg → Stockholm, a feeder sailing 2026-04-01.
/// - `NF-0320N`: the same feeder a week later.
/// - `BF-0410E`: Hamburg → Stockholm → Helsinki, a Baltic feeder sailing 2026-04-03.
/// - `TP-0500E`: Hong Kong → Tokyo → New York, a trans-Pacific voyage.
public enum SampleVoyages {
    /// Midnight UTC on the given day of 2026.
    public static func day(_ month: Int, _ day: Int, hour: Int = 0) -> Date {
        var components = DateComponents()
        (components.year, components.month, components.day, components.hour) = (2026, month, day, hour)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar.date(from: components)!
    }

    /// A voyage calling at `calls` with the given (arrival, departure) times; the first call has only a
    /// departure and the last only an arrival.
    public static func voyage(
        _ number: VoyageNumber, capacity: Int = 8_000, _ calls: [(Location, arrival: Date?, departure: Date?)]
    ) -> Voyage {
        let movements = zip(calls, calls.dropFirst()).map { from, to in
            CarrierMovement(
                from: from.0.code, to: to.0.code, departure: from.departure!, arrival: to.arrival!, capacity: capacity)
        }
        return Voyage(number: number, movements: movements)
    }

    public static let asiaEurope1 = voyage(
        "AE1-0100W",
        [
            (SampleLocations.hongKong, nil, day(3, 2)),
            (SampleLocations.shanghai, day(3, 4), day(3, 5)),
            (SampleLocations.singapore, day(3, 10), day(3, 11)),
            (SampleLocations.rotterdam, day(3, 30), day(3, 31)),
            (SampleLocations.hamburg, day(4, 1), nil),
        ])
    public static let asiaEurope2 = voyage(
        "AE1-0200W",
        [
            (SampleLocations.hongKong, nil, day(3, 9)),
            (SampleLocations.shanghai, day(3, 11), day(3, 12)),
            (SampleLocations.singapore, day(3, 17), day(3, 18)),
            (SampleLocations.rotterdam, day(4, 6), day(4, 7)),
            (SampleLocations.hamburg, day(4, 8), nil),
        ])
    public static let northFeeder1 = voyage(
        "NF-0310N", capacity: 1_200,
        [
            (SampleLocations.rotterdam, nil, day(4, 1)),
            (SampleLocations.gothenburg, day(4, 3), day(4, 3, hour: 18)),
            (SampleLocations.stockholm, day(4, 5), nil),
        ])
    public static let northFeeder2 = voyage(
        "NF-0320N", capacity: 1_200,
        [
            (SampleLocations.rotterdam, nil, day(4, 8)),
            (SampleLocations.gothenburg, day(4, 10), day(4, 10, hour: 18)),
            (SampleLocations.stockholm, day(4, 12), nil),
        ])
    public static let balticFeeder = voyage(
        "BF-0410E", capacity: 900,
        [
            (SampleLocations.hamburg, nil, day(4, 3)),
            (SampleLocations.stockholm, day(4, 6), day(4, 7)),
            (SampleLocations.helsinki, day(4, 8), nil),
        ])
    public static let transPacific = voyage(
        "TP-0500E",
        [
            (SampleLocations.hongKong, nil, day(3, 3)),
            (SampleLocations.tokyo, day(3, 7), day(3, 8)),
            (SampleLocations.newYork, day(4, 2), nil),
        ])

    /// Every sample voyage.
    public static let all = [asiaEurope1, asiaEurope2, northFeeder1, northFeeder2, balticFeeder, transPacific]

    /// The network of every sample location and voyage.
    public static func network() -> ScheduleNetwork {
        try! ScheduleNetwork(locations: SampleLocations.all, voyages: all)
    }
}
