import RoutePlannerApplication
import RoutePlannerPictures

/// What a cargo's screen shows: where it is, its route, the options it may take, and the forms that change it,
/// each with its own problems.
struct CargoViewModel {
    let tracking: CargoTrackingView
    /// The options last found, each with the value that assigns it.
    let options: [(option: ItineraryViewModel, candidate: String)]
    /// The picture of its progress along its route.
    let timeline: Picture?
    /// The event form's input before anything is sent: the next expected activity, which is what a planner
    /// registers most often.
    let expected: FormData
    /// What the last change did.
    let notice: String?
    /// The form a change was sent from, with its input and its problems, or its failure in words.
    let submitted: Submission?
    let onFindOptions: DeskAction
    let onAssign: DeskAction
    let onRegisterEvent: DeskAction
    let onChangeDestination: DeskAction
    let onReroute: DeskAction
    /// Where the booking's cancellation is sent; `nil` once the cargo is loaded or the booking cancelled, when there is
    /// nothing to cancel.
    let onCancel: DeskAction?

    /// A change sent from one of the screen's forms that was not made: the form, its input, and why.
    struct Submission {
        /// The form's name: `options`, `event`, `destination`, `reroute` or `cancel`.
        let form: String
        let values: FormData
        let state: DeskState<String>
    }

    /// Whether its route no longer serves it (misdirected, misrouted, disrupted), so that its one search for options is
    /// a re-route from where it is.
    var needsRerouting: Bool {
        [.misdirected, .misrouted, .disrupted].contains(tracking.cargo.delivery.status)
    }

    /// The status the page is answered with: the submitted form's problems' (422), its failure's by kind, else 200.
    var status: Int {
        switch submitted?.state {
        case .validationFailure?: 422
        case .failure(let failure)?: DeskResponse.statusCode(of: failure.kind)
        default: 200
        }
    }

    /// Whether the booking is cancelled: a record, to which nothing more happens.
    var isCancelled: Bool { tracking.cargo.cancellationTime != nil }

    /// The problems of the form named, if it was the one sent.
    func submitted(_ form: String) -> (values: FormData, errors: [String: String], failure: String?) {
        guard let submitted, submitted.form == form else { return (FormData(), [:], nil) }
        let failure: String? = if case .failure(let failure) = submitted.state { failure.message } else { nil }
        return (submitted.values, submitted.state.fieldErrors, failure)
    }
}
