/// What a change did, as the screen it goes on to says it: the change names its notice in the address
/// (`/cargo/RP000001?notice=booked`), and the screen shows the words kept here for it, never text from the address.
enum DeskNotice {
    /// The words of each notice, by its name in the address.
    static let words = [
        "booked": "Booked. Find its options to route it.", "booked-routed": "Booked and routed on the option chosen.",
        "booked-late": "Booked, but no sailing meets its deadline: find its options to see the earliest arrival, or change its deadline.",
        "options": "The options are found: assign one to route the cargo.",
        "routed": "The route is assigned.", "event": "The handling event is registered.",
        "destination": "The destination is changed: find options to route it there.",
        "rerouted": "Re-routed: the new options are below.", "registered": "The customer is registered.",
        "cancelled": "The booking is cancelled and its route released; the cargo is no longer listed.",
    ]

    /// The words of the notice an address names; `nil` for none, or a name that is none of the desk's.
    static func text(_ name: String?) -> String? {
        name.flatMap { words[$0] }
    }
}
