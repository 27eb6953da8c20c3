import BundledData
import Foundation
import RoutePlannerApplication
import RoutePlannerBcrypt
import RoutePlannerFormats

extension RoutePlannerComposition {
    /// The application over the bundled LINER-LIB WorldSmall schedule and its sample bookings, as the command
    /// line wires it without `--schedule`.
    public static func bundledWorldSmall() -> RoutePlannerComposition {
        let directory = BundledData.worldSmallDirectory
        return RoutePlannerComposition(
            passwords: BcryptPasswordHasher(), locations: directory.appendingPathComponent("locations.csv"),
            schedule: directory.appendingPathComponent("schedule.csv"),
            bookings: directory.appendingPathComponent("bookings.csv"), importer: BundledData.scheduleImporter)
    }
}
