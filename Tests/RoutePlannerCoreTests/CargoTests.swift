import Foundation
import RoutePlanner
import RoutePlannerTestSupport
import Testing

/// Hong Kong to Stockholm, ready 1 March, due 15 April, on the sample voyages; shared by the cargo tests.
enum CargoSample {
    static let network = SampleVoyages.network()
    static let specification = try! RouteSpecification(
        origin: "HKHKG", destination: "SESTO", readyTime: SampleVoyages.day(3, 1), arrivalDeadline: SampleVoyages.day(4, 15))

    /// AE1-0100W Hong Kong → Rotterdam (30 March), NF-0310N Rotterdam → Stockholm (1 to 5 April).
    static let itinerary = try! network.earliestArrival(for: specification)

    static func cargo(_ trackingId: TrackingId = "ABC123", routed: Bool = true) throws -> Cargo {
        var cargo = try Cargo(trackingId: trackingId, teu: 1, specification: specification)
        if routed { try cargo.assign(to: itinerary) }
        return cargo
    }

    /// An event reported when it happened.
    static func event(_ kind: HandlingEvent.Kind, _ location: UnLocode, _ voyage: VoyageNumber? = nil, _ time: Date) throws -> HandlingEvent {
        try HandlingEvent(kind: kind, location: location, voyage: voyage, completionTime: time, registrationTime: time)
    }

    static let receive = try! event(.receive, "HKHKG", nil, SampleVoyages.day(3, 1))
    static let loadInHongKong = try! event(.load, "HKHKG", "AE1-0100W", SampleVoyages.day(3, 2))
    static let unloadInRotterdam = try! event(.unload, "NLRTM", "AE1-0100W", SampleVoyages.day(3, 30))
    static let loadInRotterdam = try! event(.load, "NLRTM", "NF-0310N", SampleVoyages.day(4, 1))
    static let unloadInStockholm = try! event(.unload, "SESTO", "NF-0310N", SampleVoyages.day(4, 5))
    static let claim = try! event(.claim, "SESTO", nil, SampleVoyages.day(4, 6))
}

@Suite struct HandlingEventTests {
    static let time = SampleVoyages.day(3, 2)

    @Test(arguments: HandlingEvent.Kind.allCases)
    func voyageIsRequiredForLoadAndUnloadOnly(_ kind: HandlingEvent.Kind) throws {
        #expect(kind.requiresVoyage == (kind == .load || kind == .unload))
        if kind.requiresVoyage {
            #expect(throws: HandlingEventError(problems: [.voyageMissing(kind)])) {
                try HandlingEvent(kind: kind, location: "HKHKG", completionTime: Self.time, registrationTime: Self.time)
            }
            let event = try HandlingEvent(kind: kind, location: "HKHKG", voyage: "AE1-0100W", completionTime: Self.time, registrationTime: Self.time)
            #expect(event.voyage == "AE1-0100W")
        } else {
            #expect(throws: HandlingEventError(problems: [.voyageNotAllowed(kind)])) {
                try HandlingEvent(kind: kind, location: "HKHKG", voyage: "AE1-0100W", completionTime: Self.time, registrationTime: Self.time)
            }
            let event = try HandlingEvent(kind: kind, location: "HKHKG", completionTime: Self.time, registrationTime: Self.time)
            #expect(event.voyage == nil)
        }
    }

    @Test func isNotRegisteredBeforeItHappened() throws {
        #expect(throws: HandlingEventError(problems: [.registeredBeforeCompletion])) {
            try HandlingEvent(kind: .receive, location: "HKHKG", completionTime: Self.time, registrationTime: Self.time - 1)
        }
        // Registered at the very time it happened, or later, is fine.
        _ = try HandlingEvent(kind: .receive, location: "HKHKG", completionTime: Self.time, registrationTime: Self.time)
        _ = try HandlingEvent(kind: .receive, location: "HKHKG", completionTime: Self.time, registrationTime: Self.time + 86_400)
    }

    @Test func listsEveryProblemWithAMessage() {
        let expected = HandlingEventError(problems: [.voyageMissing(.unload), .registeredBeforeCompletion])
        #expect(throws: expected) {
            try HandlingEvent(kind: .unload, location: "NLRTM", completionTime: Self.time, registrationTime: Self.time - 60)
        }
        #expect(expected.description == "a unload needs the voyage; the event is reported before it happened")
        #expect(HandlingEventError(problems: [.voyageNotAllowed(.claim)]).description == "a claim names no voyage")
    }

    @Test func sameHandlingIgnoresTheRegistrationTime() throws {
        let first = try HandlingEvent(kind: .load, location: "HKHKG", voyage: "AE1-0100W", completionTime: Self.time, registrationTime: Self.time)
        let late = try HandlingEvent(
            kind: .load, location: "HKHKG", voyage: "AE1-0100W", completionTime: Self.time, registrationTime: Self.time + 3600)
        let otherVoyage = try HandlingEvent(
            kind: .load, location: "HKHKG", voyage: "TP-0500E", completionTime: Self.time, registrationTime: Self.time)
        #expect(first.isSameHandling(as: late))
        #expect(first != late)
        #expect(!first.isSameHandling(as: otherVoyage))
        #expect(first.description == "load at HKHKG on AE1-0100W")
        #expect(CargoSample.receive.description == "receive at HKHKG")
    }
}

@Suite struct CargoTests {
    @Test(arguments: ["", "   ", "\t", " \u{00A0}\n"])
    func aTrackingIdOrCustomerIdIsNeverBlank(_ text: String) {
        #expect(TrackingId(text) == nil && CustomerId(text) == nil)
        #expect(Customer(id: text, name: "Acme") == nil)
    }

    @Test func anIdentifierIsItsTrimmedTextAndEncodesAsIt() throws {
        let id = try #require(TrackingId(" RP000001 "))
        #expect(id.rawValue == "RP000001" && "\(id)" == "RP000001" && id == "RP000001")
        #expect(TrackingId.sequenced(42) == "RP000042" && TrackingId.sequenced(1_234_567) == "RP1234567")
        #expect(String(decoding: try JSONEncoder().encode([id]), as: UTF8.self) == #"["RP000001"]"#)
        #expect(try JSONDecoder().decode([TrackingId].self, from: Data(#"[" RP000002"]"#.utf8)) == ["RP000002"])
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([CustomerId].self, from: Data(#"[" "]"#.utf8)) }
        #expect(TrackingId.sequenced(1) < TrackingId.sequenced(2))
    }

    @Test(arguments: [0, -1, Int.min])
    func refusesASizeThatIsNotPositive(_ teu: Int) {
        #expect(throws: CargoError.sizeNotPositive(teu)) {
            try Cargo(trackingId: "ABC123", teu: teu, specification: CargoSample.specification)
        }
    }

    @Test func isBookedWithItsCustomerAndRevenue() throws {
        let cargo = try Cargo(trackingId: "ABC123", teu: 2, specification: CargoSample.specification, revenuePerTEU: 1_250, customerId: "ACME")
        #expect(cargo.id == "ABC123")
        #expect(cargo.customerId == "ACME")
        #expect(cargo.routingStatus == .notRouted)
        #expect(cargo.handlingEvents.isEmpty)
        #expect(try cargo.booking == Booking(id: "ABC123", teu: 2, specification: CargoSample.specification, revenuePerTEU: 1_250))
        #expect(CargoError.sizeNotPositive(0).description == "cargo must have a positive size in TEU, not 0")
        #expect(CargoError.blankTrackingId.description == "a booking needs an id")
    }

    @Test func aBookingIsCancelledBeforeItsCargoIsLoadedAndNothingHappensAfter() throws {
        var cargo = try CargoSample.cargo()
        try cargo.register(CargoSample.receive)
        let before = cargo
        try cargo.cancel(at: SampleVoyages.day(3, 1, hour: 12))
        // The route is released, the record stays, and the cargo says it is cancelled everywhere.
        #expect(cargo.itinerary == nil && cargo.isCancelled && cargo.cancellationTime == SampleVoyages.day(3, 1, hour: 12))
        #expect(cargo.handlingEvents == [CargoSample.receive] && cargo.specification == before.specification)
        #expect(cargo.delivery.status == .cancelled && cargo.delivery.nextExpectedActivity == nil && cargo.delivery.estimatedTimeOfArrival == nil)
        #expect(!cargo.hasSameState(as: before))
        let changes = CargoChange.between(before, cargo, by: "ann", party: .forwarder, at: SampleVoyages.day(3, 1, hour: 12))
        #expect(changes.map(\.kind) == [.cancelled] && changes[0].detail.hasSuffix("released"))
        // Nothing more happens to it.
        let cancelled = CargoError.cancelled(SampleVoyages.day(3, 1, hour: 12))
        #expect(throws: cancelled) { try cargo.cancel(at: SampleVoyages.day(3, 2)) }
        #expect(throws: cancelled) { try cargo.assign(to: CargoSample.itinerary) }
        #expect(throws: cancelled) { try cargo.register(CargoSample.loadInHongKong) }
        #expect(try cargo.register(CargoSample.receive) == .duplicate)
        // Once loaded, or claimed, it is not cancelled.
        var loaded = try CargoSample.cargo()
        try loaded.register(CargoSample.receive)
        try loaded.register(CargoSample.loadInHongKong)
        #expect(throws: CargoError.loaded(CargoSample.loadInHongKong)) { try loaded.cancel(at: SampleVoyages.day(3, 3)) }
        #expect(loaded.cancellationRefusal == .loaded(CargoSample.loadInHongKong) && before.cancellationRefusal == nil)
        #expect(loaded.itinerary == CargoSample.itinerary && !loaded.isCancelled)
        var claimed = try CargoSample.cargo(routed: false)
        try claimed.register(CargoSample.claim)
        #expect(throws: CargoError.claimed(CargoSample.claim.completionTime)) { try claimed.cancel(at: SampleVoyages.day(4, 7)) }
    }

    @Test func isAssignedOnlyAnItineraryThatFitsItsSpecification() throws {
        var cargo = try CargoSample.cargo(routed: false)
        try cargo.assign(to: CargoSample.itinerary)
        #expect(cargo.routingStatus == .routed)
        let toHamburg = try Itinerary(legs: [
            Leg(
                voyage: SampleVoyages.asiaEurope1, movementIndices: 0..<4, loadLocation: SampleLocations.hongKong,
                unloadLocation: SampleLocations.hamburg)
        ])
        #expect(throws: CargoError.itineraryDoesNotSatisfySpecification(["it ends at DEHAM, not at SESTO"])) {
            try cargo.assign(to: toHamburg)
        }
        #expect(cargo.itinerary == CargoSample.itinerary)
        // A new destination leaves the itinerary in place, misrouted.
        cargo.specifyNewRoute(
            try RouteSpecification(
                origin: "HKHKG", destination: "FIHEL", readyTime: SampleVoyages.day(3, 1), arrivalDeadline: SampleVoyages.day(4, 30)))
        #expect(cargo.routingStatus == .misrouted)
        #expect(cargo.delivery.routingStatus == .misrouted)
    }

    @Test func registersEventsInCompletionOrder() throws {
        var cargo = try CargoSample.cargo()
        #expect(try cargo.register(CargoSample.loadInHongKong) == .recorded)
        #expect(try cargo.register(CargoSample.unloadInRotterdam) == .recorded)
        // The receive in Hong Kong is reported after the unload in Rotterdam: it goes before both.
        #expect(try cargo.register(CargoSample.receive) == .recordedOutOfOrder)
        #expect(cargo.handlingEvents == [CargoSample.receive, CargoSample.loadInHongKong, CargoSample.unloadInRotterdam])
        #expect(cargo.delivery.transportStatus == .inPort)
        #expect(cargo.delivery.lastKnownLocation == "NLRTM")
    }

    /// An unload from a voyage the cargo has no load onto before it is impossible: refused, naming the last load,
    /// not registered as a misdirection; reported once its load is, it is registered.
    @Test func refusesAnUnloadFromAVoyageNeverBoarded() throws {
        var cargo = try CargoSample.cargo()
        try cargo.register(CargoSample.receive)
        #expect(throws: CargoError.neverBoarded(voyage: "AE1-0100W", lastLoad: nil)) { try cargo.register(CargoSample.unloadInRotterdam) }
        try cargo.register(CargoSample.loadInHongKong)
        let feeder = try HandlingEvent(
            kind: .unload, location: "SESTO", voyage: "NF-0310N", completionTime: SampleVoyages.day(4, 3), registrationTime: SampleVoyages.day(4, 3))
        #expect(throws: CargoError.neverBoarded(voyage: "NF-0310N", lastLoad: CargoSample.loadInHongKong)) { try cargo.register(feeder) }
        #expect(!cargo.isMisdirected && cargo.handlingEvents == [CargoSample.receive, CargoSample.loadInHongKong])
        #expect(try cargo.register(CargoSample.unloadInRotterdam) == .recorded)
    }

    @Test func aDuplicateChangesNothing() throws {
        var cargo = try CargoSample.cargo()
        try cargo.register(CargoSample.receive)
        try cargo.register(CargoSample.loadInHongKong)
        let before = cargo.handlingEvents
        // The same handling, reported again a day later.
        let again = try HandlingEvent(
            kind: .load, location: "HKHKG", voyage: "AE1-0100W", completionTime: SampleVoyages.day(3, 2),
            registrationTime: SampleVoyages.day(3, 3))
        #expect(try cargo.register(again) == .duplicate)
        #expect(try cargo.register(CargoSample.receive) == .duplicate)
        #expect(cargo.handlingEvents == before)
    }

    @Test func nothingHappensAfterTheClaim() throws {
        var cargo = try CargoSample.cargo()
        for event in [
            CargoSample.receive, CargoSample.loadInHongKong, CargoSample.unloadInRotterdam, CargoSample.loadInRotterdam,
            CargoSample.unloadInStockholm, CargoSample.claim,
        ] {
            try cargo.register(event)
        }
        let customs = try CargoSample.event(.customs, "SESTO", nil, SampleVoyages.day(4, 7))
        #expect(throws: CargoError.claimed(SampleVoyages.day(4, 6))) { try cargo.register(customs) }
        // An event from before the claim, reported late, is still recorded; a duplicate of the claim too is fine.
        let earlierCustoms = try CargoSample.event(.customs, "SESTO", nil, SampleVoyages.day(4, 5, hour: 12))
        #expect(try cargo.register(earlierCustoms) == .recordedOutOfOrder)
        #expect(try cargo.register(CargoSample.claim) == .duplicate)
        #expect(cargo.handlingEvents.last == CargoSample.claim)
        #expect(cargo.delivery.transportStatus == .claimed)
    }

    @Test func nothingHappensBeforeTheBookedReadyTimeEvenAfterANewSpecification() throws {
        var cargo = try CargoSample.cargo()
        let early = try CargoSample.event(.receive, "HKHKG", nil, SampleVoyages.day(1, 10))
        #expect(throws: CargoError.beforeReadyTime(SampleVoyages.day(3, 1))) { try cargo.register(early) }
        // Re-routing gives a later ready time; a late report from before it still fits the booking.
        try cargo.register(CargoSample.loadInHongKong)
        cargo.specifyNewRoute(
            try RouteSpecification(
                origin: "NLRTM", destination: "SESTO", readyTime: SampleVoyages.day(3, 31), arrivalDeadline: SampleVoyages.day(4, 30)))
        #expect(cargo.bookedReadyTime == SampleVoyages.day(3, 1))
        #expect(try cargo.register(CargoSample.receive) == .recordedOutOfOrder)
        #expect(cargo.handlingEvents.isEmpty == false)
        #expect(throws: CargoError.beforeReadyTime(SampleVoyages.day(3, 1))) { try cargo.register(early) }
    }

    @Test func isReceivedOnceWhereItsJourneyStarts() throws {
        var cargo = try CargoSample.cargo(routed: false)
        // Not at the destination of an unrouted cargo: a receive is not a delivery.
        let atTheDestination = try CargoSample.event(.receive, "SESTO", nil, SampleVoyages.day(3, 2))
        #expect(throws: CargoError.receivedOutOfPlace(origin: "HKHKG", firstMove: nil)) { try cargo.register(atTheDestination) }
        // Not after the cargo was loaded.
        try cargo.register(CargoSample.loadInHongKong)
        let afterTheLoad = try CargoSample.event(.receive, "HKHKG", nil, SampleVoyages.day(3, 3))
        #expect(throws: CargoError.receivedOutOfPlace(origin: "HKHKG", firstMove: CargoSample.loadInHongKong)) {
            try cargo.register(afterTheLoad)
        }
        #expect(
            "\(CargoError.receivedOutOfPlace(origin: "HKHKG", firstMove: CargoSample.loadInHongKong))"
                == "the cargo is received once, at its origin HKHKG, before its first move (load at HKHKG on AE1-0100W, 2026-03-02T00:00:00Z)")
        // Before it, where it was loaded, a late report is recorded.
        #expect(try cargo.register(CargoSample.receive) == .recordedOutOfOrder)
    }

    @Test func theReceiveComesFirstAndOnceAndTheClaimLast() throws {
        var cargo = try CargoSample.cargo()
        let receive = try CargoSample.event(.receive, "HKHKG", nil, SampleVoyages.day(3, 1, hour: 12))
        try cargo.register(receive)
        // A load reported with a time after the ready time but before the receive.
        let early = try CargoSample.event(.load, "HKHKG", "AE1-0100W", SampleVoyages.day(3, 1, hour: 6))
        #expect(throws: CargoError.beforeReceive(receive)) { try cargo.register(early) }
        // A second receive, at another time.
        #expect(throws: CargoError.receivedTwice(receive)) { try cargo.register(CargoSample.receive) }
        // A claim reported late, with a time before events already recorded.
        try cargo.register(CargoSample.loadInHongKong)
        try cargo.register(CargoSample.unloadInRotterdam)
        let claim = try CargoSample.event(.claim, "SESTO", nil, SampleVoyages.day(3, 20))
        #expect(throws: CargoError.claimedBefore(CargoSample.unloadInRotterdam)) { try cargo.register(claim) }
        #expect(cargo.handlingEvents == [receive, CargoSample.loadInHongKong, CargoSample.unloadInRotterdam])
    }

    @Test func isRestoredWithItsEventsInCompletionOrder() throws {
        let cargo = try Cargo(
            trackingId: "ABC123", teu: 1, specification: CargoSample.specification, revenuePerTEU: nil, customerId: "ACME",
            itinerary: CargoSample.itinerary, handlingEvents: [CargoSample.loadInHongKong, CargoSample.receive])
        #expect(cargo.handlingEvents == [CargoSample.receive, CargoSample.loadInHongKong])
        #expect(cargo.itinerary == CargoSample.itinerary)
    }
}

@Suite struct DeliveryTests {
    typealias Status = Delivery.TransportStatus

    @Test(arguments: [
        ([], Status.notReceived),
        ([CargoSample.receive], .inPort),
        ([CargoSample.receive, CargoSample.loadInHongKong], .onboardCarrier),
        ([CargoSample.receive, CargoSample.loadInHongKong, CargoSample.unloadInRotterdam], .inPort),
        (
            [
                CargoSample.receive, CargoSample.loadInHongKong, CargoSample.unloadInRotterdam, CargoSample.loadInRotterdam,
                CargoSample.unloadInStockholm, try! CargoSample.event(.customs, "SESTO", nil, SampleVoyages.day(4, 5, hour: 6)),
            ], .inPort
        ),
        (
            [
                CargoSample.receive, CargoSample.loadInHongKong, CargoSample.unloadInRotterdam, CargoSample.loadInRotterdam,
                CargoSample.unloadInStockholm, CargoSample.claim,
            ], .claimed
        ),
    ])
    func transportStatusFollowsTheLastEvent(_ events: [HandlingEvent], _ status: Status) {
        let delivery = Delivery(specification: CargoSample.specification, itinerary: CargoSample.itinerary, events: events)
        #expect(delivery.transportStatus == status)
        #expect(delivery.lastEvent == events.last)
        #expect(delivery.currentVoyage == (status == .onboardCarrier ? events.last?.voyage : nil))
        #expect(!delivery.isMisdirected)
    }

    @Test(arguments: [
        // Loaded onto the wrong voyage in Hong Kong.
        try! CargoSample.event(.load, "HKHKG", "TP-0500E", SampleVoyages.day(3, 3)),
        // Discharged in Hamburg instead of Rotterdam.
        try! CargoSample.event(.unload, "DEHAM", "AE1-0100W", SampleVoyages.day(4, 1)),
        // Discharged at a call the leg passes, Singapore.
        try! CargoSample.event(.unload, "SGSIN", "AE1-0100W", SampleVoyages.day(3, 10)),
    ])
    func anUnexpectedLoadOrUnloadIsAMisdirection(_ event: HandlingEvent) {
        let events = [CargoSample.receive, CargoSample.loadInHongKong, event].sorted { $0.completionTime < $1.completionTime }
        let delivery = Delivery(specification: CargoSample.specification, itinerary: CargoSample.itinerary, events: events)
        #expect(delivery.isMisdirected)
        #expect(!delivery.isOnTrack)
        #expect(delivery.nextExpectedActivity == nil)
        #expect(delivery.estimatedTimeOfArrival == nil)
        #expect(delivery.unexpectedEvent == event)
        #expect(delivery.status == .misdirected)
    }

    @Test(arguments: [
        // Discharged in Rotterdam from AE1-0100W without ever being loaded on it.
        [CargoSample.receive, CargoSample.unloadInRotterdam],
        // Loaded onto the second leg's voyage in Rotterdam without the first leg's unload there.
        [CargoSample.receive, CargoSample.loadInRotterdam],
        // Loaded in Hong Kong, then discharged in Stockholm from a voyage it was not loaded on.
        [CargoSample.receive, CargoSample.loadInHongKong, CargoSample.unloadInStockholm],
        // Loaded twice without a discharge between.
        [CargoSample.receive, CargoSample.loadInHongKong, try! CargoSample.event(.load, "HKHKG", "AE1-0100W", SampleVoyages.day(3, 3))],
    ])
    func aMoveThatIsNotTheNextExpectedOneIsAMisdirection(_ events: [HandlingEvent]) {
        let delivery = Delivery(specification: CargoSample.specification, itinerary: CargoSample.itinerary, events: events)
        #expect(delivery.unexpectedEvent == events.last)
        #expect(delivery.status == .misdirected && !delivery.isOnTrack)
        #expect(delivery.nextExpectedActivity == nil && delivery.estimatedTimeOfArrival == nil)
    }

    @Test func aCargoRoutedAgainWhileAboardIsOnTrackUntilItsVesselsNextCall() throws {
        // Loaded in Hong Kong on AE1-0100W, then given a new itinerary from the vessel's next call, Singapore,
        // ready after the load: the load is where the cargo is, not a misdirection.
        let fromSingapore = try RouteSpecification(
            origin: "SGSIN", destination: "SESTO", readyTime: SampleVoyages.day(3, 10), arrivalDeadline: SampleVoyages.day(4, 30))
        let onward = try CargoSample.network.earliestArrival(for: fromSingapore)
        let delivery = Delivery(specification: fromSingapore, itinerary: onward, events: [CargoSample.receive, CargoSample.loadInHongKong])
        #expect(delivery.status == .onTrack && delivery.unexpectedEvent == nil)
        #expect(delivery.estimatedTimeOfArrival == onward.arrivalTime)
        let next = try #require(delivery.nextExpectedActivity)
        #expect(next.kind == .unload && next.voyage == "AE1-0100W")
        #expect(next.location == (onward.legs[0].voyage.number == "AE1-0100W" ? onward.legs[0].unloadLocation.code : "SGSIN"))
        // The same load under the booked specification, whose itinerary does not ride AE1-0100W, is a misdirection.
        let elsewhere = Delivery(specification: CargoSample.specification, itinerary: onward, events: [CargoSample.receive, CargoSample.loadInHongKong])
        #expect(elsewhere.status == .misrouted || elsewhere.isMisdirected)
    }

    @Test func anItineraryPlannedAboardExpectsTheUnloadAtItsFirstCall() throws {
        // Loaded in Hong Kong on AE1-0100W, then re-routed from the vessel's next call, Singapore: the itinerary
        // starts there, so discharging there from the voyage it is aboard is expected; from another voyage it is not.
        let fromSingapore = try RouteSpecification(
            origin: "SGSIN", destination: "SESTO", readyTime: SampleVoyages.day(3, 10), arrivalDeadline: SampleVoyages.day(4, 30))
        let onward = try CargoSample.network.earliestArrival(for: fromSingapore)
        let unloadInSingapore = try CargoSample.event(.unload, "SGSIN", "AE1-0100W", SampleVoyages.day(3, 10))
        #expect(onward.isExpected(unloadInSingapore, after: CargoSample.loadInHongKong))
        let fromAnotherVoyage = try CargoSample.event(.unload, "SGSIN", "TP-0500E", SampleVoyages.day(3, 10))
        #expect(!onward.isExpected(fromAnotherVoyage, after: CargoSample.loadInHongKong))
    }

    @Test func customsAnywhereIsNoMisdirection() throws {
        let customs = try CargoSample.event(.customs, "SGSIN", nil, SampleVoyages.day(3, 10))
        let delivery = Delivery(
            specification: CargoSample.specification, itinerary: CargoSample.itinerary,
            events: [CargoSample.receive, CargoSample.loadInHongKong, customs])
        #expect(CargoSample.itinerary.isExpected(customs, after: CargoSample.loadInHongKong))
        #expect(!delivery.isMisdirected)
        #expect(delivery.transportStatus == .inPort)
        // The next activity follows the last load or unload.
        #expect(delivery.nextExpectedActivity?.kind == .unload)
    }

    @Test func aReceiveOrClaimElsewhereIsAMisdirection() throws {
        let receivedInShanghai = Delivery(
            specification: CargoSample.specification, itinerary: CargoSample.itinerary,
            events: [try CargoSample.event(.receive, "CNSHA", nil, SampleVoyages.day(3, 1))])
        #expect(receivedInShanghai.isMisdirected)
        let claimedInRotterdam = Delivery(
            specification: CargoSample.specification, itinerary: CargoSample.itinerary,
            events: [
                CargoSample.receive, CargoSample.loadInHongKong, CargoSample.unloadInRotterdam,
                try CargoSample.event(.claim, "NLRTM", nil, SampleVoyages.day(3, 31)),
            ])
        #expect(claimedInRotterdam.isMisdirected)
    }

    @Test(arguments: [
        (0, HandlingActivity(kind: .receive, location: "HKHKG")),
        (1, HandlingActivity(kind: .load, location: "HKHKG", voyage: "AE1-0100W", time: SampleVoyages.day(3, 2))),
        (2, HandlingActivity(kind: .unload, location: "NLRTM", voyage: "AE1-0100W", time: SampleVoyages.day(3, 30))),
        (3, HandlingActivity(kind: .load, location: "NLRTM", voyage: "NF-0310N", time: SampleVoyages.day(4, 1))),
        (4, HandlingActivity(kind: .unload, location: "SESTO", voyage: "NF-0310N", time: SampleVoyages.day(4, 5))),
        (5, HandlingActivity(kind: .claim, location: "SESTO")),
    ])
    func nextExpectedActivityAlongATwoLegItinerary(_ handled: Int, _ next: HandlingActivity) {
        let events = Array(
            [
                CargoSample.receive, CargoSample.loadInHongKong, CargoSample.unloadInRotterdam, CargoSample.loadInRotterdam,
                CargoSample.unloadInStockholm,
            ].prefix(handled))
        let delivery = Delivery(specification: CargoSample.specification, itinerary: CargoSample.itinerary, events: events)
        #expect(CargoSample.itinerary.legs.count == 2)
        #expect(delivery.isOnTrack)
        #expect(delivery.nextExpectedActivity == next)
        #expect(delivery.estimatedTimeOfArrival == SampleVoyages.day(4, 5))
    }

    @Test func nothingIsExpectedAfterTheClaim() {
        let events = [
            CargoSample.receive, CargoSample.loadInHongKong, CargoSample.unloadInRotterdam, CargoSample.loadInRotterdam,
            CargoSample.unloadInStockholm, CargoSample.claim,
        ]
        let delivery = Delivery(specification: CargoSample.specification, itinerary: CargoSample.itinerary, events: events)
        #expect(delivery.transportStatus == .claimed)
        #expect(delivery.nextExpectedActivity == nil)
        // A claimed cargo is never on track: its journey is closed.
        #expect(delivery.status == .claimed && !delivery.isOnTrack && delivery.estimatedTimeOfArrival == nil)
        #expect(HandlingActivity(kind: .load, location: "NLRTM", voyage: "NF-0310N").description == "load at NLRTM on NF-0310N")
    }

    @Test func estimatedTimeOfArrivalOnlyOnTrack() throws {
        let notRouted = Delivery(specification: CargoSample.specification, itinerary: nil, events: [CargoSample.receive])
        #expect(notRouted.routingStatus == .notRouted)
        #expect(notRouted.estimatedTimeOfArrival == nil && notRouted.nextExpectedActivity == nil)
        #expect(!notRouted.isMisdirected && !notRouted.isOnTrack)

        let laterDeadline = try RouteSpecification(
            origin: "HKHKG", destination: "FIHEL", readyTime: SampleVoyages.day(3, 1), arrivalDeadline: SampleVoyages.day(4, 30))
        let misrouted = Delivery(specification: laterDeadline, itinerary: CargoSample.itinerary, events: [CargoSample.receive])
        #expect(misrouted.routingStatus == .misrouted)
        #expect(misrouted.estimatedTimeOfArrival == nil && misrouted.nextExpectedActivity == nil)

        let onTrack = Delivery(specification: CargoSample.specification, itinerary: CargoSample.itinerary, events: [CargoSample.receive])
        #expect(onTrack.isOnTrack)
        #expect(onTrack.estimatedTimeOfArrival == SampleVoyages.day(4, 5))
    }

    @Test func aReRoutedItineraryFromWhereTheCargoWasUnloadedIsOnTrackAgain() throws {
        // Discharged in Hamburg instead of Rotterdam: misdirected.
        var cargo = try CargoSample.cargo()
        let unloadInHamburg = try CargoSample.event(.unload, "DEHAM", "AE1-0100W", SampleVoyages.day(4, 1))
        for event in [CargoSample.receive, CargoSample.loadInHongKong, unloadInHamburg] { try cargo.register(event) }
        #expect(cargo.isMisdirected)
        #expect(cargo.delivery.estimatedTimeOfArrival == nil)

        // A new specification from Hamburg after its 36 hours of transshipment, and the Baltic feeder.
        let fromHamburg = try RouteSpecification(
            origin: "DEHAM", destination: "SESTO", readyTime: SampleVoyages.day(4, 2, hour: 12), arrivalDeadline: SampleVoyages.day(4, 15))
        let onward = try CargoSample.network.earliestArrival(for: fromHamburg)
        #expect(onward.legs.map(\.voyage.number) == ["BF-0410E"])
        cargo.specifyNewRoute(fromHamburg)
        try cargo.assign(to: onward)

        // The unload in Hamburg is where the new itinerary starts: expected, so the cargo is on track.
        #expect(onward.isExpected(unloadInHamburg, after: CargoSample.loadInHongKong))
        let delivery = cargo.delivery
        #expect(delivery.routingStatus == .routed)
        #expect(!delivery.isMisdirected)
        #expect(delivery.isOnTrack)
        #expect(delivery.estimatedTimeOfArrival == SampleVoyages.day(4, 6))
        #expect(
            delivery.nextExpectedActivity
                == HandlingActivity(
                    kind: .load, location: "DEHAM", voyage: "BF-0410E", time: SampleVoyages.day(4, 3)))
    }
}

/// A cargo's delivery as the schedule now sails: one derivation that every front end reads.
@Suite struct LiveDeliveryTests {
    /// The schedule with the arrival of AE1-0100W at Rotterdam moved to `time`.
    static func network(arrivingInRotterdam time: Date) -> ScheduleNetwork {
        var live = LiveSchedule(published: CargoSample.network)
        _ = live.apply([
            VesselCallEvent(
                id: "late", created: SampleVoyages.day(3, 1), kind: .arrival, classifier: .estimated, time: time,
                call: CallReference(voyage: "AE1-0100W", port: "NLRTM"))
        ])
        return live.network()
    }

    /// A vessel late past the connection: the cargo is disrupted, not on track, with no ETA (its route no longer takes
    /// it there) and its next step as the schedule now sails; a delay the connection absorbs moves the times and leaves
    /// it on track; without the live schedule, the delivery is as planned.
    @Test func aCargoWhoseVesselIsLateIsDisruptedWithItsTimesAsTheScheduleNowSails() throws {
        let cargo = try CargoSample.cargo()
        let itinerary = try #require(cargo.itinerary)
        let planned = cargo.delivery
        #expect(planned.status == .onTrack && planned.estimatedTimeOfArrival == itinerary.arrivalTime)

        let late = cargo.delivery(over: Self.network(arrivingInRotterdam: SampleVoyages.day(4, 3)))
        #expect(late.status == .disrupted && !late.isOnTrack)
        #expect(late.disruption == .missesConnection(leg: 1, at: "NLRTM"))
        #expect(late.estimatedTimeOfArrival == nil)
        // By how much, and why: the vessel's arrival at Rotterdam, a day late.
        let cause = try #require(late.disruptionCause)
        let leg = itinerary.legs[0], needed = TimeInterval(leg.unloadLocation.transshipmentTime.components.seconds)
        #expect(
            cause.changes == [
                .init(voyage: "AE1-0100W", port: "NLRTM", kind: .arrival, shift: .seconds(SampleVoyages.day(4, 3).timeIntervalSince(leg.unloadTime)))
            ])
        #expect(cause.margin == .seconds(SampleVoyages.day(4, 3).timeIntervalSince(itinerary.legs[1].loadTime) + needed))
        #expect(cargo.delivery(over: nil) == planned)

        // Received, then loaded: the next step is the discharge at Rotterdam, at the vessel's new time.
        var aboard = cargo
        try aboard.register(CargoSample.receive)
        try aboard.register(CargoSample.loadInHongKong)
        let slightly = itinerary.legs[0].unloadTime + 3_600
        let delayed = aboard.delivery(over: Self.network(arrivingInRotterdam: slightly))
        #expect(delayed.status == .onTrack && delayed.disruption == nil)
        #expect(delayed.nextExpectedActivity == HandlingActivity(kind: .unload, location: "NLRTM", voyage: "AE1-0100W", time: slightly))
    }
}
