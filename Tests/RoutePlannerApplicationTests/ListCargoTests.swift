import RoutePlanner
@testable import RoutePlannerApplication
import RoutePlannerTestSupport
import Testing

@Suite struct ListCargoTests {
    @Test(
        arguments: [("", nil), ("on-track", .onTrack), (" Misdirected ", .misdirected), ("not routed", .notRouted), ("CLAIMED", .claimed)]
            as [(String, Delivery.Status?)])
    func theRequestReadsTheStatus(_ text: String, _ status: Delivery.Status?) throws {
        #expect(try ListCargoRequest.create(ListCargoForm(status: text)).get().status == status)
    }

    @Test func theRequestRefusesAnUnknownStatus() {
        #expect(
            ListCargoRequest.create(ListCargoForm(status: "lost"))
                == .failure(
                    ValidationError(fields: [
                        .status: "Enter one of on-track, misdirected, not-routed, misrouted, disrupted, claimed, or nothing for all."
                    ])))
    }

    /// Every field's problem at once, each located.
    @Test func theRequestRefusesEveryWrongFilterAtOnce() {
        let form = ListCargoForm(
            search: "RP\n1", status: "lost", standing: "doomed", due: "0", sort: "weight", page: "x")
        #expect(
            ListCargoRequest.create(form)
                == .failure(
                    ValidationError(fields: [
                        .search: "Enter at most 100 characters on one line: part of a tracking id, a booking reference, a voyage or a port.",
                        .status: "Enter one of on-track, misdirected, not-routed, misrouted, disrupted, claimed, or nothing for all.",
                        .standing: "Enter one of late, at-risk, fine, or nothing for all.",
                        .due: "Enter a number of days from 1 to 366, or nothing for all.",
                        .sort: "Enter one of tracking-id, deadline, slack, eta.",
                        .page: "Enter a page from 1 to 1000000, or nothing for all.",
                    ])))
        let request = try? ListCargoRequest.create(ListCargoForm(search: " NLRTM ", standing: "At-Risk", due: "7", sort: "SLACK")).get()
        #expect(request?.search == "nlrtm" && request?.standing == .atRisk && request?.dueWithinDays == 7 && request?.order == .slack)
    }

    static func summaries() throws -> [CargoSummary] {
        [
            CargoSummary(try Sample.cargo("A-ROUTED", events: [Sample.receive])),
            CargoSummary(try Sample.cargo("B-OPEN", routed: false)),
            CargoSummary(try Sample.cargo("C-LOST", events: [Sample.receive, Sample.loadInHongKong, Sample.unloadInHamburg])),
        ]
    }

    @Test func thePresenterShowsEveryCargoItIsGiven() throws {
        let all = ListCargoPresenter().content(for: ListCargoResponse(cargo: try Self.summaries(), status: nil, asOf: SampleVoyages.day(3, 1)))
        #expect(all.map(\.trackingId) == ["A-ROUTED", "B-OPEN", "C-LOST"])
        #expect(all.map(\.status) == ["on track", "not routed", "misdirected"])
    }

    /// A page is the slice of the whole list it names, with or without a status, for every page of a list of
    /// 1,000 cargo whose statuses vary along it (every seventh routed and received, every third not routed).
    @Test func aPageIsTheSliceOfTheWholeListItNames() async throws {
        let cargo = try (0..<1_000).map { number in
            try Sample.cargo(
                TrackingId(stringLiteral: String(format: "C%05d", number)), routed: number % 3 != 0, events: number % 7 == 0 ? [Sample.receive] : [])
        }
        let interactor = ListCargoInteractor(cargo: InMemoryCargoRepository(cargo))
        for status in [nil, .onTrack, .notRouted, .claimed] as [Delivery.Status?] {
            let all = try await interactor.execute(ListCargoRequest(status: status)).get().cargo.map(\.trackingId)
            for page in 1...(all.count / ListCargoRequest.pageSize + 2) {
                let response = try await interactor.execute(ListCargoRequest(status: status, page: page)).get()
                let first = (page - 1) * ListCargoRequest.pageSize
                let expected = Array(all.dropFirst(first).prefix(ListCargoRequest.pageSize))
                #expect(response.cargo.map(\.trackingId) == expected, "\(String(describing: status)) page \(page)")
                #expect(response.hasMore == (first + ListCargoRequest.pageSize < all.count), "\(String(describing: status)) page \(page)")
                #expect(response.total == nil || response.total == all.count, "\(String(describing: status)) page \(page)")
            }
        }
        #expect(
            ListCargoRequest.create(ListCargoForm(page: "0"))
                == .failure(ValidationError(fields: [.page: "Enter a page from 1 to 1000000, or nothing for all."])))
        #expect(try ListCargoRequest.create(ListCargoForm(page: " 3 ")).get().page == 3)
    }

    @Test func theInteractorGivesOnlyTheCargoWithTheStatus() async throws {
        let repository = InMemoryCargoRepository(
            try Self.summaries().map { summary in
                try Sample.cargo(summary.trackingId, routed: summary.itinerary != nil, events: summary.handlingEvents)
            })
        let interactor = ListCargoInteractor(cargo: repository)
        #expect(try await interactor.execute(ListCargoRequest(status: .misdirected)).get().cargo.map(\.trackingId) == ["C-LOST"])
        #expect(try await interactor.execute(ListCargoRequest(status: .claimed)).get().cargo.isEmpty)
    }

    @Test func theInteractorListsInTrackingIdOrder() async throws {
        let repository = InMemoryCargoRepository([try Sample.cargo("B"), try Sample.cargo("C", routed: false), try Sample.cargo("A")])
        let response = try await ListCargoInteractor(cargo: repository).execute(try ListCargoRequest.create(ListCargoForm(status: "on-track")).get()).get()
        #expect(response.cargo.map(\.trackingId) == ["A", "B"])
        #expect(response.status == .onTrack)
        let all = try await ListCargoInteractor(cargo: repository).execute(ListCargoRequest(status: nil)).get()
        #expect(all.cargo.map(\.trackingId) == ["A", "B", "C"])
        let empty = try await ListCargoInteractor(cargo: InMemoryCargoRepository()).execute(ListCargoRequest(status: nil)).get()
        #expect(empty.cargo.isEmpty)
    }
}
