import Foundation
import RoutePlanner
import RoutePlannerApplication
import RoutePlannerTestSupport
import Testing

@Suite struct RouteCargoPresenterTests {
    static let specification = Sample.specification

    static func fastest() throws -> Itinerary { try SampleVoyages.network().earliestArrival(for: specification) }

    @Test func formatsAnItineraryForAPlanner() throws {
        let state = RouteCargoPresenter().present(.success(RouteCargoResponse(specification: Self.specification, itineraries: [try Self.fastest()])))
        #expect(
            state
                == .success([
                    ItineraryViewModel(
                        itinerary: try Self.fastest(),
                        id: "AE1-0100W:HKHKG-NLRTM,NF-0310N:NLRTM-SESTO",
                        departure: "Mon 2 Mar 2026, 00:00 UTC", arrival: "Sun 5 Apr 2026, 00:00 UTC",
                        transitTime: "34 days", transitDays: 34, route: "HKHKG → NLRTM → SESTO",
                        transshipments: ["Rotterdam (NLRTM): waits 2 days"],
                        legs: ["AE1-0100W: Hong Kong (HKHKG) → Rotterdam (NLRTM)", "NF-0310N: Rotterdam (NLRTM) → Stockholm (SESTO)"],
                        slack: "arrives 10 days before the deadline")
                ]))
    }

    @Test func keepsTheOrderOfTheCandidatesAndShowsNoneAsEmpty() throws {
        let candidates = try SampleVoyages.network().candidates(for: Self.specification)
        let state = RouteCargoPresenter().present(
            .success(RouteCargoResponse(trackingId: "ABC123", specification: Self.specification, itineraries: candidates)))
        guard case .success(let views) = state else { Issue.record("\(state)"); return }
        #expect(views.map(\.arrival) == ["Sun 5 Apr 2026, 00:00 UTC", "Sun 12 Apr 2026, 00:00 UTC"])
        #expect(views[1].slack == "arrives 3 days before the deadline")
        #expect(RouteCargoPresenter().present(.success(RouteCargoResponse(specification: Self.specification, itineraries: []))) == .success([]))
    }

    @Test func showsTimesInThePlannersZoneWithTheZoneWritten() throws {
        let format = PlannerFormat(timeZone: TimeZone(identifier: "Asia/Kolkata")!)
        let view = format.itinerary(Self.specification, try Self.fastest())
        #expect(view.departure == "Mon 2 Mar 2026, 05:30 UTC+05:30")
        #expect(view.arrival == "Sun 5 Apr 2026, 05:30 UTC+05:30")
        let state = RouteCargoPresenter(format: format).present(
            .success(RouteCargoResponse(specification: Self.specification, itineraries: [try Self.fastest()])))
        #expect(state == .success([view]))
    }

    @Test(arguments: [
        (DomainError.schedule(.unknownLocation("NLRTX", closest: ["NLRTM", "NLAMS"])), "NLRTX is not a port of this network. Did you mean NLRTM, NLAMS?"),
        (.schedule(.unknownLocation("ZZZZZ", closest: [])), "ZZZZZ is not a port of this network."),
        (
            .schedule(.noRoute(specification, earliestPossibleArrival: SampleVoyages.day(4, 20, hour: 7))),
            "No sailing reaches SESTO by 2026-04-15; the earliest possible arrival is 2026-04-20."
        ),
        (.schedule(.noRoute(specification, earliestPossibleArrival: nil)), "No sailing connects HKHKG to SESTO after 2026-03-01 in this schedule."),
        (.cargo(.notFound("ABC123")), "There is no cargo with tracking id ABC123."),
        (.customer(.notFound("ACME")), "There is no customer ACME; register it first."),
        (.schedule(.unknownVoyage("V9")), "Voyage V9 is not in the schedule."),
        (
            .cargo(.itineraryDoesNotFit(trackingId: "ABC123", reasons: ["it arrives after the deadline"])),
            "This itinerary does not fit cargo ABC123: it arrives after the deadline."
        ),
        (.invalidOperation("Cargo ABC123 is already at its destination, SESTO."), "Cargo ABC123 is already at its destination, SESTO."),
        (.storage(.unavailable("schedule.csv:2:1: error: …")), "The schedule or the cargo cannot be read or written; the log says why."),
        (.cancelled, "Cancelled."),
        (.schedule(.invalidScenario(.unknownVoyage("XX-1"))), "What if: voyage XX-1 is not in the schedule."),
        (
            .fileErrors([ImportDiagnostic(file: "r.csv", line: 2, column: 1, severity: .error, message: "no cargo has tracking id X")], omitted: 0),
            "1 error; nothing in the file was used:\nr.csv:2:1: error: no cargo has tracking id X"
        ),
        (
            .fileErrors([ImportDiagnostic(file: "r.csv", line: 2, column: 1, severity: .error, message: "bad")], omitted: 2),
            "3 errors; nothing in the file was used:\nr.csv:2:1: error: bad\nand 2 more"
        ),
    ])
    func writesDomainErrorsAsActions(_ error: DomainError, _ message: String) {
        #expect(RouteCargoPresenter().present(.failure(.domain(error))).failureMessage == message)
        #expect(PlannerFormat().message(for: error) == message)
    }

    /// Every failure carries the kind each front end maps to its status or exit code, and a store's own words go to
    /// the log alone.
    @Test(arguments: [
        (DomainError.cargo(.notFound("ABC123")), ViewFailure.Kind.notFound), (.account(.userNotFound("alice")), .notFound),
        (.account(.tokenNotFound("t")), .notFound),
        (.storage(.conflict("cargo RP000001 was changed")), .conflict), (.account(.userExists("alice")), .conflict),
        (.account(.notPermitted(.assignRoutes)), .forbidden),
        (.account(.notAuthenticated), .unauthenticated), (.account(.tooManyAttempts(retryAfter: 30)), .throttled(retryAfter: 30)),
        (.storage(.unavailable("database is locked")), .unavailable), (.cancelled, .unavailable), (.customer(.notFound("ACME")), .rejected),
        (.schedule(.unknownVoyage("V9")), .rejected), (.invalidOperation("no"), .rejected),
        (.customer(.registered(Customer(id: "ACME", name: "Acme Shipping")!, newName: "Acme")), .conflict),
        (.cargo(.cancelled("ABC123", at: SampleVoyages.day(3, 1))), .rejected), (.schedule(.capacitiesUnknown), .rejected),
        (.fileErrors([], omitted: 1), .rejected),
    ])
    func presentsEachFailureWithItsKind(_ error: DomainError, _ kind: ViewFailure.Kind) {
        guard case .failure(let failure) = RouteCargoPresenter().present(.failure(.domain(error))) else { Issue.record("not a failure"); return }
        #expect(failure.kind == kind)
        #expect(failure.logged == (kind == .unavailable && error != .cancelled ? "database is locked" : nil))
        #expect(!failure.message.contains("database is locked"))
    }

    @Test func passesFieldErrorsOn() {
        let fields: [RouteCargoForm.Field: String] = [.origin: "Enter a UN/LOCODE, such as NLRTM."]
        #expect(RouteCargoPresenter().present(.failure(.validation(ValidationError(fields: fields)))) == .validationFailure(fields))
    }

    @Test(arguments: [
        (0.0, "USD 0.00", "USD 0"), (307.5, "USD 307.50", "USD 308"), (1_234.005, "USD 1,234.01", "USD 1,234"), (-35.0, "USD -35.00", "USD -35"),
        (12_345_678.9, "USD 12,345,678.90", "USD 12,345,679"), (Double.nan, "USD -", "USD -"), (-Double.infinity, "USD -", "USD -"),
        (0.004, "USD 0.00", "USD 0"), (-0.006, "USD -0.01", "USD 0"),
    ])
    func writesMoneyInDollarsWithItsThousandsGrouped(_ amount: Double, _ cents: String, _ dollars: String) {
        #expect(PlannerFormat.money(amount) == cents && PlannerFormat.dollars(amount) == dollars)
    }

    /// One date style on every screen: a port's local time, and the times a recorded change holds, read as every other.
    @Test func everyTimeReadsAlike() {
        let format = PlannerFormat()
        let time = Date(timeIntervalSince1970: 1_772_611_200)  // 2026-03-04T08:00:00Z
        #expect(format.dateTime(time, utcOffset: 8 * 3_600) == "Wed 4 Mar 2026, 16:00 UTC+08:00")
        #expect(format.dateTime(time, utcOffset: nil) == "Wed 4 Mar 2026, 08:00 UTC")
        #expect(
            format.dateTimes(in: "CNSHA → NLRTM, due 2026-04-30T23:59:59Z; cancelled at 2026-03-04T08:00:00Z")
                == "CNSHA → NLRTM, due Thu 30 Apr 2026, 23:59 UTC; cancelled at Wed 4 Mar 2026, 08:00 UTC")
        #expect(format.dateTimes(in: "no time here, 2026-03-04 or 2026-13-45T99:99:99Z") == "no time here, 2026-03-04 or 2026-13-45T99:99:99Z")
        // Times at either end, next to each other, after a digit; a time cut short is text.
        #expect(format.dateTimes(in: "2026-03-04T08:00:00Z") == "Wed 4 Mar 2026, 08:00 UTC")
        #expect(
            format.dateTimes(in: "№12026-03-04T08:00:00Z2026-04-30T23:59:59Z")
                == "№1Wed 4 Mar 2026, 08:00 UTCThu 30 Apr 2026, 23:59 UTC")
        #expect(format.dateTimes(in: "2026-03-04T08:00:00") == "2026-03-04T08:00:00" && format.dateTimes(in: "") == "")
    }
}
