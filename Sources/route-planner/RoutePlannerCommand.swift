import ArgumentParser

/// The `route-planner` command: routes, assignments, validation and a summary of the network.
@main
struct RoutePlannerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "route-planner",
        abstract: "Find and assign container routes over voyage schedules.",
        discussion: """
            Without --schedule and --locations every command uses the bundled network: LINER-LIB's WorldSmall \
            services as weekly voyages over 26 weeks from the current week (46 ports, 884 voyages), with 3,402 \
            sample bookings; --first-week or ROUTE_PLANNER_FIRST_WEEK lays them out from another week (2026-01-05: \
            the files' own dates), and --inland adds its inland places, barges, trains and trucks. Dates are ISO 8601: a date (2026-03-02) or a date-time with a zone \
            (2026-03-02T08:00:00Z). Exit status: 0 success, 1 when the request cannot be met (no route, \
            unknown port, errors in a file), 64 for wrong flags.

            The cargo lifecycle keeps its state in a SQLite store (--store, default route-planner.sqlite in the \
            current directory, or $ROUTE_PLANNER_STORE): customer, book, cargo, route ID, assign-route, handle, \
            track, change-destination, reroute, assign --store.
            """,
        version: "0.1.0",
        subcommands: [
            RouteCommand.self, AssignCommand.self, ValidateCommand.self, NetworkCommand.self, ScheduleCommand.self, CustomerCommand.self, BookCommand.self,
            CargoCommand.self, TrackCommand.self, AssignRouteCommand.self, HandleCommand.self, ChangeDestinationCommand.self, CancelCommand.self,
            ReRouteCommand.self, EventsCommand.self, ServeCommand.self, UserCommand.self, TokenCommand.self,
        ]
    )
}
