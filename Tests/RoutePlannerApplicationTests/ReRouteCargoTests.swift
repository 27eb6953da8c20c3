import Foundation
import RoutePlanner
@testable import RoutePlannerApplication
import RoutePlannerTestSupport
import Testing

@Suite struct ReRouteCargoTests {
    @Test func theRequestReadsTheForm() {
        #expect(ReRouteCargoRequest.create(ReRouteCargoForm(limit: "0")) == .failure(ValidationError(fields: [.limit: "Enter a whole number from 1 to 50."])))
        #expect(
            ReRouteCargoRequest.create(ReRouteCargoForm())
                == .success(ReRouteCargoRequest(trackingId: nil, limit: 5, avoidedVoyages: [])))
        #expect(
            ReRouteCargoRequest.create(ReRouteCargoForm(trackingId: " ABC123 ", limit: "2", avoidVoyages: ["NF-0310N", ""]))
                == .success(ReRouteCargoRequest(trackingId: "ABC123", limit: 2, avoidedVoyages: ["NF-0310N"])))
    }

    @Test func thePresenterWritesEachCargoWithItsOptionsOrItsProblem() throws {
        let lost = try Sample.cargo("LOST", events: [Sample.receive, Sample.loadInHongKong, Sample.unloadInHamburg])
        let fromHamburg = try RouteSpecification(
            origin: "DEHAM", destination: "SESTO", readyTime: SampleVoyages.day(4, 2, hour: 12), arrivalDeadline: SampleVoyages.day(4, 15))
        let onward = try Sample.network.earliestArrival(for: fromHamburg)
        let response = ReRouteCargoResponse(entries: [
            .init(cargo: CargoSummary(lost), reason: .misdirected(Sample.unloadInHamburg), specification: fromHamburg, options: .success([onward])),
            .init(cargo: CargoSummary(try Sample.cargo("OK")), reason: nil, specification: nil, options: .failure(.invalidOperation("Nothing to do."))),
        ])
        let views = ReRouteCargoPresenter().content(for: response)
        #expect(views.map(\.id) == ["LOST", "OK"])
        #expect(views[0].reason == "misdirected: unload at DEHAM on AE1-0100W")
        #expect(views[0].from == "from DEHAM, ready Thu 2 Apr 2026, 12:00 UTC")
        #expect(views[0].options == [PlannerFormat().itinerary(fromHamburg, onward)])
        #expect(views[0].options.first?.route == "DEHAM → SESTO")
        #expect(views[0].problem == nil)
        #expect(views[0].cargo.status == "misdirected")
        #expect(views[1].reason == "on track")
        #expect(views[1].from == nil)
        #expect(views[1].options.isEmpty)
        #expect(views[1].problem == "Nothing to do.")
    }

    static func interactor(_ cargo: [Cargo], network: ScheduleNetwork = Sample.network) -> (ReRouteCargoInteractor, InMemoryCargoRepository) {
        let repository = InMemoryCargoRepository(cargo)
        return (ReRouteCargoInteractor(cargo: repository, voyages: InMemoryScheduleRepository(network: network)), repository)
    }

    @Test func theInteractorFindsEveryCargoThatNeedsIt() async throws {
        let (interactor, repository) = Self.interactor([
            try Sample.cargo("A-ON-TRACK", events: [Sample.receive]),
            try Sample.cargo("B-OPEN", routed: false),
            try Sample.cargo("C-LOST", events: [Sample.receive, Sample.loadInHongKong, Sample.unloadInHamburg]),
            try Sample.cargo(
                "D-CLAIMED",
                events: [
                    Sample.receive, Sample.loadInHongKong, Sample.unloadInRotterdam,
                    Sample.event(.load, "NLRTM", "NF-0310N", SampleVoyages.day(4, 1)),
                    Sample.event(.unload, "SESTO", "NF-0310N", SampleVoyages.day(4, 5)), Sample.claim,
                ]),
        ])
        let response = try await interactor.execute(ReRouteCargoRequest(trackingId: nil, limit: 5, avoidedVoyages: [])).get()
        #expect(response.entries.map(\.cargo.trackingId) == ["B-OPEN", "C-LOST"])
        #expect(response.entries.map(\.reason) == [.notRouted, .misdirected(Sample.unloadInHamburg)])
        #expect(response.entries[0].specification == Sample.specification)
        #expect(try response.entries[0].options.get().count == 2)
        #expect(response.entries[1].specification?.origin == "DEHAM")
        #expect(try response.entries[1].options.get().map(\.voyageNumbers) == [["BF-0410E"]])
        // The options are the offers; the cargo itself does not change.
        #expect(try await repository.offer(for: "C-LOST")?.itineraries == response.entries[1].options.get())
        #expect(try await repository.offer(for: "A-ON-TRACK") == nil)
        #expect(try await repository.cargo("C-LOST")?.itinerary == Sample.fastest)
    }

    /// A store in which someone assigns a cargo a route while its options are searched.
    actor RoutedMeanwhile: ForwardingCargoRepository {
        let base: InMemoryCargoRepository
        nonisolated var forwarded: any CargoRepository { base }
        let trackingId: TrackingId

        init(_ base: InMemoryCargoRepository, routing trackingId: TrackingId) {
            self.base = base
            self.trackingId = trackingId
        }

        func save(_ offer: RouteOffer, ifUnchangedSince read: Cargo) async throws {
            if offer.trackingId == trackingId, var routed = try await base.cargo(trackingId) {
                try routed.assign(to: Sample.fastest)
                try await base.save(routed)
            }
            try await base.save(offer, ifUnchangedSince: read)
        }
    }

    /// A cargo routed while its options were searched keeps no options: in a list it is named and the others get
    /// theirs; alone, the search is a conflict.
    @Test func aCargoRoutedWhileItsOptionsAreSearchedKeepsNone() async throws {
        let base = InMemoryCargoRepository([try Sample.cargo("B-OPEN", routed: false), try Sample.cargo("C-OPEN", routed: false)])
        let repository = RoutedMeanwhile(base, routing: "B-OPEN")
        let interactor = ReRouteCargoInteractor(cargo: repository, voyages: InMemoryScheduleRepository(network: Sample.network))
        let response = try await interactor.execute(ReRouteCargoRequest(trackingId: nil, limit: 5, avoidedVoyages: [])).get()
        #expect(response.entries.map(\.cargo.trackingId) == ["B-OPEN", "C-OPEN"])
        #expect(response.entries[0].options == .failure(.changedMeanwhile("B-OPEN")))
        #expect(try await base.offer(for: "B-OPEN") == nil)
        #expect(try await base.cargo("B-OPEN")?.itinerary == Sample.fastest)
        #expect(try await base.offer(for: "C-OPEN")?.itineraries == response.entries[1].options.get())
        let alone = ReRouteCargoInteractor(
            cargo: RoutedMeanwhile(base, routing: "C-OPEN"), voyages: InMemoryScheduleRepository(network: Sample.network))
        #expect(await alone.execute(ReRouteCargoRequest(trackingId: "C-OPEN", limit: 5, avoidedVoyages: [])) == .failure(.changedMeanwhile("C-OPEN")))
    }

    @Test func theInteractorFindsTheCargoWhoseLegNoLongerSails() async throws {
        // The first week's feeder is cancelled: the cargo on it is re-routed on the next week's, avoiding nothing else.
        let network = try ScheduleNetwork(locations: SampleLocations.all, voyages: SampleVoyages.all.filter { $0.number != "NF-0310N" })
        let (interactor, _) = Self.interactor([try Sample.cargo(events: [Sample.receive])], network: network)
        let response = try await interactor.execute(ReRouteCargoRequest(trackingId: nil, limit: 5, avoidedVoyages: [])).get()
        #expect(response.entries.map(\.reason) == [.disrupted(index: 1, leg: Sample.fastest.legs[1])])
        #expect(ReRouteCargoPresenter().content(for: response).map(\.reason) == ["leg 2, NF-0310N NLRTM → SESTO, no longer sails as planned"])
        #expect(try response.entries[0].options.get().first?.voyageNumbers == ["AE1-0100W", "BF-0410E"])
    }

    /// A what-if question (which cargo loses its route?) lists the cargo whose itinerary the change disrupts, and
    /// counts the cargo not routed instead of listing them with their options.
    @Test func aWhatIfQuestionCountsTheCargoNotRoutedInsteadOfListingThem() async throws {
        let network = try ScheduleNetwork(locations: SampleLocations.all, voyages: SampleVoyages.all.filter { $0.number != "NF-0310N" })
        let (interactor, _) = Self.interactor(
            [try Sample.cargo(events: [Sample.receive]), try Sample.cargo("B-OPEN", routed: false), try Sample.cargo("C-OPEN", routed: false)],
            network: network)
        let form = ReRouteCargoForm(includesNotRouted: false)
        let response = try await interactor.execute(try ReRouteCargoRequest.create(form).get()).get()
        #expect(response.entries.map(\.cargo.trackingId) == ["ABC123"])
        #expect(response.notRoutedLeftOut == 2)
        let every = try await interactor.execute(try ReRouteCargoRequest.create(ReRouteCargoForm()).get()).get()
        #expect(every.entries.map(\.cargo.trackingId) == ["ABC123", "B-OPEN", "C-OPEN"] && every.notRoutedLeftOut == 0)
    }

    @Test func theInteractorAnswersForOneCargoEvenOnTrack() async throws {
        let claimed = try Sample.cargo("CLAIMED", events: [Sample.receive, Sample.claim])
        let (interactor, _) = Self.interactor([try Sample.cargo(events: [Sample.receive]), claimed])
        let onTrack = try await interactor.execute(ReRouteCargoRequest(trackingId: "ABC123", limit: 1, avoidedVoyages: ["NF-0310N"])).get()
        #expect(onTrack.entries.count == 1)
        #expect(onTrack.entries[0].reason == nil)
        #expect(try onTrack.entries[0].options.get().map(\.voyageNumbers) == [["AE1-0100W", "BF-0410E"]])
        let over = try await interactor.execute(ReRouteCargoRequest(trackingId: "CLAIMED", limit: 5, avoidedVoyages: [])).get()
        #expect(over.entries[0].reason == .claimed)
        #expect(over.entries[0].options == .failure(.cargo(.closed("CLAIMED", claim: Sample.claim))))
        // Asked for every cargo, a claimed one is not named at all.
        let all = try await interactor.execute(ReRouteCargoRequest(trackingId: nil, limit: 1, avoidedVoyages: [])).get()
        #expect(!all.entries.map(\.cargo.trackingId).contains("CLAIMED"))
        #expect(await interactor.execute(ReRouteCargoRequest(trackingId: "NOBODY", limit: 5, avoidedVoyages: [])) == .failure(.cargo(.notFound("NOBODY"))))
    }
}
