import Foundation
import RoutePlanner
import RoutePlannerApplication
import RoutePlannerFormats
import RoutePlannerPictures

/// What an assignment run came to, as the desk keeps it in the store (``AssignmentRunRecord/result``): the report's
/// lines, the plan's files and its heat map; or why there is no plan. Written once, when the run ends, so that its
/// screen and downloads open on any server over the store, and after a restart.
struct AssignmentRunResult: Codable, Hashable {
    var totals: [String] = []
    var busiestLegs: [String] = []
    var bookings: [String] = []
    /// Why the run has no plan, in words.
    var failure: String?
    /// The plan as `assign --format csv` and `--format json` write it.
    var planCSV: String?
    var planJSON: String?
    /// The load on the busiest voyages, as an inline SVG picture.
    var heatMap: String?
    /// The routes the plan would write to the store's cargo on confirmation; `nil` for a plan that writes nothing (one
    /// for an uploaded file, or one that carries no booking).
    var proposal: AssignmentProposal?
    /// What the confirmation wrote: its summary, then each route not written with why; `nil` until confirmed.
    var written: [String]?

    /// The result of a run that ended with a state, its response, and the schedule it assigned on; `proposes` when its
    /// plan is for the store's cargo, to be written on confirmation.
    init(_ state: DeskState<AssignmentReportView>, response: AssignRoutesResponse?, network: ScheduleNetwork, proposes: Bool) {
        switch state {
        case .success(let report):
            (totals, busiestLegs, bookings) = (report.totals, report.busiestLegs, report.bookings)
        case .failure(let failure): self.failure = failure.message
        case .validationFailure(let fields): failure = fields.values.sorted().joined(separator: " ")
        case .idle, .loading: failure = "The run ended without a plan."
        }
        if let response {
            planCSV = AssignmentDocument.csv(response.plan)
            planJSON = AssignmentDocument.json(response.plan, notAssigned: response.leftOut, notStored: response.changedMeanwhile)
            heatMap = AssignmentPictures.heatMap(response.plan, network: network).inlineSVG
            if proposes, case let proposal = response.proposal, !proposal.routes.isEmpty { self.proposal = proposal }
        }
    }

    /// The result of a run that stopped before its end, saying why.
    init(stopped reason: String) {
        failure = reason
    }

    /// What the run came to in a line, for the list of runs: what it assigned (`source`), then what it carried and
    /// its revenue, or why it has no plan.
    func summary(of source: String) -> String {
        let stage = proposal == nil ? "" : written == nil ? " (a preview, not written yet)" : ""
        return source + stage + ": " + (failure ?? totals.prefix(2).joined(separator: "; ")) + (written?.first.map { "; " + $0 } ?? "")
    }

    /// The result as the store keeps it: a JSON document.
    var text: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        // Strings and arrays of strings always encode.
        return String(decoding: (try? encoder.encode(self)) ?? Data("{}".utf8), as: UTF8.self)
    }

    /// The result a store keeps; `nil` for text that is not one (a later version's).
    init?(text: String) {
        guard let result = try? JSONDecoder().decode(Self.self, from: Data(text.utf8)) else { return nil }
        self = result
    }
}
