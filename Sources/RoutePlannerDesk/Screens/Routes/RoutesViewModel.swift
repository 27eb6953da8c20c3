import RoutePlanner
import RoutePlannerApplication
import RoutePlannerPictures

/// What the routes screen shows: the search form, and once it is filled, the options (with the what-if's
/// comparison against the plain schedule when one is asked).
struct RoutesViewModel {
    /// The form's input, as sent.
    let query: FormData
    /// What the search came to.
    let state: DeskState<[ItineraryViewModel]>
    /// The options without the what-if, when one is asked; and what it changed.
    let baseline: DeskState<[ItineraryViewModel]>?
    let changes: [String]
    /// With a what-if, the plain schedule's options it no longer finds, and its options the plain schedule did not.
    let gone: Set<Itinerary>
    let new: Set<Itinerary>
    /// The pictures of the options: their time line and their map.
    let pictures: [(Picture, String)]
    /// Where "Book" leads: the booking form filled with the search.
    let onBook: DeskRoute
    /// The ports, for the form's suggestions.
    let ports: [DeskForm.Suggestion]
    /// The status the page is answered with: 503 for a search stopped at its budget, 422 for the form's problems.
    let status: Int

    /// Where an option's "Book" leads: the booking form filled with the search and the option, which books the cargo
    /// and routes it on the option in one step.
    func onBook(_ option: ItineraryViewModel) -> DeskRoute {
        guard case .book(var query) = onBook else { return onBook }
        query.append(BookCargoForm.Field.option, option.itinerary.reference)
        return .book(query)
    }
}
