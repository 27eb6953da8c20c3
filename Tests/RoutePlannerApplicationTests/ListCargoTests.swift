import RoutePlanner
@testable import RoutePlannerApplication
import Testing

@Suite struct ListCargoTests {
    @Test(arguments: [("", nil), ("on-track", "on track"), (" Misdirected ", "misdirected"), ("not routed", "not routed"), ("CLAIMED", "claimed")])
    func theRequestReadsTheStatus(_ text: String, _ status: String?) throws {
        #expect(try ListCargoRequest.create(ListCargoForm(status: text)).get().status == status)
    }

    @Test func theRequestRefusesAnUnknownStatus() {
        #expect(ListCargoRequest.create(ListCargoForm(status: "lost")) == .failure(ValidationError(fields: [
            "status": "Enter one of not-routed, on-track, misdirected, misrouted, claimed, or nothing for all.",
        ])))
    }

    static func summaries() throws -> [CargoSummary] {
        [
            CargoSummary(try Sample.cargo("A-ROUTED", events: [Sample.receive])),
            CargoSummary(try Sample.cargo("B-OPEN", routed: false)),
            CargoSummary(try Sample.cargo("C-LOST", events: [Sample.receive, Sample.loadInHongKong, Sample.unloadInHamburg])),
        ]
    }

    @Test func thePresenterShowsEveryCargoOrThoseWithTheStatus() throws {
        let all = ListCargoPresenter().content(for: ListCargoResponse(cargo: try Self.summaries(), status: nil))
        #expect(all.map(\.trackingId) == ["A-ROUTED", "B-OPEN", "C-LOST"])
        #expect(all.map(\.status) == ["on track", "not routed", "misdirected"])
        let misdirected = ListCargoPresenter().content(for: ListCargoResponse(cargo: try Self.summaries(), status: "misdirected"))
        #expect(misdirected.map(\.trackingId) == ["C-LOST"])
        #expect(ListCargoPresenter().content(for: ListCargoResponse(cargo: try Self.summaries(), status: "claimed")).isEmpty)
    }

    @Test func theInteractorListsInTrackingIdOrder() async throws {
        let repository = InMemoryCargoRepository([try Sample.cargo("B"), try Sample.cargo("C", routed: false), try Sample.cargo("A")])
        let response = try await ListCargoInteractor(cargo: repository).execute(try ListCargoRequest.create(ListCargoForm(status: "on-track")).get()).get()
        #expect(response.cargo.map(\.trackingId) == ["A", "B", "C"])
        #expect(response.status == "on track")
        let empty = try await ListCargoInteractor(cargo: InMemoryCargoRepository()).execute(ListCargoRequest(status: nil)).get()
        #expect(empty.cargo.isEmpty)
    }
}
