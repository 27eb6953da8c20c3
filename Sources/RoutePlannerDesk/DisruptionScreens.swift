import Foundation
import RoutePlanner
import RoutePlannerApplication
import RoutePlannerFormats
import RoutePlannerPictures

extension Desk {
    /// `/disruptions`: the cargo the schedule as it now sails disrupts (of one standing, with `standing`), each with its
    /// options to choose from; with `compare`, one cargo's route and options on the time line and the map; with
    /// `preview`, what accepting the options chosen would change, and its confirmation; the
    /// carriers' last events and voyages published again; and the form that applies a file of them. After a batch, what
    /// it did (from the counts its address carries); after a batch that was not applied, why; after a confirmation,
    /// what it changed.
    func disruptions(
        query: FormData, form: FormData = FormData(), problems: FormProblems = FormProblems(), accepted: DeskState<AcceptOptionsView>? = nil
    ) async -> DeskResponse {
        let app = composition()
        let state = logged(await app.listDisruptions(ListDisruptionsForm(standing: query["standing"])).named)
        var accept = accepted
        // The list's form sends `compare` from the button that draws a cargo, which previews nothing.
        if accept == nil, query.isTicked("preview"), !query.contains(DisruptionsPresenter.compare) {
            accept = logged(await app.acceptOptions(AcceptOptionsForm(choices: DisruptionsPresenter.choices(query))).named)
        }
        let model = DisruptionsPresenter().present(
            state, accept: accept, query: query, values: form, problems: problems,
            locations: query.contains(DisruptionsPresenter.compare) ? network().locations : [])
        let status = [problems.status, state.problems.status, accept?.problems.status ?? 200].first { $0 != 200 } ?? 200
        return .page(DisruptionsScreenView(model: model).page(), status: status)
    }

    /// `POST /disruptions`: applies a file of events, then shows the disruptions with what the batch did.
    func applyEvents(_ form: FormData, file: (name: String, bytes: [UInt8])?) async -> DeskResponse {
        typealias Field = ApplyCarrierEventsForm.Field
        guard let file, !file.bytes.isEmpty else {
            return await disruptions(query: FormData(), form: form, problems: FormProblems(errors: [Field.events.name: "Choose a file of events."]))
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
                response.disrupted.count, response.publishedVoyages ?? 0, response.republished.count, response.disruptedBeforeBatch,
            ]
            return .redirect(to: .disruptions(FormData(zip(DisruptionsPresenter.appliedCounts, counts).map { ($0, String($1)) })))
        case (let state, _): return await disruptions(query: FormData(), form: form, problems: state.problems)
        }
    }

    /// `POST /disruptions/accept`: assigns the disrupted cargo chosen the options a preview showed, then shows the
    /// disruptions with each cargo changed and each left as it was.
    func acceptOptions(_ form: FormData) async -> DeskResponse {
        let state = logged(await composition().acceptOptions(AcceptOptionsForm(choices: form.all("choice"), confirm: true)).named)
        return await disruptions(query: FormData(), accepted: state)
    }
}
