import Foundation
import RoutePlanner
import RoutePlannerApplication
import RoutePlannerFormats
import RoutePlannerPictures

extension Desk {
    /// `/disruptions`: the cargo the schedule as it now sails disrupts, each with its options to choose from on its
    /// screen; the carriers' last events and voyages published again; and the form that applies a file of them. After a
    /// batch, what it did; after a batch that was not applied, why.
    func disruptions(form: FormData, problems: FormProblems = FormProblems(), applied: FormData = FormData()) async -> DeskResponse {
        let state = logged(await composition().listDisruptions(ListDisruptionsForm()).named)
        let model = DisruptionsPresenter().present(state, applied: applied, values: form, problems: problems)
        return .page(DisruptionsScreenView(model: model).page(), status: problems.status)
    }

    /// `POST /disruptions`: applies a file of events, then shows the disruptions with what the batch did.
    func applyEvents(_ form: FormData, file: (name: String, bytes: [UInt8])?) async -> DeskResponse {
        typealias Field = ApplyCarrierEventsForm.Field
        guard let file, !file.bytes.isEmpty else {
            return await disruptions(form: form, problems: FormProblems(errors: [Field.events.name: "Choose a file of events."]))
        }
        let (state, result) = await composition().applyCarrierEvents.respond(
            ApplyCarrierEventsForm(
                events: CarrierEventsDocument(reading: Data(file.bytes)), source: "\(file.name) at the desk by \(session.principal.name)",
                accept: form.isTicked(Field.accept) ? "best" : ""))
        switch (logged(state.named), result) {
        case (.success, .success(let response)):
            if response.changedSchedule { await scheduleChanged() }
            let counts = [
                response.count, response.applied, response.duplicates, response.handled, response.refused.count, response.setAside.count,
                response.disrupted.count, response.publishedVoyages ?? 0, response.republished.count,
            ]
            return .redirect(to: .disruptions(FormData(zip(DisruptionsPresenter.appliedCounts, counts).map { ($0, String($1)) })))
        case (let state, _): return await disruptions(form: form, problems: state.problems)
        }
    }
}
