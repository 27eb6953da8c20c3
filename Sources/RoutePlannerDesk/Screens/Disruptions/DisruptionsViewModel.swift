import RoutePlannerApplication
import RoutePlannerPictures

/// What the disruptions screen shows: what the last batch of events did; the cargo the schedule as it now sails
/// disrupts, each with what disrupts it, its ETA, delay, standing and options to choose from; what accepting the
/// options chosen would change, or changed; one cargo's route beside its options on the time line and the map, when
/// asked for; the carriers' last events and voyages published again; and the form that
/// applies a file of them.
struct DisruptionsViewModel {
    /// "316 events: 312 applied to the schedule; …", after a batch.
    let applied: String?
    /// "12 cargo disrupted; 3 of them late."
    let summary: String?
    /// The lists by standing, each marked when it is the one shown.
    let filters: [Link]
    /// The links that choose every late, or every at-risk, cargo's best option.
    let quickChoices: [Link]
    /// Each disrupted cargo listed, with its options to choose from.
    let cargo: [Cargo]
    /// The standing listed, kept when options are chosen.
    let standing: String
    /// Why the options chosen could not be previewed: each problem by the desk's field name.
    let chooseErrors: [String: String]
    /// What accepting the options chosen would change, or changed.
    let accept: Accept?
    /// The cargo whose route and options are drawn, when one is asked for.
    let compared: Compared?
    /// The last events and publications, with how many there are in all; `nil` when the list cannot be shown.
    let events: (shown: [String], total: Int)?
    let publications: (shown: [String], total: Int)?
    /// Why the list cannot be shown.
    let listFailure: String?
    /// The form's input, and why a batch sent was not applied.
    let values: FormData
    let problems: FormProblems

    struct Link {
        let label: String
        let route: DeskRoute
        let isCurrent: Bool
    }

    struct Cargo {
        let trackingId: String
        let onCargo: DeskRoute
        /// Whether it has a route and options to draw beside it.
        let canCompare: Bool
        /// "for ACME", or nothing.
        let customer: String
        let route: String
        let disruption: String
        let plannedArrival: String
        let estimatedArrival: String
        /// "2 days later than planned", or "none".
        let delay: String
        /// "late: 2 days after its deadline".
        let standing: String
        /// Its itinerary as planned: "CNSHA → SGSIN → NLRTM, USD 350.00 per TEU, 1,230 kg CO2e per TEU".
        let current: String
        /// Its options, the value a choice sends for each ("1", "2", …) and how it reads.
        let options: [(value: String, label: String)]
        /// The option chosen for it: blank to leave it as it is.
        let chosen: String
    }

    /// A cargo's route beside its options, on the time line and the map; or why they cannot be drawn.
    struct Compared {
        let trackingId: String
        let onCargo: DeskRoute?
        /// The pictures with their captions; none when the cargo is not listed or has no options.
        let figures: [(picture: Picture, caption: String)]
        let note: String?
    }

    /// What accepting options would change (a preview, with the choices to confirm), or changed.
    struct Accept {
        let heading: String
        let summary: String
        /// Each cargo chosen: the cargo, the option, what changes and its standing after, or why it is left as it is.
        let rows: [[String]]
        /// The choices to confirm, as the confirmation sends them; `nil` after the change, or when nothing would change.
        let confirm: [String]?
        let failure: String?
    }
}
