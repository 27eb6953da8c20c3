import Foundation
import RoutePlanner
@testable import RoutePlannerApplication
import RoutePlannerTestSupport
import Testing

/// An assignment's preview and its confirmation: nothing written until confirmed, then each route written only where
/// it still holds, and every other named with why.
@Suite struct ConfirmAssignmentTests {
    static func confirm(_ proposal: AssignmentProposal, in cargo: InMemoryCargoRepository) async throws -> ConfirmAssignmentResponse {
        let request = try ConfirmAssignmentRequest.create(ConfirmAssignmentForm(proposal: proposal)).get()
        return try await ConfirmAssignmentInteractor(cargo: cargo, voyages: Sample.schedule).execute(request).get()
    }

    @Test func aPreviewWritesNothingAndItsConfirmationWritesThePlan() async throws {
        let cargo = InMemoryCargoRepository([try Sample.cargo("OPEN-A", teu: 100, routed: false), try Sample.cargo("OPEN-B", teu: 100, routed: false)])
        let assign = AssignRoutesInteractor(cargo: cargo, voyages: Sample.schedule, solver: AssignRoutesUseCaseTests.FakeSolver())
        let preview = try await assign.execute(try AssignRoutesRequest.create(AssignRoutesForm(timeLimit: "5", gap: "0", writes: false)).get()).get()
        #expect(preview.written == nil && preview.changedMeanwhile.isEmpty)
        #expect(try await cargo.allCargo().allSatisfy { $0.itinerary == nil })
        #expect(preview.proposal.routes.map(\.trackingId) == ["OPEN-A", "OPEN-B"])
        #expect(AssignRoutesPresenter().content(for: preview).totals.last == "Preview: nothing is written; 2 routes to write")
        // A front end keeps the proposal as JSON, and reads it back the same.
        let kept = try JSONDecoder().decode(AssignmentProposal.self, from: try JSONEncoder().encode(preview.proposal))
        #expect(kept == preview.proposal)

        let written = try await Self.confirm(kept, in: cargo)
        #expect(written.written.map(\.trackingId) == ["OPEN-A", "OPEN-B"] && written.notWritten.isEmpty)
        for id: TrackingId in ["OPEN-A", "OPEN-B"] {
            #expect(try await cargo.cargo(id)?.itinerary?.legKeys == Sample.fastest.legKeys)
        }
        #expect(ConfirmAssignmentPresenter().content(for: written) == AssignmentConfirmationView(summary: "Written: 2 of 2 routes.", notWritten: []))
        // Confirmed again, it writes nothing: the cargo are routed.
        let again = try await Self.confirm(kept, in: cargo)
        #expect(again.written.isEmpty && again.notWritten.map(\.reason) == [.routedOrHandled, .routedOrHandled])
    }

    @Test func everyRouteNotWrittenIsNamedWithWhy() async throws {
        var cancelled = try Sample.cargo("CANCELLED", routed: false)
        try cancelled.cancel(at: SampleVoyages.day(2, 1))
        var respecified = try Sample.cargo("ELSEWHERE", routed: false)
        respecified.specifyNewRoute(
            try RouteSpecification(origin: "HKHKG", destination: "DEHAM", readyTime: SampleVoyages.day(3, 1), arrivalDeadline: SampleVoyages.day(4, 7)))
        let cargo = InMemoryCargoRepository([
            // 1,000 TEU on the feeder NF-0310N (1,200 TEU) leave 200 for the plan.
            try Sample.cargo("ABOARD", teu: 1_000),
            cancelled,
            try Sample.cargo("HANDLED", routed: false, events: [Sample.receive]),
            respecified,
            try Sample.cargo("FIRST", teu: 150, routed: false),
            try Sample.cargo("SECOND", teu: 100, routed: false),
            try Sample.cargo("MOVED", routed: false),
        ])
        let fastest = { (id: String) in AssignmentProposal.Route(trackingId: id, itinerary: Sample.fastest) }
        var moved = fastest("MOVED")
        moved = AssignmentProposal.Route(
            trackingId: "MOVED",
            legs: [
                AssignmentProposal.Leg(
                    voyage: "AE1-0100W", from: "HKHKG", departure: moved.legs[0].departure + 3600, to: "NLRTM", arrival: moved.legs[0].arrival)
            ]
                + moved.legs.dropFirst())
        let proposal = AssignmentProposal(routes: [
            fastest("NOBODY"), fastest("CANCELLED"), fastest("HANDLED"), fastest("ELSEWHERE"), fastest("FIRST"), fastest("SECOND"), moved,
        ])
        let response = try await Self.confirm(proposal, in: cargo)
        // The first of the two open cargo takes the room left; the second finds none.
        #expect(response.written.map(\.trackingId) == ["FIRST"])
        let reasons = Dictionary(uniqueKeysWithValues: response.notWritten.map { ($0.trackingId.rawValue, $0.reason) })
        #expect(reasons["NOBODY"] == .notFound && reasons["CANCELLED"] == .cancelled && reasons["HANDLED"] == .routedOrHandled)
        #expect(reasons["MOVED"] == .scheduleChanged)
        #expect(reasons["SECOND"] == .noRoom(["NF-0310N NLRTM→SESTO"]))
        guard case .noLongerFits(let problems)? = reasons["ELSEWHERE"] else { Issue.record("\(response)"); return }
        #expect(!problems.isEmpty)
        // In the proposal's order, each with why.
        let view = ConfirmAssignmentPresenter().content(for: response)
        #expect(view.summary == "Written: 1 of 7 routes; 6 not written, each with why below.")
        #expect(view.notWritten.first == "NOBODY  not written: no cargo has this tracking id")
        #expect(
            view.notWritten.contains(
                "SECOND  not written: no room left for it on NF-0310N NLRTM→SESTO under the cargo routed"))
        for id: TrackingId in ["SECOND", "MOVED", "HANDLED", "ELSEWHERE"] { #expect(try await cargo.cargo(id)?.itinerary == nil) }
    }

    @Test func aProposalIsValidatedWhole() {
        #expect(
            ConfirmAssignmentRequest.create(ConfirmAssignmentForm(proposal: AssignmentProposal(routes: [])))
                == .failure(ValidationError(fields: [.routes: "The assignment proposes no routes to write."])))
        let bad = AssignmentProposal(routes: [
            AssignmentProposal.Route(trackingId: "A\u{7}B", itinerary: Sample.fastest), AssignmentProposal.Route(trackingId: "NOLEGS", legs: []),
        ])
        #expect(
            ConfirmAssignmentRequest.create(ConfirmAssignmentForm(proposal: bad))
                == .failure(
                    ValidationError(fields: [
                        .routes: "These routes are not a tracking id with legs of a voyage between two UN/LOCODEs: \"A\u{7}B\", \"NOLEGS\"."
                    ])))
    }
}
