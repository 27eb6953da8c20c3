import Foundation
import RoutePlanner
@testable import RoutePlannerApplication
import RoutePlannerFormats
import RoutePlannerTestSupport
import Testing

/// The assignment use case through its port, with a fake solver: no GLPK needed here
/// (RoutePlannerAssignmentTests runs it with the real one).
@Suite struct AssignRoutesUseCaseTests {
    /// Carries every booking on its earliest arrival, and records what it was given.
    final class FakeSolver: AssignmentSolver, @unchecked Sendable {
        private let lock = NSLock()
        private var calls: [(bookings: [Booking], network: ScheduleNetwork, options: AssignmentOptions)] = []
        let failure: AssignmentError?

        init(failure: AssignmentError? = nil) { self.failure = failure }

        var recorded: [(bookings: [Booking], network: ScheduleNetwork, options: AssignmentOptions)] { lock.withLock { calls } }

        func assign(
            _ bookings: [Booking], on network: ScheduleNetwork, options: AssignmentOptions, progress: (@Sendable (String) -> Void)?
        ) throws(AssignmentError) -> AssignmentPlan {
            lock.withLock { calls.append((bookings, network, options)) }
            progress?("fake: \(bookings.count) bookings")
            if let failure { throw failure }
            let assignments = bookings.map { booking in
                let itinerary = try? network.earliestArrival(for: booking.specification)
                return BookingAssignment(booking: booking, itinerary: itinerary, reason: itinerary == nil ? .noItinerary : nil)
            }
            return AssignRoutesUseCaseTests.plan(assignments)
        }
    }

    static func plan(_ assignments: [BookingAssignment], busiest: [LegUtilisation] = []) -> AssignmentPlan {
        AssignmentPlan(
            assignments: assignments, status: .optimal, objective: 1_000, bound: 1_000, revenue: 1_000, greedyRevenue: 800,
            greedyObjective: 800, busiestLegs: busiest, duration: .milliseconds(1_500), columnCount: 12, rowCount: 7, pricingRounds: 2)
    }

    @Test func theRequestReadsTheOptions() throws {
        let request = try AssignRoutesRequest.create(AssignRoutesForm(timeLimit: "2.5", gap: "0.5%", modelFile: " /tmp/model.mps ")).get()
        #expect(request.options.timeLimit == .milliseconds(2_500))
        #expect(request.options.relativeGap == 0.005)
        #expect(request.options.modelFile?.path == "/tmp/model.mps")
        #expect(try AssignRoutesRequest.create(AssignRoutesForm(timeLimit: "60", gap: "0.01")).get().options.modelFile == nil)
        #expect(
            AssignRoutesRequest.create(AssignRoutesForm(timeLimit: "", gap: ""))
                == .failure(
                    ValidationError(fields: [
                        .timeLimit: "Enter a time limit from 1 to 3600 seconds.", .gap: "Enter a gap as a fraction (0.005) or a percentage (0.5%).",
                    ])))
        // Every field error at once.
        #expect(
            AssignRoutesRequest.create(AssignRoutesForm(timeLimit: "0", gap: "60%"))
                == .failure(
                    ValidationError(fields: [
                        .timeLimit: "Enter a time limit from 1 to 3600 seconds.", .gap: "Enter a gap from 0 to 50%.",
                    ])))
        #expect(
            AssignRoutesRequest.create(timeLimit: .seconds(7200), relativeGap: -0.1)
                == .failure(
                    ValidationError(fields: [
                        .timeLimit: "Enter a time limit from 1 to 3600 seconds.", .gap: "Enter a gap from 0 to 50%.",
                    ])))
    }

    @Test func thePresenterWritesEveryBookingAndTheTotals() throws {
        let carried = try Booking(id: "B1", teu: 1_000, specification: Sample.specification, revenuePerTEU: 1)
        let late = try Booking(id: "B2", teu: 5, specification: Sample.specification)
        let full = LegUtilisation(
            movement: ScheduleNetwork.MovementID(0), voyage: "NF-0310N", from: "NLRTM", to: "SEGOT", departure: SampleVoyages.day(4, 1), load: 1_000,
            capacity: 1_200)
        let plan = Self.plan(
            [
                BookingAssignment(booking: carried, itinerary: Sample.fastest, reason: nil),
                BookingAssignment(booking: late, itinerary: nil, reason: .capacity(fullLegs: [full])),
                BookingAssignment(booking: try Booking(id: "B3", teu: 1, specification: Sample.specification), itinerary: nil, reason: .noItinerary),
                BookingAssignment(booking: try Booking(id: "B4", teu: 1, specification: Sample.specification), itinerary: nil, reason: nil),
                BookingAssignment(
                    booking: try Booking(id: "B5", teu: 2, specification: Sample.specification, revenuePerTEU: 1_000), itinerary: nil,
                    reason: .unprofitable(revenuePerTEU: 1_000, handlingCostPerTEU: 1_250, haulageCostPerTEU: 0, penaltyPerTEU: 0)),
                BookingAssignment(
                    booking: try Booking(id: "B6", teu: 2, specification: Sample.specification, revenuePerTEU: 1_000), itinerary: nil,
                    reason: .unprofitable(revenuePerTEU: 1_000, handlingCostPerTEU: 2_300, haulageCostPerTEU: 200, penaltyPerTEU: 1_000)),
                BookingAssignment(booking: try Booking(id: "B7", teu: 1, specification: Sample.specification), itinerary: nil, reason: .notPlaced),
            ], busiest: [full])
        let report = AssignRoutesPresenter().content(for: AssignRoutesResponse(plan: plan, keptRouted: 2))
        #expect(
            report.bookings == [
                "B1  1000 TEU  HKHKG → NLRTM → SESTO  arrives Sun 5 Apr 2026, 00:00 UTC; arrives 10 days before the deadline; revenue 1,000",
                "B2  5 TEU  not carried: no room on NF-0310N NLRTM→SEGOT (1000/1200 TEU)",
                "B3  1 TEU  not carried: no itinerary reaches SESTO by the deadline",
                "B4  1 TEU  not carried",
                "B5  2 TEU  not carried: unprofitable: carrying it costs 1,250 per TEU against revenue of 1,000 per TEU",
                "B6  2 TEU  not carried: unprofitable: carrying it costs 2,500 per TEU (handling 2,300, trucks 200) against revenue of 1,000 per TEU and a penalty of 1,000 per TEU left out",
                "B7  1 TEU  not carried: an itinerary with room pays, but the solve stopped before it placed the booking",
            ])
        // The CSV and JSON say the same.
        let csv = AssignmentDocument.csv(plan).split(separator: "\n")
        #expect(
            csv.suffix(3) == [
                "B5,2,no,,,,,,,\"unprofitable: cost 1250 per TEU, revenue 1000 per TEU\"",
                "B6,2,no,,,,,,,\"unprofitable: cost 2500 per TEU (handling 2300, haulage 200), revenue 1000 per TEU, penalty 1000 per TEU\"",
                "B7,1,no,,,,,,,not placed: the solve stopped first",
            ])
        let json = AssignmentDocument.json(plan)
        #expect(
            json.contains("\"handlingCostPerTEU\" : 2300,") && json.contains("\"haulageCostPerTEU\" : 200,") && json.contains("\"kind\" : \"unprofitable\"")
                && json.contains("\"kind\" : \"notPlaced\""))
        #expect(
            report.totals == [
                "Carried: 1 of 7 bookings, 1,000 TEU",
                "Revenue: USD 1,000; greedy baseline USD 800 (+25.00%)",
                "left out: 12 TEU",
                "Solver: optimal; objective 1000.00, bound 1000.00, gap 0.000%, 1.5 s",
                "Model: 12 itineraries, 7 rows, 2 pricing rounds",
                "Kept: 2 cargo already routed, whose TEU the capacities leave out",
                // A response that wrote nothing is a preview.
                "Preview: nothing is written; 1 route to write",
            ])
        #expect(report.busiestLegs == ["NF-0310N NLRTM→SEGOT departing Wed 1 Apr 2026, 00:00 UTC: 1,000 of 1,200 TEU (83%)"])
        #expect(AssignRoutesPresenter().content(for: AssignRoutesResponse(plan: plan, keptRouted: 0)).totals.count == 6)
    }

    @Test func theInteractorAssignsOnlyOpenCargoOnTheCapacityLeft() async throws {
        let kept = try Sample.cargo("KEPT", teu: 1_000)
        let moving = try Sample.cargo("MOVING", teu: 10, routed: false, events: [Sample.receive])
        let open = try Sample.cargo("OPEN", teu: 100, routed: false)
        let repository = InMemoryCargoRepository([kept, moving, open])
        let solver = FakeSolver()
        let interactor = AssignRoutesInteractor(cargo: repository, voyages: Sample.schedule, solver: solver)
        let request = try AssignRoutesRequest.create(AssignRoutesForm(timeLimit: "5", gap: "0")).get()
        let response = try await interactor.execute(request).get()
        #expect(response.keptRouted == 1)
        let call = try #require(solver.recorded.first)
        // Only the cargo not routed and not yet received is assigned.
        #expect(call.bookings.map(\.id) == ["OPEN"])
        // The solve leaves 40 µs of the limit for writing the one booking's plan, and starts its clock at the request.
        var solveOptions = request.options
        solveOptions.timeLimit = .seconds(5) - .microseconds(40)
        #expect(call.options == solveOptions && call.options.started != nil)
        // The kept cargo's 1,000 TEU come off the feeder it rides.
        #expect(call.network.voyage("NF-0310N")?.movements.map(\.capacity) == [200, 200])
        #expect(call.network.voyage("NF-0320N")?.movements.map(\.capacity) == [1_200, 1_200])
        // The plan is written back; the kept cargo is as it was.
        #expect(try await repository.cargo("OPEN")?.itinerary?.legKeys == Sample.fastest.legKeys)
        #expect(try await repository.cargo("KEPT") == kept)
        #expect(try await repository.cargo("KEPT")?.itinerary == Sample.fastest)
        #expect(try await repository.cargo("MOVING")?.itinerary == nil)
        // Every open cargo is accounted for: the one received without an itinerary is named, with its last move.
        #expect(response.leftOut == [AssignRoutesResponse.LeftOut(trackingId: "MOVING", teu: 10, lastMove: Sample.receive)])
        let report = AssignRoutesPresenter().content(for: response)
        #expect(
            report.bookings.last
                == "MOVING  10 TEU  not assigned: handled without an itinerary (last receive at HKHKG, Sun 1 Mar 2026, 00:00 UTC); route it from where it is")
        #expect(report.totals.last == "Not assigned: 1 cargo handled without an itinerary, to be routed from where they are")
        let json = AssignmentDocument.json(response.plan, notAssigned: response.leftOut)
        #expect(json.contains(#""trackingId" : "MOVING""#) && json.contains(#""reason" : "handledWithoutItinerary""#))
        #expect(!AssignmentDocument.json(response.plan).contains("notAssigned"))
        // With nothing left to assign, the error names them too.
        let onlyMoving = AssignRoutesInteractor(cargo: InMemoryCargoRepository([moving]), voyages: Sample.schedule, solver: solver)
        guard case .failure(let error) = await onlyMoving.execute(request) else { Issue.record("nothing to assign was assigned"); return }
        #expect(
            error
                == .invalidOperation(
                    "There are no bookings to assign: every cargo is routed or on its way; MOVING is handled without an itinerary: route it from where it is."))
    }

    /// A store in which another planner changes a cargo while the solver runs: the change lands just before the
    /// interactor stores the plan.
    actor ChangedMeanwhile: ForwardingCargoRepository {
        let base: InMemoryCargoRepository
        nonisolated var forwarded: any CargoRepository { base }
        let change: @Sendable (inout Cargo) throws -> Void
        let trackingId: TrackingId

        init(_ base: InMemoryCargoRepository, changing trackingId: TrackingId, _ change: @escaping @Sendable (inout Cargo) throws -> Void) {
            self.base = base
            self.trackingId = trackingId
            self.change = change
        }

        func save(_ cargo: [Cargo], unlessChangedSince read: [Cargo]) async throws -> [TrackingId] {
            if var changed = try await base.cargo(trackingId) {
                try change(&changed)
                try await base.save(changed)
            }
            return try await base.save(cargo, unlessChangedSince: read)
        }

    }

    @Test(arguments: ["received", "routed", "respecified"])
    func aCargoChangedWhileTheSolverRunsKeepsItsChange(_ change: String) async throws {
        let open = try Sample.cargo("OPEN", teu: 10, routed: false)
        let other = try Sample.cargo("OTHER", teu: 10, routed: false)
        let base = InMemoryCargoRepository([open, other])
        let later = try RouteSpecification(
            origin: Sample.specification.origin, destination: Sample.specification.destination,
            readyTime: Sample.specification.readyTime, arrivalDeadline: Sample.specification.arrivalDeadline + 86_400)
        let repository = ChangedMeanwhile(base, changing: "OTHER") { cargo in
            switch change {
            case "received": try cargo.register(Sample.receive)
            case "routed": try cargo.assign(to: Sample.fastest)
            default: cargo.specifyNewRoute(later)
            }
        }
        let interactor = AssignRoutesInteractor(cargo: repository, voyages: Sample.schedule, solver: FakeSolver())
        let request = try AssignRoutesRequest.create(AssignRoutesForm(timeLimit: "5", gap: "0")).get()
        let response = try await interactor.execute(request).get()
        // The solver carried both; only the one nobody touched is stored, and the other keeps its change.
        #expect(response.plan.assignments.allSatisfy { $0.itinerary != nil })
        #expect(response.changedMeanwhile == ["OTHER"])
        #expect(try await base.cargo("OPEN")?.itinerary?.legKeys == Sample.fastest.legKeys)
        let stored = try #require(try await base.cargo("OTHER"))
        switch change {
        case "received": #expect(stored.itinerary == nil && stored.handlingEvents == [Sample.receive])
        case "routed": #expect(stored.itinerary == Sample.fastest)
        default: #expect(stored.specification == later && stored.itinerary == nil)
        }
        let report = AssignRoutesPresenter().content(for: response)
        #expect(report.bookings.last == "OTHER  not written: it changed while the routes were written, and keeps its change: assign again or route it")
        #expect(report.totals.last == "Not stored: 1 of 2 routes, each named with why: what changed while the assignment ran is kept")
        let json = AssignmentDocument.json(response.plan, notStored: response.changedMeanwhile)
        #expect(json.contains(#""notStored" : ["#))
        #expect(try JSONSchemas.problems([json], schema: "assign").isEmpty)
    }

    /// The time the solve leaves for writing the plan: 40 µs a booking, at most half the limit.
    @Test func theSolveLeavesTimeToWriteThePlan() {
        #expect(AssignRoutesInteractor.writingTime(forBookings: 20_000, within: .seconds(2)) == .milliseconds(800))
        #expect(AssignRoutesInteractor.writingTime(forBookings: 20_000, within: .seconds(1)) == .milliseconds(500))
        #expect(AssignRoutesInteractor.writingTime(forBookings: 0, within: .seconds(1)) == .zero)
    }

    @Test func theInteractorReportsTheSolversProgress() async throws {
        let repository = InMemoryCargoRepository([try Sample.cargo(routed: false)])
        let lines = Lines()
        let interactor = AssignRoutesInteractor(cargo: repository, voyages: Sample.schedule, solver: FakeSolver(), progress: { lines.append($0) })
        _ = await interactor.execute(try AssignRoutesRequest.create(AssignRoutesForm()).get())
        #expect(lines.all == ["fake: 1 bookings"])
    }

    final class Lines: @unchecked Sendable {
        private let lock = NSLock()
        private var lines: [String] = []
        func append(_ line: String) { lock.withLock { lines.append(line) } }
        var all: [String] { lock.withLock { lines } }
    }

    @Test(arguments: [
        (AssignmentError.cancelled, DomainError.cancelled),
        (.unknownLocation(booking: "B", "SESTX"), .schedule(.unknownLocation("SESTX", closest: ["SESTO"]))),
        (.solverFailed("glp_intopt: 5"), .invalidOperation("the solver failed: glp_intopt: 5")),
    ])
    func theInteractorTurnsSolverErrorsIntoDomainErrors(_ error: AssignmentError, _ expected: DomainError) async throws {
        let repository = InMemoryCargoRepository([try Sample.cargo(routed: false)])
        let interactor = AssignRoutesInteractor(cargo: repository, voyages: Sample.schedule, solver: FakeSolver(failure: error))
        let result = await interactor.execute(try AssignRoutesRequest.create(AssignRoutesForm()).get())
        guard case .failure(let failure) = result else { Issue.record("\(result)"); return }
        #expect(failure == expected)
        #expect(try await repository.cargo("ABC123")?.itinerary == nil)
    }

    @Test func theInteractorSaysWhenThereIsNothingToAssign() async throws {
        let solver = FakeSolver()
        let interactor = AssignRoutesInteractor(cargo: InMemoryCargoRepository([try Sample.cargo()]), voyages: Sample.schedule, solver: solver)
        let result = await interactor.execute(try AssignRoutesRequest.create(AssignRoutesForm()).get())
        guard case .failure(let failure) = result else { Issue.record("\(result)"); return }
        #expect(failure == .invalidOperation("There are no bookings to assign: every cargo is routed or on its way."))
        #expect(solver.recorded.isEmpty)
    }
}
