import RoutePlanner
import RoutePlannerApplication

/// The schedule of a command that reads none, such as those that keep a store's users and tokens: reading it is an
/// error that says so, where an empty network would quietly have no port.
struct NoSchedule: LocationRepository, VoyageRepository {
    /// Why the schedule is not read.
    struct Unread: Error, CustomStringConvertible {
        var description: String { "this command reads no schedule" }
    }

    func locations() async throws -> [Location] { throw Unread() }
    func network() async throws -> ScheduleNetwork { throw Unread() }
}
