import Foundation
import RoutePlanner
import RoutePlannerApplication
import RoutePlannerFormats
import RoutePlannerTestSupport
import Testing

/// Options accepted for disrupted cargo on seeded random schedules, against brute force: a preview writes nothing and
/// says what its confirmation then does; each cargo chosen, in tracking id order, takes the option chosen exactly when
/// that option is among the undominated itineraries of an exhaustive search from where it is, under the room every
/// other cargo takes (those chosen before it on their new routes); and each left as it was says why.
@Suite struct AcceptOptionsOracleTests {
    typealias World = ApplyCarrierEventsOracleTests.World

    /// A seeded world after a batch of random carriers' events: the batch's answer, the repository and the live
    /// schedule it wrote, and the generator to draw the rest from.
    static func afterRandomEvents(
        seed: UInt64
    ) async throws -> (World, ApplyCarrierEventsResponse, InMemoryCargoRepository, LiveScheduleRepository, SplitMix64) {
        var generator = SplitMix64(seed: seed &+ 1 << 50)
        let world = try ApplyCarrierEventsOracleTests.world(seed: seed, using: &generator)
        let (events, repository, live) = ApplyCarrierEventsOracleTests.interactor(world)
        let batch = try await events.execute(
            ApplyCarrierEventsOracleTests.request(BruteForceDisruption.randomEvents(world.schedule.voyages, using: &generator))
        ).get()
        return (world, batch, repository, live, generator)
    }

    /// The index found the cargo disrupted, and the schedule read after it no longer disrupts it (the carriers took
    /// their events back meanwhile): the cargo is left as it was, saying so, and nothing is written.
    @Test func aCargoTheScheduleNoLongerDisruptsIsLeftSayingSo() async throws {
        for seed in UInt64(0)..<200 {
            var (world, batch, repository, live, generator) = try await Self.afterRandomEvents(seed: seed)
            guard let disrupted = batch.disrupted.first?.cargo.trackingId else { continue }
            let before = try #require(try await repository.cargo(disrupted))
            #expect(before.disruption(in: try await live.network()) != nil && before.disruption(in: world.published) == nil)
            let response = try await AcceptOptionsInteractor(
                index: CargoIndex(cargo: repository, voyages: live), principal: .commandLine, cargo: repository,
                voyages: InMemoryScheduleRepository(network: world.published), now: { ApplyCarrierEventsOracleTests.now }
            ).execute(AcceptOptionsRequest.create(AcceptOptionsForm(choices: [disrupted.rawValue], confirm: true)).get()).get()
            #expect(response.entries.map(\.reason) == [.notDisrupted(CargoSummary(before, over: world.published).delivery.status)])
            let after = try await repository.cargo(disrupted)
            #expect(response.entries.first?.change == nil && after == before)
            return
        }
        Issue.record("no seed disrupted a cargo")
    }

    @Test func eachCargoTakesTheOptionChosenWhenBruteForceStillOffersIt() async throws {
        var (taken, gone, notOffered, checked) = (0, 0, 0, 0)
        for seed in UInt64(0)..<600 {
            var (world, batch, repository, live, generator) = try await Self.afterRandomEvents(seed: seed)
            guard !batch.disrupted.isEmpty else { continue }
            let context = Comment(rawValue: "seed \(seed)")
            let network = try await live.network(), updated = try await live.version().schedule.voyages

            // Random choices: the best option, an option by its number (sometimes beyond the offer), another cargo's
            // option by its reference, or a cargo that is not disrupted or does not exist.
            var choices: [String] = []
            for entry in batch.disrupted where Bool.random(using: &generator) {
                let id = entry.cargo.trackingId.rawValue, offered = (try? entry.options.get()) ?? []
                switch Int.random(in: 0..<4, using: &generator) {
                case 0: choices.append(id)
                case 1: choices.append("\(id)=\(Int.random(in: 1...(offered.count + 1), using: &generator))")
                case 2:
                    let others = batch.disrupted.flatMap { (try? $0.options.get()) ?? [] }
                    choices.append(others.randomElement(using: &generator).map { "\(id)=\($0.itinerary.reference)" } ?? id)
                default: choices.append("\(id)=1")
                }
            }
            if let calm = world.cargo.first(where: { cargo in !batch.disrupted.contains { $0.cargo.trackingId == cargo.trackingId } }) {
                choices.append(calm.trackingId.rawValue)
            }
            choices.append("ZZ999")
            guard choices.count > 2 else { continue }
            let before = try await repository.allCargo()
            let offers = try await repository.offers(for: before.map(\.trackingId))

            func accept(confirm: Bool) async throws -> AcceptOptionsResponse {
                try await AcceptOptionsInteractor(
                    index: CargoIndex(cargo: repository, voyages: live), principal: .commandLine, cargo: repository, voyages: live,
                    now: { ApplyCarrierEventsOracleTests.now }
                ).execute(AcceptOptionsRequest.create(AcceptOptionsForm(choices: choices, confirm: confirm)).get()).get()
            }
            let preview = try await accept(confirm: false)
            #expect(try await repository.allCargo() == before, "a preview writes nothing; \(context)")
            let confirmed = try await accept(confirm: true)
            #expect(
                confirmed.entries.map { [$0.trackingId.rawValue, $0.change?.itinerary.reference ?? "-"] }
                    == preview.entries.map { [$0.trackingId.rawValue, $0.change?.itinerary.reference ?? "-"] }, context)
            let after = Dictionary(uniqueKeysWithValues: try await repository.allCargo().map { ($0.trackingId, $0) })
            // A cargo re-routed has spent its options.
            for entry in confirmed.entries where entry.change != nil {
                #expect(try await repository.offer(for: entry.trackingId) == nil, "\(entry.trackingId) keeps its options; \(context)")
            }

            // The same choices by brute force, in tracking id order, each under the room the others take then.
            var current = Dictionary(uniqueKeysWithValues: before.map { ($0.trackingId, $0) })
            for entry in confirmed.entries {
                checked += 1
                guard let cargo = current[entry.trackingId] else {
                    #expect(entry.reason == .notFound, context)
                    continue
                }
                guard let cause = cargo.disruptionCause(in: network) else {
                    #expect(entry.reason == .notDisrupted(CargoSummary(cargo, over: network).delivery.status), context)
                    continue
                }
                let offered = offers[cargo.trackingId]?.itineraries ?? []
                if case .position(let position) = entry.option, position >= offered.count {
                    #expect(entry.reason == (offered.isEmpty ? .noOffer : .notOffered(position: position, count: offered.count)), context)
                    notOffered += 1
                    continue
                }
                guard let specification = try? cargo.specificationFromWhereItIs(in: network) else {
                    #expect(entry.change == nil, context)
                    continue
                }
                let reduced = ApplyCarrierEventsOracleTests.voyages(
                    updated,
                    lessTheRoomOf: current.values.filter { $0.trackingId != cargo.trackingId && $0.delivery.status != .claimed && !$0.isCancelled })
                let front = BruteForceRouter.paretoFront(
                    of: BruteForceRouter(locations: world.schedule.locations, voyages: reduced)
                        .itineraries(for: specification, options: RoutingOptions(space: CargoSpace(teu: cargo.teu))))
                let wanted: BruteForceRouter.Vector? =
                    switch entry.option {
                    case .best: front.first
                    case .position(let position): BruteForceRouter.Vector(offered[position])
                    case .reference(let reference):
                        batch.disrupted.flatMap { (try? $0.options.get()) ?? [] }.first { $0.itinerary.reference == reference }
                            .map { BruteForceRouter.Vector($0.itinerary) }
                    }
                if let wanted, front.contains(wanted) {
                    #expect(entry.change.map { BruteForceRouter.Vector($0.itinerary) } == wanted, context)
                    let now = try #require(after[cargo.trackingId])
                    // Its destination and deadline stay (its booking too, unless its legs behind and the option make no
                    // itinerary of it: `Cargo.take(_:foundFor:in:)`).
                    #expect(now.disruption(in: network) == nil, context)
                    #expect(now.specification.destination == cargo.specification.destination, context)
                    #expect(now.specification.arrivalDeadline == cargo.specification.arrivalDeadline, context)
                    #expect(now.delivery.routingStatus == .routed, context)
                    current[cargo.trackingId] = now
                    taken += 1
                } else {
                    #expect(entry.change == nil && after[cargo.trackingId] == cargo, context)
                    #expect(entry.reason == (front.isEmpty ? entry.reason : .optionGone), "\(cause.disruption); \(context)")
                    if case .noOptions = entry.reason { #expect(front.isEmpty, context) }
                    gone += 1
                }
            }
        }
        #expect(taken > 40 && gone > 30 && notOffered > 30 && checked > 400, "\(taken) taken, \(gone) left, \(notOffered) not offered, \(checked) checked")
    }
}
