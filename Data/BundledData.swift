import Foundation
import RoutePlanner
import RoutePlannerFormats

/// The data shipped with route-planner, derived by `Tools/derive_data.py` (see Data/README.md).
///
/// - ``worldSmall()``: a 26-week timetable of LINER-LIB's WorldSmall network, 46 ports, from 2026-01-05
///   (``firstWeek``; a weekly network, so it can be laid out from any week);
/// - ``worldSmallBookings(for:)``: 3,402 bookings from the instance's weekly demand;
/// - ``worldSmallInland()``: the same timetable with barges, trains and trucks beyond Shanghai and Rotterdam, derived
///   by `Tools/derive_inland.py`;
/// - ``unlocodeDirectory()``: the UN/LOCODE code list, release 2023-1.
public enum BundledData {
    /// The Monday (00:00 UTC) the bundled schedule's first week starts as its files hold it: 2026-01-05.
    ///
    /// LINER-LIB's network is weekly, so the 26 weeks can be laid out from any week: move the schedule and the
    /// bookings by ``weeks(toWeekOf:)`` (`ScheduleNetwork.moved(byWeeks:)`, `Booking.moved(byWeeks:)`).
    public static let firstWeek = Date(timeIntervalSince1970: 1_767_571_200)

    /// The whole weeks from ``firstWeek`` to the week (Monday to Sunday, UTC) that holds `date`.
    public static func weeks(toWeekOf date: Date) -> Int {
        Int((date.timeIntervalSince(firstWeek) / week).rounded(.down))
    }

    /// The Monday (00:00 UTC) `weeks` weeks after ``firstWeek``.
    public static func monday(weeksAfterFirst weeks: Int) -> Date { firstWeek + TimeInterval(weeks) * week }

    private static let week: TimeInterval = 7 * 86_400

    /// The folder with `locations.csv`, `schedule.csv` and `bookings.csv` of the WorldSmall network.
    public static var worldSmallDirectory: URL {
        Bundle.module.url(forResource: "linerlib-worldsmall", withExtension: nil)!
    }

    /// The folder with `locations.csv`, `schedule.csv` and `haulage.csv` of the WorldSmall network with its inland
    /// places: a Yangtze barge feeder from Chongqing to Shanghai, Rhine barges and trains from Rotterdam to Duisburg and
    /// Basel, and trucks between them and factories and warehouses, weekly over the same 26 weeks.
    public static var worldSmallInlandDirectory: URL {
        Bundle.module.url(forResource: "linerlib-worldsmall-inland", withExtension: nil)!
    }

    /// The WorldSmall network with its inland places, services and hauls, imported from its CSV files.
    public static func worldSmallInland() throws -> ScheduleNetwork {
        let directory = worldSmallInlandDirectory
        let network = try CSVImporter().importSchedule(
            locations: directory.appendingPathComponent("locations.csv"), schedule: directory.appendingPathComponent("schedule.csv")
        ).value.network
        return try network.withHaulage(
            CSVImporter().importHaulage(contentsOf: directory.appendingPathComponent("haulage.csv"), locations: network.locations).value)
    }

    /// The WorldSmall network, imported from its CSV files.
    public static func worldSmall() throws(ImportError) -> ImportedSchedule {
        try CSVImporter().importSchedule(
            locations: worldSmallDirectory.appendingPathComponent("locations.csv"),
            schedule: worldSmallDirectory.appendingPathComponent("schedule.csv")
        ).value
    }

    /// The sample bookings on the WorldSmall network.
    public static func worldSmallBookings(for network: ScheduleNetwork) throws -> [Booking] {
        let file = try CSVFile(contentsOf: worldSmallDirectory.appendingPathComponent("bookings.csv"))
        return try CSVImporter().importBookings(file, network: network).value
    }

    /// Reads schedules of either format, naming the ports of a DCSA schedule from the bundled UN/LOCODE list.
    public static let scheduleImporter = ScheduleImporter(reference: { try? unlocodeDirectory() })

    /// The UN/LOCODE code list, release 2023-1.
    public static func unlocodeDirectory() throws -> UnLocodeDirectory {
        let url = Bundle.module.url(forResource: "unlocode", withExtension: nil)!.appendingPathComponent("unlocode-2023-1.csv")
        return try UnLocodeDirectory(CSVFile(contentsOf: url), release: "2023-1")
    }
}
