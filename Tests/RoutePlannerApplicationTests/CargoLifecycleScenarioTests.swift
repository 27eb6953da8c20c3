import Foundation
import RoutePlanner
import RoutePlannerApplication
import RoutePlannerBcrypt
import RoutePlannerFormats
import RoutePlannerTestSupport
import Testing

/// The DDD sample's cargo lifecycle as one story, on real codes, through the application layer's
/// coordinators: book, route, handle, misdirect, re-route from where the cargo is, arrive.
@Suite struct CargoLifecycleScenarioTests {
    @Test func aContainerFromHongKongToStockholmIsMisdirectedAndReRouted() async throws {
        // A schedule of real ports (see SampleVoyages) and empty cargo and customer repositories, wired as an app would.
        let schedule = InMemoryScheduleRepository(network: SampleVoyages.network())
        let cargo = InMemoryCargoRepository(), customers = InMemoryCustomerRepository()
        let app = RoutePlannerComposition(
            files: CSVPlannerFileReader(), passwords: BcryptPasswordHasher(), locations: schedule, voyages: schedule, cargo: cargo, customers: customers,
            now: Sample.asOf)

        // 1. Book: Acme Shipping, in Hong Kong, books a container to Stockholm, ready 1 March, due 15 April.
        #expect(await app.registerCustomer(RegisterCustomerForm(id: "ACME", name: "Acme Shipping")).text() == .success("Customer ACME: Acme Shipping."))
        #expect(
            await app.bookCargo(BookCargoForm(origin: "HKHKG", destination: "SESTO", ready: "2026-03-01", deadline: "2026-04-15", customer: "ACME")).text()
                == .success("Booked RP000001: 1 TEU for ACME, HKHKG → SESTO, ready Sun 1 Mar 2026, 00:00 UTC, due Wed 15 Apr 2026, 23:59 UTC."))
        // A customer nobody registered cannot book.
        #expect(
            await app.bookCargo(BookCargoForm(origin: "HKHKG", destination: "SESTO", ready: "2026-03-01", deadline: "2026-04-15", customer: "NOBODY"))
                == .failure(ViewFailure(.rejected, "There is no customer NOBODY; register it first.")))
        var tracked = try await Self.track(app)
        #expect(tracked.status == "not routed")
        #expect(tracked.transportStatus == "not received")

        // 2. Route by tracking id: the fastest option goes via Rotterdam on the first week's loop and feeder.
        let options = await app.routeCargo(RouteCargoForm(trackingId: "RP000001"))
        guard case .success(let views) = options else { Issue.record("\(options)"); return }
        #expect(views.map(\.route) == ["HKHKG → NLRTM → SESTO", "HKHKG → NLRTM → SESTO"])
        #expect(views[0].id == "AE1-0100W:HKHKG-NLRTM,NF-0310N:NLRTM-SESTO")

        // 3. Assign candidate 1.
        #expect(
            await app.assignToRoute(AssignToRouteForm(trackingId: "RP000001", candidate: "1")).text()
                == .success(
                    "Cargo RP000001 is routed HKHKG → NLRTM → SESTO, arriving Sun 5 Apr 2026, 00:00 UTC; it arrives 10 days 23 hours before the deadline."))
        #expect(
            await app.assignToRoute(AssignToRouteForm(trackingId: "RP000001", candidate: "3"))
                == .failure(
                    ViewFailure(
                        .rejected, "Cargo RP000001 has no options: a cargo's options are spent once its route is assigned; route it again to find new ones.")))
        tracked = try await Self.track(app)
        #expect(tracked.status == "on track")
        #expect(tracked.nextExpectedActivity == "receive at HKHKG")
        #expect(tracked.estimatedTimeOfArrival == "Sun 5 Apr 2026, 00:00 UTC")

        // 4. Handle: received and loaded in Hong Kong, discharged in Rotterdam, loaded onto the feeder.
        for (event, location, voyage, time) in [
            ("receive", "HKHKG", "", "2026-03-01T08:00:00Z"),
            ("load", "HKHKG", "AE1-0100W", "2026-03-02T00:00:00Z"),
            ("unload", "NLRTM", "AE1-0100W", "2026-03-30T00:00:00Z"),
            ("load", "NLRTM", "NF-0310N", "2026-04-01T00:00:00Z"),
        ] {
            let state = await Self.handle(app, event, location, voyage, time)
            guard case .success(let message) = state else { Issue.record("\(event) at \(location): \(state)"); return }
            #expect(message.contains(", on track"), "\(message)")
        }
        tracked = try await Self.track(app)
        #expect(tracked.transportStatus == "on board carrier")
        #expect(tracked.currentVoyage == "NF-0310N")
        #expect(tracked.nextExpectedActivity == "unload at SESTO on NF-0310N, Sun 5 Apr 2026, 00:00 UTC")

        // 5. Misdirect: the feeder discharges the container in Göteborg instead of Stockholm.
        #expect(
            await Self.handle(app, "unload", "SEGOT", "NF-0310N", "2026-04-03T00:00:00Z")
                == .success("Cargo RP000001: unload at SEGOT on NF-0310N at Fri 3 Apr 2026, 00:00 UTC registered. Now in port, misdirected."))
        tracked = try await Self.track(app)
        #expect(tracked.status == "misdirected")
        #expect(tracked.isMisdirected && !tracked.isOnTrack)
        #expect(tracked.advice == "The unload at SEGOT on NF-0310N was not the next step of its itinerary: route it again from SEGOT.")
        #expect(tracked.lastKnownLocation == "SEGOT")  // a call the itinerary passes, not one of its ports
        #expect(tracked.nextExpectedActivity == nil)
        #expect(tracked.estimatedTimeOfArrival == nil)
        // It is among the cargo that needs routing again.
        let misdirected = await app.listCargo(ListCargoForm(status: "misdirected"))
        #expect(misdirected.map { $0.map(\.trackingId) } == .success(["RP000001"]))

        // 6. Route again by tracking id, from where it is: Göteborg, once its day of transshipment has passed.
        //    Only the next week's feeder still calls there in time.
        let again = await app.routeCargo(RouteCargoForm(trackingId: "RP000001"))
        guard case .success(let onward) = again else { Issue.record("\(again)"); return }
        #expect(onward.map(\.id) == ["NF-0320N:SEGOT-SESTO"])
        #expect(onward[0].departure == "Fri 10 Apr 2026, 18:00 UTC")
        let offer = try #require(try await cargo.offer(for: "RP000001"))
        #expect(offer.specification.origin == "SEGOT")
        #expect(offer.specification.readyTime == SampleVoyages.day(4, 4))

        // 7. Assign it: the cargo takes the specification from Göteborg and the feeder.
        #expect(
            await app.assignToRoute(AssignToRouteForm(trackingId: "RP000001", candidate: "1")).text()
                == .success("Cargo RP000001 is routed SEGOT → SESTO, arriving Sun 12 Apr 2026, 00:00 UTC; it arrives 3 days 23 hours before the deadline."))

        // 8. Track: on track again, with the new ETA; the unload in Göteborg is where the itinerary starts.
        tracked = try await Self.track(app)
        #expect(tracked.status == "on track")
        #expect(tracked.isOnTrack && !tracked.isMisdirected)
        #expect(tracked.routingStatus == "routed")
        #expect(tracked.transportStatus == "in port")
        #expect(tracked.estimatedTimeOfArrival == "Sun 12 Apr 2026, 00:00 UTC")
        #expect(tracked.nextExpectedActivity == "load at SEGOT on NF-0320N, Fri 10 Apr 2026, 18:00 UTC")
        #expect(tracked.route == "SEGOT → SESTO")
        #expect(tracked.events.count == 5)
        let reRoute = await app.reRouteCargo(ReRouteCargoForm())
        #expect(reRoute == .success([]))

        // And the journey ends: discharged in Stockholm and claimed.
        #expect(await Self.handle(app, "load", "SEGOT", "NF-0320N", "2026-04-10T18:00:00Z").isSuccess)
        #expect(await Self.handle(app, "unload", "SESTO", "NF-0320N", "2026-04-12T00:00:00Z").isSuccess)
        #expect(await Self.handle(app, "claim", "SESTO", "", "2026-04-12T09:00:00Z").isSuccess)
        tracked = try await Self.track(app)
        #expect(tracked.status == "claimed")
        #expect(
            await app.routeCargo(RouteCargoForm(trackingId: "RP000001"))
                == .failure(ViewFailure(.rejected, "Cargo RP000001 was claimed at SESTO at Sun 12 Apr 2026, 09:00 UTC; its journey is closed.")))
        // A claimed cargo is never on track, and is not re-routed: asked for, it is named closed.
        #expect(!tracked.isOnTrack && tracked.advice == "None: its journey is closed.")
        guard case .success(let closed) = await app.reRouteCargo(ReRouteCargoForm(trackingId: "RP000001")) else {
            Issue.record("reroute RP000001 failed")
            return
        }
        #expect(closed.map(\.reason) == ["claimed"])
        #expect(closed.first?.problem == "Cargo RP000001 was claimed at SESTO at Sun 12 Apr 2026, 09:00 UTC; its journey is closed.")
        // Nothing happens after the claim, and nothing before the booked ready time.
        #expect(
            await Self.handle(app, "customs", "SESTO", "", "2026-04-13T00:00:00Z")
                == .failure(ViewFailure(.rejected, "Cargo RP000001: the cargo was claimed at 2026-04-12T09:00:00Z; nothing can happen to it afterwards.")))
        #expect(
            await Self.handle(app, "customs", "HKHKG", "", "2026-01-13T00:00:00Z")
                == .failure(ViewFailure(.rejected, "Cargo RP000001: the cargo was booked ready at 2026-03-01T00:00:00Z; nothing can happen to it before.")))
        // A cargo nobody booked cannot be tracked.
        #expect(await app.trackCargo(TrackCargoForm(trackingId: "XYZ999")) == .failure(ViewFailure(.notFound, "There is no cargo with tracking id XYZ999.")))
    }

    static func track(_ app: RoutePlannerComposition) async throws -> CargoTrackingView {
        let state = await app.trackCargo(TrackCargoForm(trackingId: "RP000001"))
        guard case .success(let view) = state else { throw TrackingFailed(state: state) }
        return view
    }

    struct TrackingFailed: Error { let state: ViewState<CargoTrackingView, TrackCargoForm.Field> }

    /// Registers an event reported an hour after it happened.
    static func handle(_ app: RoutePlannerComposition, _ event: String, _ location: String, _ voyage: String, _ time: String) async -> ViewState<
        String, RegisterHandlingEventForm.Field
    > {
        let reported = (try! Date(time, strategy: .iso8601) + 3600).formatted(.iso8601)
        return await app.registerHandlingEvent(
            RegisterHandlingEventForm(
                trackingId: "RP000001", event: event, location: location, voyage: voyage, completionTime: time, registrationTime: reported)
        ).text()
    }
}

extension ViewState {
    var isSuccess: Bool { if case .success = self { true } else { false } }

    func map<T>(_ transform: (Content) -> T) -> Result<T, ViewStateFailure> {
        if case .success(let content) = self { .success(transform(content)) } else { .failure(ViewStateFailure(description: "\(self)")) }
    }
}

struct ViewStateFailure: Error, Equatable { let description: String }
