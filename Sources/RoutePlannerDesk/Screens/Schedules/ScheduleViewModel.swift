import RoutePlanner
import RoutePlannerApplication

/// What a port's or a voyage's schedule screen shows: its calls, each a row; or why there is none.
struct ScheduleViewModel {
    var title: String
    /// What the calls are, the table's caption: "12 calls from 2026-03-02 to 2026-03-29, local times."
    var summary: String
    /// Each call: the voyage (with its link), the port (with its link), arrival, departure and cut-offs; for a port's
    /// schedule (``showsVoyagesCalls``), also the vessel, and the voyage's port before and after (with their links).
    var calls: [Call]
    /// Whether the rows show the vessel and the ports before and after: a port's schedule, whose calls are all at one
    /// port.
    var showsVoyagesCalls = false
    /// The form that moves a port schedule's days, with its input and problems; `nil` for a voyage's.
    var window: Window?
    /// The voyage the vessel goes on as, with its link.
    var continuation: (text: String, route: DeskRoute)?
    /// Why the schedule cannot be shown, with the page's status; `nil` when it is.
    var failure: (message: String, status: Int)?

    struct Call {
        let voyage: String
        let onVoyage: DeskRoute
        let vessel: String
        let port: String
        let onPort: DeskRoute
        /// The voyage's port before and after, each with its link; `nil` at its first or last.
        let previous: (name: String, route: DeskRoute)?
        let next: (name: String, route: DeskRoute)?
        let arrival: String
        let departure: String
        let cutOffs: String
    }

    /// The first day's form of a port schedule.
    struct Window {
        let target: DeskRoute
        let values: FormData
        let errors: [String: String]
    }

    /// The status the page is answered with.
    var status: Int { failure?.status ?? (window?.errors.isEmpty == false ? 422 : 200) }
}

extension ScheduleViewModel.Call {
    /// A call as a schedule's row shows it, with links to its voyage and its port.
    init(_ call: PortCall, format: PlannerFormat) {
        func port(_ location: Location) -> (name: String, route: DeskRoute) {
            ("\(location.name) (\(location.code))", .portSchedule(location.code, FormData()))
        }
        self.init(
            voyage: call.voyage.number.description, onVoyage: .vesselSchedule(call.voyage.number), vessel: call.voyage.vessel ?? "—",
            port: "\(call.location.name) (\(call.location.code))", onPort: .portSchedule(call.location.code, FormData()),
            previous: call.previous.map(port), next: call.next.map(port),
            arrival: call.arrival.map { format.dateTime($0, utcOffset: call.arrivalUTCOffset) } ?? "—",
            departure: call.departure.map { format.dateTime($0, utcOffset: call.departureUTCOffset) } ?? "—",
            cutOffs: format.cutOffs(call))
    }
}
