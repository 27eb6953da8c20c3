import Foundation
import RoutePlanner
import RoutePlannerApplication
import RoutePlannerTestSupport
import Testing

/// A use case that records its requests and answers from a script; for testing the controller alone.
final class FakeRouteCargo: UseCase, @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [RouteCargoRequest] = []
    let answer: Result<RouteCargoResponse, DomainError>

    init(answer: Result<RouteCargoResponse, DomainError>) { self.answer = answer }

    var requests: [RouteCargoRequest] { lock.withLock { recorded } }

    func execute(_ request: RouteCargoRequest) async -> Result<RouteCargoResponse, DomainError> {
        lock.withLock { recorded.append(request) }
        return answer
    }
}

/// The route request's factories, through the controller.
@Suite struct RouteCargoControllerTests {
    static let noRoute = DomainError.schedule(
        .noRoute(
            try! RouteSpecification(origin: "CNSHA", destination: "NLRTM", readyTime: SampleVoyages.day(3, 1), arrivalDeadline: SampleVoyages.day(3, 2)),
            earliestPossibleArrival: nil))

    @Test func normalisesCodesAndReadsDatesAsTheDocsSay() async throws {
        let fake = FakeRouteCargo(answer: .failure(Self.noRoute))
        let controller = Controller(useCase: fake)
        _ = await controller.handle(
            RouteCargoForm(
                origin: " cnsha ", destination: "NLRTM", ready: "2026-03-01", deadline: "2026-04-01", limit: "3",
                maxTransshipments: "1", via: ["sgsin", ""], avoid: ["DE9B0"], avoidVoyages: ["WS15-W09"]))
        let request = try #require(fake.requests.first)
        guard case .specification(let specification) = request.target else { Issue.record("\(request.target)"); return }
        #expect(specification.origin == "CNSHA")
        #expect(specification.readyTime == Sample.utc("2026-03-01T00:00:00Z"))
        #expect(specification.arrivalDeadline == Sample.utc("2026-04-01T23:59:59Z"))
        #expect(request.limit == 3)
        #expect(request.options == RoutingOptions(maxTransshipments: 1, via: ["SGSIN"], avoidedLocations: ["DE9B0"], avoidedVoyages: ["WS15-W09"]))
    }

    @Test func reportsEveryFieldErrorAtOnceWithoutCallingTheUseCase() async {
        let fake = FakeRouteCargo(answer: .failure(Self.noRoute))
        let result = await Controller(useCase: fake).handle(
            RouteCargoForm(
                origin: "CN-SHA", destination: "", ready: "2026-03-01T08:00", deadline: "next week", limit: "0",
                maxTransshipments: "eleven", via: ["XX"], avoid: ["NLRTM"]))
        #expect(fake.requests.isEmpty)
        #expect(
            result
                == .failure(
                    .validation(
                        ValidationError(fields: [
                            .origin: "\"CN-SHA\" is not a UN/LOCODE: 2 letters for the country and 3 letters or digits for the place, such as NLRTM.",
                            .destination: "Enter a UN/LOCODE, such as NLRTM.",
                            .ready:
                                "\"2026-03-01T08:00\" has no time zone; write \"2026-03-01T08:00Z\" for UTC or add the offset, as in \"2026-03-01T08:00+01:00\".",
                            .deadline: "\"next week\" is not a date (2026-03-01) or a date-time with a zone (2026-03-01T08:00:00Z).",
                            .limit: "Enter a whole number from 1 to 50.",
                            .maxTransshipments: "Enter a whole number from 0 to 10.",
                            .via: "\"XX\" is not a UN/LOCODE: 2 letters for the country and 3 letters or digits for the place, such as NLRTM.",
                        ]))))
    }

    @Test func checksAcrossFields() async {
        let fake = FakeRouteCargo(answer: .failure(Self.noRoute))
        let result = await Controller(useCase: fake).handle(
            RouteCargoForm(
                origin: "NLRTM", destination: "nlrtm", ready: "2026-03-02", deadline: "2026-03-01", via: ["NLRTM"], avoid: ["NLRTM"]))
        #expect(
            result
                == .failure(
                    .validation(
                        ValidationError(fields: [
                            .destination: "The destination must differ from the origin.",
                            .deadline: "The deadline must be after the ready time.",
                            .via: "NLRTM is the origin or the destination; a via port lies between them.",
                            .avoid: "NLRTM cannot be avoided: it is the origin, the destination or a via port.",
                        ]))))
        #expect(
            await Controller(useCase: fake).handle(
                RouteCargoForm(
                    origin: "CNSHA", destination: "NLRTM", ready: "2026-03-01", deadline: "2026-04-01", via: ["SGSIN", "SGSIN"]))
                == .failure(.validation(ValidationError(fields: [.via: "A via port is repeated."]))))
        #expect(fake.requests.isEmpty)
    }

    @Test func routesABookedCargoByItsTrackingId() async throws {
        let fake = FakeRouteCargo(answer: .failure(Self.noRoute))
        _ = await Controller(useCase: fake).handle(RouteCargoForm(trackingId: " RP000001 ", limit: "2", avoidVoyages: ["AE1-0100W"]))
        let request = try #require(fake.requests.first)
        #expect(request.target == .cargo(trackingId: "RP000001"))
        #expect(request.limit == 2)
        #expect(request.options == RoutingOptions(avoidedVoyages: ["AE1-0100W"]))
    }

    @Test func aBookedCargoTakesNoSpecificationFields() async {
        let fake = FakeRouteCargo(answer: .failure(Self.noRoute))
        let result = await Controller(useCase: fake).handle(
            RouteCargoForm(
                trackingId: "RP000001", origin: "CNSHA", destination: "NLRTM", ready: "2026-03-01", deadline: "2026-04-01", limit: "99"))
        let blank = "Leave this blank: a booked cargo is routed by its own specification."
        #expect(
            result
                == .failure(
                    .validation(
                        ValidationError(fields: [
                            .origin: blank, .destination: blank, .ready: blank, .deadline: blank, .limit: "Enter a whole number from 1 to 50.",
                        ]))))
        #expect(fake.requests.isEmpty)
    }

    @Test func passesDomainErrorsThroughUntransformed() async {
        let fake = FakeRouteCargo(answer: .failure(Self.noRoute))
        let result = await Controller(useCase: fake).handle(
            RouteCargoForm(origin: "CNSHA", destination: "NLRTM", ready: "2026-03-01", deadline: "2026-03-02"))
        #expect(result == .failure(.domain(Self.noRoute)))
        #expect(fake.requests.count == 1)
    }

    @Test func passesTheResponseThroughUntransformed() async {
        let response = RouteCargoResponse(trackingId: "ABC123", specification: Sample.specification, itineraries: [Sample.fastest])
        let fake = FakeRouteCargo(answer: .success(response))
        #expect(await Controller(useCase: fake).handle(RouteCargoForm(trackingId: "ABC123")) == .success(response))
    }

    @Test func requestFactoryValidatesTypedInput() {
        let result = RouteCargoRequest.create(
            origin: "CNSHA", destination: "CNSHA", readyTime: SampleVoyages.day(3, 10), arrivalDeadline: SampleVoyages.day(3, 1), limit: 51,
            maxTransshipments: -1)
        #expect(
            result
                == .failure(
                    ValidationError(fields: [
                        .destination: "The destination must differ from the origin.",
                        .deadline: "The deadline must be after the ready time.",
                        .limit: "Enter a whole number from 1 to 50.",
                        .maxTransshipments: "Enter a whole number from 0 to 10.",
                    ])))
        let valid = RouteCargoRequest.create(
            origin: "HKHKG", destination: "SESTO", readyTime: SampleVoyages.day(3, 1), arrivalDeadline: SampleVoyages.day(4, 15))
        #expect(
            valid
                == .success(
                    try! RouteCargoRequest.create(
                        RouteCargoForm(
                            origin: "HKHKG", destination: "SESTO", ready: "2026-03-01", deadline: "2026-04-15T00:00:00Z")
                    ).get()))
    }
}
