import Foundation
import RoutePlanner
import RoutePlannerTestSupport
import Testing

/// The live schedule (carriers' call times over the published schedule) and what it disrupts, by hand and against
/// a brute-force re-check on thousands of seeded random schedules, itineraries and events.
@Suite struct LiveScheduleTests {
    static let base = Date(timeIntervalSince1970: 1_767_225_600)
    static let codes = ["XXAAA", "XXBBB", "XXCCC", "XXDDD"]
    static let locations = codes.map { Location(code: UnLocode($0)!, name: $0, transshipmentTime: .seconds(3600)) }

    static func hours(_ hours: Double) -> Date { base + hours * 3600 }

    /// X sails A → B → C and goes on as Y, C → D; B has a transshipment cut-off.
    static func published() throws -> ScheduleNetwork {
        func movement(_ from: Int, _ to: Int, _ departure: Double, _ arrival: Double, cutOffs: [CutOffTime] = []) -> CarrierMovement {
            CarrierMovement(
                from: locations[from].code, to: locations[to].code, departure: hours(departure), arrival: hours(arrival), capacity: 10,
                cutOffTimes: cutOffs)
        }
        let x = Voyage(
            number: "X", movements: [movement(0, 1, 0, 10), movement(1, 2, 14, 30, cutOffs: [CutOffTime(.transshipment, hours(12))])],
            continuation: "Y")
        let y = Voyage(number: "Y", movements: [movement(2, 3, 32, 50)])
        return try ScheduleNetwork(locations: locations, voyages: [x, y])
    }

    static func event(
        _ id: String, _ kind: VesselCallEvent.Kind, _ voyage: VoyageNumber, _ port: String, at time: Double,
        _ classifier: VesselCallEvent.Classifier = .estimated, created: Double = 0, sequence: Int? = nil
    ) -> VesselCallEvent {
        VesselCallEvent(
            id: id, created: hours(created), kind: kind, classifier: classifier, time: hours(time),
            call: CallReference(voyage: voyage, port: UnLocode(port)!, sequence: sequence))
    }

    static func times(_ schedule: LiveSchedule, _ number: VoyageNumber) -> [Double] {
        schedule.voyages.first { $0.number == number }!.movements.flatMap {
            [$0.departureTime.timeIntervalSince(base) / 3600, $0.arrivalTime.timeIntervalSince(base) / 3600]
        }
    }

    @Test func aLateArrivalMakesTheVesselAsLateAtEveryLaterCallThroughTheVoyageItGoesOnAs() throws {
        var live = LiveSchedule(published: try Self.published())
        #expect(live.apply([Self.event("e1", .arrival, "X", "XXBBB", at: 34)]) == [.applied])
        #expect(Self.times(live, "X") == [0, 34, 38, 54])
        #expect(Self.times(live, "Y") == [56, 74])
        // The departure's cut-off moved with it.
        #expect(live.voyages[0].movements[1].cutOffTimes == [CutOffTime(.transshipment, Self.hours(36))])
        let network = live.network()
        #expect(network.voyage("Y")?.movements.first?.departureTime == Self.hours(56))
    }

    @Test func anActualOutranksAnEstimateAndANewerEstimateAnOlderOneInAnyOrder() throws {
        let events = [
            Self.event("old", .arrival, "X", "XXBBB", at: 20, created: 1),
            Self.event("new", .arrival, "X", "XXBBB", at: 12, created: 2),
            Self.event("act", .arrival, "X", "XXBBB", at: 11, .actual, created: 0),
            Self.event("pln", .arrival, "X", "XXBBB", at: 40, .planned, created: 9),
        ]
        for order in [events, events.reversed(), [events[2], events[0], events[3], events[1]]] {
            var live = LiveSchedule(published: try Self.published())
            live.apply(order)
            #expect(Self.times(live, "X") == [0, 11, 15, 31], "\(order.map(\.id))")
            #expect(live.events.map(\.id) == ["act"])
        }
        var live = LiveSchedule(published: try Self.published())
        #expect(live.apply([events[1], events[0], events[1]]) == [.applied, .outranked, .duplicate])
    }

    /// An event read back from a store edited by hand, with a time or a call number no reader lets through, is refused,
    /// not a trap: the schedule is built again from the store's events at every start.
    @Test func anEventBeyondAnyReadersLimitsIsRefused() throws {
        var live = LiveSchedule(published: try Self.published())
        let far = VesselCallEvent(
            id: "far", created: Self.hours(0), kind: .arrival, classifier: .estimated, time: Date(timeIntervalSince1970: 1e300),
            call: CallReference(voyage: "X", port: "XXBBB"))
        let numbered = Self.event("numbered", .arrival, "X", "XXBBB", at: 34, sequence: Int.min)
        let outcomes = live.apply([far, numbered])
        #expect(outcomes.allSatisfy { if case .refused = $0 { true } else { false } }, "\(outcomes)")
    }

    /// Of the events about one time given together, the one that gives it is applied and the others outranked, in any order.
    @Test func ofEventsGivenTogetherOnlyTheOneThatGivesTheTimeIsApplied() throws {
        let planned = Self.event("pln", .arrival, "X", "XXBBB", at: 40, .planned)
        let estimated = Self.event("est", .arrival, "X", "XXBBB", at: 20, created: 1)
        let actual = Self.event("act", .arrival, "X", "XXBBB", at: 11, .actual, created: 2)
        var live = LiveSchedule(published: try Self.published())
        #expect(live.apply([planned, estimated, actual]) == [.outranked, .outranked, .applied])
        var reversed = LiveSchedule(published: try Self.published())
        #expect(reversed.apply([actual, estimated, planned]) == [.applied, .outranked, .outranked])
    }

    @Test func anEarlyOrPunctualEventCarriesNoDelayAndTimesStayInOrder() throws {
        var live = LiveSchedule(published: try Self.published())
        live.apply([Self.event("early", .arrival, "X", "XXBBB", at: 8)])
        #expect(Self.times(live, "X") == [0, 8, 14, 30])
        // A departure estimated before the arrival it follows leaves with the arrival; an arrival estimated before
        // its departure comes a minute after it.
        live.apply([Self.event("late", .arrival, "X", "XXCCC", at: 20, created: 1), Self.event("dep", .departure, "X", "XXBBB", at: 25)])
        let minute = 1.0 / 60
        #expect(Self.times(live, "X") == [0, 8, 25, 25 + minute])
        #expect(Self.times(live, "Y") == [32, 50])
    }

    @Test func anEventThatDoesNotFitThePublishedScheduleIsRefused() throws {
        let twice = try ScheduleNetwork(
            locations: Self.locations,
            voyages: [
                Voyage(
                    number: "R",
                    movements: [
                        CarrierMovement(from: "XXAAA", to: "XXBBB", departure: Self.hours(0), arrival: Self.hours(5), capacity: 1),
                        CarrierMovement(from: "XXBBB", to: "XXAAA", departure: Self.hours(6), arrival: Self.hours(9), capacity: 1),
                    ], service: "RS", vesselIMONumber: "9321483")
            ])
        var live = LiveSchedule(published: twice)
        let outcomes = live.apply([
            Self.event("1", .arrival, "Z", "XXAAA", at: 1),
            Self.event("2", .arrival, "R", "XXCCC", at: 1),
            Self.event("3", .arrival, "R", "XXAAA", at: 1),
            Self.event("4", .arrival, "R", "XXAAA", at: 1, sequence: 3),
            Self.event("5", .arrival, "R", "XXAAA", at: 1, sequence: 1),
            Self.event("6", .departure, "R", "XXAAA", at: 1, sequence: 2),
            Self.event("7", .arrival, "R", "XXBBB", at: 24 * 400),
            Self.event("8", .arrival, "R", "XXAAA", at: 10, sequence: 2),
            VesselCallEvent(
                id: "9", created: Self.base, kind: .arrival, classifier: .actual, time: Self.hours(5), call: CallReference(voyage: "R", port: "XXBBB"),
                vesselIMONumber: "1234567"),
            VesselCallEvent(
                id: "10", created: Self.base, kind: .arrival, classifier: .actual, time: Self.hours(5), call: CallReference(voyage: "R", port: "XXBBB"),
                vesselIMONumber: "9321483", service: "XS"),
        ])
        #expect(
            outcomes == [
                .refused(.unknownVoyage("Z")), .refused(.voyageDoesNotCall("R", at: "XXCCC")), .refused(.ambiguousCall("R", at: "XXAAA", calls: 2)),
                .refused(.noSuchCall("R", at: "XXAAA", sequence: 3, calls: 2)), .refused(.noArrival("R", at: "XXAAA")),
                .refused(.noDeparture("R", at: "XXAAA")),
                .refused(.tooFarFromSchedule("R", at: "XXBBB", .arrival, published: Self.hours(5), event: Self.hours(24 * 400))), .applied,
                .refused(.otherVessel("R", named: "1234567", sails: "9321483")), .refused(.otherService("R", named: "XS", belongs: "RS")),
            ])
        // A refused event is not remembered: once it fits (here, never), it would apply.
        #expect(live.events.map(\.id) == ["8"])
    }

    @Test func aDelayDisruptsOnlyWhatItBreaks() throws {
        var live = LiveSchedule(published: try Self.published())
        let published = live.published
        let a = published.location("XXAAA")!, b = published.location("XXBBB")!, c = published.location("XXCCC")!, d = published.location("XXDDD")!
        let x = published.voyage("X")!, y = published.voyage("Y")!
        let aboard = try Itinerary(legs: [
            Leg(voyage: x, movementIndices: 0..<2, loadLocation: a, unloadLocation: c),
            Leg(voyage: y, movementIndices: 0..<1, loadLocation: c, unloadLocation: d),
        ])
        let specification = try RouteSpecification(origin: "XXAAA", destination: "XXDDD", readyTime: Self.hours(0), arrivalDeadline: Self.hours(60))
        func disruption(from first: Int = 0, ready: Date? = Self.hours(0)) throws -> ItineraryDisruption? {
            live.network().disruption(of: aboard, from: first, boardingFrom: ready, specification: specification, departedAt: nil)
        }
        live.apply([Self.event("e", .arrival, "X", "XXBBB", at: 15)])
        // Five hours late: still by the deadline, and the vessel goes on as Y with the cargo aboard.
        #expect(try disruption() == nil)
        live.apply([Self.event("f", .arrival, "X", "XXBBB", at: 25, created: 1)])
        #expect(try disruption() == .arrivesLate(by: .seconds(5 * 3600)))
        // The cargo aboard Y already: only Y's arrival counts.
        #expect(try disruption(from: 1, ready: nil) == .arrivesLate(by: .seconds(5 * 3600)))
        // Not yet loaded, and X now leaves A before the cargo is ready.
        live.apply([Self.event("g", .departure, "X", "XXAAA", at: -1, .actual)])
        #expect(
            live.network().disruption(
                of: aboard, from: 0, boardingFrom: Self.hours(0), specification: specification, departedAt: nil) == .missesDeparture(at: "XXAAA"))
        // A change of vessel at B onto X's second movement, from another voyage.
        let feeder = try ScheduleNetwork(
            locations: Self.locations,
            voyages: published.voyages + [
                Voyage(
                    number: "F",
                    movements: [
                        CarrierMovement(from: "XXDDD", to: "XXBBB", departure: Self.hours(0), arrival: Self.hours(11), capacity: 5)
                    ])
            ])
        let change = try Itinerary(legs: [
            Leg(voyage: feeder.voyage("F")!, movementIndices: 0..<1, loadLocation: d, unloadLocation: b),
            Leg(voyage: x, movementIndices: 1..<2, loadLocation: b, unloadLocation: c),
        ])
        let toC = try RouteSpecification(origin: "XXDDD", destination: "XXCCC", readyTime: Self.hours(0), arrivalDeadline: Self.hours(60))
        var withFeeder = LiveSchedule(published: feeder)
        // The feeder 1.5 hours late at B arrives after X's transshipment cut-off (12:00).
        withFeeder.apply([Self.event("h", .arrival, "F", "XXBBB", at: 12.5)])
        #expect(
            withFeeder.network().disruption(of: change, from: 0, boardingFrom: Self.hours(0), specification: toC, departedAt: nil)
                == .missesConnection(leg: 1, at: "XXBBB"))
        // X delayed at B too: its cut-off moves with its departure, and the connection holds again.
        withFeeder.apply([Self.event("i", .departure, "X", "XXBBB", at: 16)])
        #expect(withFeeder.network().disruption(of: change, from: 0, boardingFrom: Self.hours(0), specification: toC, departedAt: nil) == nil)
        // A voyage that is gone no longer sails its leg.
        let without = try ScheduleNetwork(locations: Self.locations, voyages: published.voyages)
        #expect(
            without.disruption(of: change, from: 0, boardingFrom: Self.hours(0), specification: toC, departedAt: nil)
                == .legNoLongerSails(leg: 0, voyage: "F"))
    }

    /// A publication of X: A → C → D (B omitted, D added), as a vessel-schedules document gives it.
    static func publication(_ number: VoyageNumber = "X", calls: [(String, Double?, Double?)]) -> Voyage {
        Voyage(
            number: number,
            movements: (0..<(calls.count - 1)).map { index in
                CarrierMovement(
                    from: UnLocode(calls[index].0)!, to: UnLocode(calls[index + 1].0)!, departure: hours(calls[index].2!),
                    arrival: hours(calls[index + 1].1!), capacity: 0)
            })
    }

    @Test func aVoyagePublishedAgainOmitsTheCallsItNoLongerListsAndAddsTheNewOnes() throws {
        var live = LiveSchedule(published: try Self.published())
        // X, published A → B → C, now sails A → C → D; an event had moved its departure from B.
        live.apply([Self.event("b", .departure, "X", "XXBBB", at: 20)])
        let outcomes = live.republish([Self.publication(calls: [("XXAAA", nil, 1), ("XXCCC", 20, 22), ("XXDDD", 30, nil)])])
        let changes = try #require(try outcomes.first?.get())
        #expect(changes.omitted == [CallReference(voyage: "X", port: "XXBBB", sequence: 1)])
        #expect(changes.added == [CallReference(voyage: "X", port: "XXDDD", sequence: 1)])
        #expect(changes.moved == 2)
        let x = try #require(live.voyages.first { $0.number == "X" })
        #expect(x.callPorts == ["XXAAA", "XXCCC", "XXDDD"])
        #expect(Self.times(live, "X") == [1, 20, 22, 30])
        // The voyage keeps its capacities, and no longer goes on as Y, which starts at C.
        #expect(x.movements.map(\.capacity) == [10, 10])
        #expect(x.continuation == nil)
        // A leg loading or discharging at the omitted call no longer sails; one riding through a changed stretch does.
        let planned = try Self.published()
        let xPlanned = try #require(planned.voyage("X"))
        let network = live.network()
        let toB = Leg(voyage: xPlanned, movementIndices: 0..<1, loadLocation: Self.locations[0], unloadLocation: Self.locations[1])
        let toC = Leg(voyage: xPlanned, movementIndices: 0..<2, loadLocation: Self.locations[0], unloadLocation: Self.locations[2])
        #expect(network.sailing(toB) == nil)
        #expect(network.sailing(toC)?.unloadTime == Self.hours(20))
        // An event about the omitted call is refused now; the one known before gives no time while B is omitted.
        #expect(live.apply([Self.event("b2", .arrival, "X", "XXBBB", at: 11)]) == [.refused(.voyageDoesNotCall("X", at: "XXBBB"))])
        // Published again as first, X calls at B again, and the event known before moves its departure again.
        live.republish([try #require(planned.voyage("X"))])
        #expect(Self.times(live, "X") == [0, 10, 20, 36])
        #expect(live.voyages.first { $0.number == "X" }?.continuation == "Y")
    }

    /// A network retimed by events, and a publication's, which copies the voyages that kept their calls from the network
    /// before it, have the times events gave: cut-offs move with their departures, and a sailing that events slowed has
    /// its CO2e estimated again for its time, as in the network built from the live voyages.
    @Test func aPublicationsNetworkKeepsWhatEventsDidToTheVoyagesItCopies() throws {
        // Five degrees of longitude apart, so that each sailing's CO2e is estimated from its distance and speed.
        let placed = Self.locations.enumerated().map { index, location in
            Location(
                code: location.code, name: location.name, transshipmentTime: location.transshipmentTime,
                coordinates: Coordinates(latitude: 0, longitude: Double(index) * 5))
        }
        let published = try ScheduleNetwork(locations: placed, voyages: try Self.published().voyages)
        var live = LiveSchedule(published: published)
        // X leaves B 6 hours late (its cut-off there moves from 12 to 18) and reaches C at 45, not 30; then Y is
        // published again, leaving C at 50.
        live.apply([Self.event("b", .departure, "X", "XXBBB", at: 20), Self.event("c", .arrival, "X", "XXCCC", at: 45)])
        // Retimed by the events alone, the network estimates the slowed sailing again too.
        #expect(live.network().voyages == (try ScheduleNetwork(locations: placed, voyages: live.voyages)).voyages)
        let outcomes = live.republish([Self.publication("Y", calls: [("XXCCC", nil, 50), ("XXDDD", 60, nil)])])
        #expect(outcomes.allSatisfy { (try? $0.get())?.changesNothing == false })
        let network = live.network()
        #expect(network.voyages == (try ScheduleNetwork(locations: placed, voyages: live.voyages)).voyages)
        let slowed = try #require(network.voyage("X")?.movements.last), planned = try #require(published.voyage("X")?.movements.last)
        #expect(slowed.cutOffTimes == [CutOffTime(.transshipment, Self.hours(18))])
        #expect(slowed.co2eIsEstimated && slowed.co2ePerTEU != nil && slowed.co2ePerTEU != planned.co2ePerTEU)
    }

    @Test func aContinuationABrokenPublicationDroppedComesBackWhenALaterOneMendsIt() throws {
        var live = LiveSchedule(published: try Self.published())
        // Y published to leave C before X arrives there: X no longer goes on as Y.
        _ = live.republish([Self.publication("Y", calls: [("XXCCC", nil, 25), ("XXDDD", 50, nil)])])
        #expect(live.voyages.first { $0.number == "X" }?.continuation == nil)
        // Published again after X arrives, Y is X's continuation again, though X itself was never published again.
        _ = live.republish([Self.publication("Y", calls: [("XXCCC", nil, 33), ("XXDDD", 50, nil)])])
        #expect(live.voyages.first { $0.number == "X" }?.continuation == "Y")
    }

    @Test func aCallThatComesToEndTheVoyageIsNotMovedForTheTimeItLoses() throws {
        var live = LiveSchedule(published: try Self.published())
        // X published as A → B: C omitted, B now its last call, arriving as before.
        let changes = try #require(try live.republish([Self.publication(calls: [("XXAAA", nil, 0), ("XXBBB", 10, nil)])]).first?.get())
        #expect(changes.omitted == [CallReference(voyage: "X", port: "XXCCC", sequence: 1)] && changes.added.isEmpty && changes.moved == 0)
        // Published again as it now is, it changes nothing.
        #expect(try live.republish([Self.publication(calls: [("XXAAA", nil, 0), ("XXBBB", 10, nil)])]).first?.get().changesNothing == true)
    }

    @Test func aPublicationThatDoesNotFitTheScheduleIsRefused() throws {
        var live = LiveSchedule(published: try Self.published())
        let outcomes = live.republish([
            Self.publication("Z", calls: [("XXAAA", nil, 0), ("XXBBB", 5, nil)]),
            Self.publication(calls: [("XXAAA", nil, 0), ("XXEEE", 5, nil)]),
            Self.publication(calls: [("XXAAA", nil, 6), ("XXBBB", 5, nil)]),
            Self.publication(calls: [("XXAAA", nil, 9_000), ("XXBBB", 9_010, nil)]),
            Voyage(
                number: "X",
                movements: [
                    CarrierMovement(
                        from: "XXAAA", to: "XXBBB", departure: Self.hours(0), arrival: Self.hours(10), capacity: 0,
                        cutOffTimes: [CutOffTime(.documentation, Date(timeIntervalSince1970: 4e11))])
                ]),
        ])
        #expect(
            outcomes.map { $0.mapError { $0 as LiveScheduleError } } == [
                .failure(.unknownVoyage("Z")), .failure(.unknownPort("X", "XXEEE")), .failure(.cannotSail("X")),
                .failure(.tooFarFromSchedule("X", at: "XXAAA", .departure, published: Self.hours(0), event: Self.hours(9_000))),
                .failure(.cannotSail("X")),
            ])
        #expect(live.voyages == (try Self.published()).voyages)
    }

    /// Random schedules whose vessels go on as next voyages, random itineraries among every one a brute-force search
    /// finds, random cargo progress, and random events: the live schedule is the same whatever the order and however
    /// often each event comes, and each itinerary is disrupted, and how, exactly as a plain re-check of its legs on the
    /// live voyages says.
    @Test func disruptionsMatchABruteForceRecheckOfEveryItinerary() throws {
        var disrupted = 0, checked = 0, omitted = 0, margins = 0
        for seed in UInt64(0)..<1_500 {
            var generator = SplitMix64(seed: seed &+ 1 << 47)
            let schedule = RandomSchedule(using: &generator, cutOffs: seed % 4 < 2, longPortStays: seed % 3 == 0, continuations: true)
            let published = try ScheduleNetwork(locations: schedule.locations, voyages: schedule.voyages)
            let oracle = BruteForceRouter(locations: schedule.locations, voyages: schedule.voyages)
            var plans: [(Itinerary, RouteSpecification)] = []
            for _ in 0..<6 {
                let specification = schedule.specification(using: &generator, transitLimit: true)
                if let itinerary = oracle.itineraries(for: specification).randomElement(using: &generator) { plans.append((itinerary, specification)) }
            }
            // Every other seed, voyages are published again first: calls omitted, added and moved.
            let publications =
                seed % 2 == 1
                ? BruteForceDisruption.randomPublications(schedule.voyages, ports: schedule.locations.map(\.code), using: &generator) : []
            // Some of them after events: the publication then builds on a schedule the events moved.
            let before =
                seed % 4 == 3
                ? BruteForceDisruption.randomEvents(schedule.voyages, using: &generator).map {
                    VesselCallEvent(id: "before-\($0.id)", created: $0.created, kind: $0.kind, classifier: $0.classifier, time: $0.time, call: $0.call)
                } : []
            var live = LiveSchedule(published: published)
            live.apply(before)
            for outcome in live.republish(publications) { #expect((try? outcome.get()) != nil, "seed \(seed): \(outcome)") }
            if !publications.isEmpty {
                // The publication's network, the voyages that kept their calls copied from the network before, is the
                // network built from the live voyages.
                let spliced = live.network(), built = try ScheduleNetwork(locations: schedule.locations, voyages: live.voyages)
                #expect(spliced.voyages == built.voyages && spliced.hasCutOffTimes == built.hasCutOffTimes, "seed \(seed)")
            }
            if !publications.isEmpty && before.isEmpty {
                // Until events come, the voyages are as the rule, written out plainly, plans them.
                #expect(live.voyages == BruteForceDisruption.republished(schedule.voyages, publications: publications), "seed \(seed)")
            }
            let events = BruteForceDisruption.randomEvents(seed % 4 == 1 ? live.voyages : schedule.voyages, using: &generator)
            let outcomes = live.apply(events)
            var again = LiveSchedule(published: published)
            again.apply(before.shuffled(using: &generator))
            again.republish(publications)
            again.apply(events.shuffled(using: &generator))
            // Applied again, each event is known already, or refused again (a call a publication omitted).
            for (first, second) in zip(outcomes, again.apply(events)) {
                if case .refused = first { #expect(second == first, "seed \(seed)") } else { #expect(second == .duplicate, "seed \(seed)") }
            }
            #expect(again.voyages == live.voyages, "seed \(seed)")
            let network = live.network()
            // A leg's movements read from the network's columns are those of the leg as the network sails it.
            for (itinerary, _) in plans {
                for leg in itinerary.legs where !leg.isHaul {
                    let sailed = network.sailing(leg).flatMap { try? Itinerary(legs: [$0]) }.map(network.movementIDs(of:))
                    #expect(network.sailedMovements(leg).map { $0.map(ScheduleNetwork.MovementID.init) } == sailed, "seed \(seed)")
                }
            }
            // The retimed network is the network of the live voyages, built from them, and answers as it does.
            let rebuilt = try ScheduleNetwork(locations: schedule.locations, voyages: live.voyages)
            #expect(network.voyages == rebuilt.voyages && network.hasCutOffTimes == rebuilt.hasCutOffTimes, "seed \(seed)")
            for (_, specification) in plans {
                #expect(
                    (try? network.candidates(for: specification, limit: 100))?.map(\.legs)
                        == (try? rebuilt.candidates(for: specification, limit: 100))?.map(\.legs),
                    "seed \(seed)")
            }
            for (itinerary, specification) in plans {
                let first = Int.random(in: 0..<itinerary.legs.count, using: &generator)
                let aboard = first > 0 && Bool.random(using: &generator)
                let ready: Date? =
                    aboard
                    ? nil
                    : first == 0
                        ? specification.readyTime
                        : itinerary.legs[first - 1].unloadTime + TimeInterval(itinerary.legs[first].loadLocation.transshipmentTime.components.seconds)
                let departedAt = first > 0 ? itinerary.departureTime : nil
                let found = network.disruption(of: itinerary, from: first, boardingFrom: ready, specification: specification, departedAt: departedAt)
                let rechecked = BruteForceDisruption.recheckWithMargin(
                    itinerary, from: first, ready: ready, specification, departedAt: departedAt, on: live.voyages)
                let expected = rechecked?.disruption
                #expect(found == expected, "seed \(seed): \(itinerary.legs.map(\.voyage.number)) from \(first)")
                // Its cause: by how much it misses, and the calls of the legs ahead that moved, each by how much.
                let cause = network.disruptionCause(of: itinerary, from: first, boardingFrom: ready, specification: specification, departedAt: departedAt)
                #expect(cause?.disruption == expected && cause?.margin == rechecked?.margin, "seed \(seed): margin")
                if let cause, case .missesConnection(let leg, _) = cause.disruption {
                    for index in first...leg {
                        guard let voyage = live.voyages.first(where: { $0.number == itinerary.legs[index].voyage.number }),
                            let ridden = BruteForceDisruption.ridden(itinerary.legs[index], on: voyage)
                        else { continue }
                        let shift = voyage.movements[ridden].first!.departureTime.timeIntervalSince(itinerary.legs[index].loadTime)
                        let said = cause.changes.first {
                            $0.voyage == voyage.number && $0.kind == .departure && $0.port == itinerary.legs[index].loadLocation.code
                        }
                        #expect(said?.shift == (shift == 0 ? nil : .seconds(shift)), "seed \(seed): leg \(index)'s departure")
                    }
                    if cause.margin != nil { margins += 1 }
                }
                checked += 1
                if expected != nil { disrupted += 1 }
                if case .legNoLongerSails = expected { omitted += 1 }
            }
        }
        // The random events disrupt a fair share of the itineraries, not none or all.
        #expect(checked > 3_000 && disrupted > checked / 10 && disrupted < checked * 9 / 10, "\(disrupted) of \(checked)")
        // Publications omit the calls of a fair number of them.
        #expect(omitted > 50, "\(omitted) of \(checked)")
        // Missed connections come with their margins.
        #expect(margins > 50, "\(margins) margins")
    }
}
