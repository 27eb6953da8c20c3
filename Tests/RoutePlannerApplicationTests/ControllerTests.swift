import Foundation
import RoutePlanner
import RoutePlannerApplication
import RoutePlannerTestSupport
import Testing

/// The one generic controller, on a tiny fake use case: it validates, calls the use case only with a
/// valid request, and passes the result through untransformed.
@Suite struct ControllerTests {
    struct PairForm: Sendable {
        var left: String
        var right: String

        enum Field: String, FormField { case left, right }
    }

    /// Both fields must be whole numbers; the request is their pair.
    struct PairRequest: FormRequest, Hashable {
        let left: Int, right: Int

        static func create(_ form: PairForm) -> Result<PairRequest, ValidationError<PairForm.Field>> {
            var fields: [PairForm.Field: String] = [:]
            let left = Int(form.left), right = Int(form.right)
            if left == nil { fields[.left] = "Enter a whole number." }
            if right == nil { fields[.right] = "Enter a whole number." }
            guard let left, let right else { return .failure(ValidationError(fields: fields)) }
            return .success(PairRequest(left: left, right: right))
        }
    }

    /// Records what it is asked and answers from a script.
    final class Calls: @unchecked Sendable {
        private let lock = NSLock()
        private var recorded: [PairRequest] = []
        var requests: [PairRequest] { lock.withLock { recorded } }
        func record(_ request: PairRequest) { lock.withLock { recorded.append(request) } }
    }

    struct FakeUseCase: UseCase {
        let calls = Calls()
        let answer: @Sendable (PairRequest) -> Result<String, DomainError>

        func execute(_ request: PairRequest) async -> Result<String, DomainError> {
            calls.record(request)
            return answer(request)
        }
    }

    @Test func reportsEveryFieldErrorWithoutCallingTheUseCase() async {
        let fake = FakeUseCase { _ in .success("called") }
        let result = await Controller(useCase: fake).handle(PairForm(left: "one", right: "2.5"))
        #expect(result == .failure(.validation(ValidationError(fields: [.left: "Enter a whole number.", .right: "Enter a whole number."]))))
        #expect(fake.calls.requests.isEmpty)
    }

    @Test func passesTheResponseThroughUntransformed() async {
        let fake = FakeUseCase { .success("\($0.left + $0.right)") }
        #expect(await Controller(useCase: fake).handle(PairForm(left: "1", right: "2")) == .success("3"))
        #expect(fake.calls.requests == [PairRequest(left: 1, right: 2)])
    }

    @Test(arguments: [
        DomainError.cargo(.notFound("ABC123")), .cancelled, .invalidOperation("no"), .schedule(.unknownVoyage("V9")),
        .schedule(.unknownLocation("NLRTX", closest: ["NLRTM"])), .storage(.unavailable("disk full")),
    ])
    func passesDomainErrorsThroughUntransformed(_ error: DomainError) async {
        let fake = FakeUseCase { _ in .failure(error) }
        #expect(await Controller(useCase: fake).handle(PairForm(left: "1", right: "2")) == .failure(.domain(error)))
        #expect(fake.calls.requests.count == 1)
    }

    /// A presenter of the fake's strings, for the coordinator.
    struct EchoPresenter: Presenter {
        typealias Field = PairForm.Field
        var format = PlannerFormat()
        func content(for response: String) -> String { "<\(response)>" }
    }

    @Test func theCoordinatorPresentsWhatTheControllerReturns() async {
        let coordinator = Coordinator(FakeUseCase { .success("\($0.left * $0.right)") }, presenter: EchoPresenter())
        #expect(await coordinator(PairForm(left: "3", right: "4")) == .success("<12>"))
        #expect(await coordinator(PairForm(left: "x", right: "4")) == .validationFailure([.left: "Enter a whole number."]))
        let failing = Coordinator(FakeUseCase { _ in .failure(.cargo(.notFound("ABC123"))) }, presenter: EchoPresenter())
        #expect(await failing(PairForm(left: "3", right: "4")) == .failure(ViewFailure(.notFound, "There is no cargo with tracking id ABC123.")))
    }

    @Test func theCoordinatorRespondsWithTheStateAndTheResultAsItIs() async throws {
        let coordinator = Coordinator(FakeUseCase { .success("\($0.left * $0.right)") }, presenter: EchoPresenter())
        let answer = await coordinator.respond(PairForm(left: "3", right: "4"))
        #expect(answer.state == .success("<12>"))
        #expect(try answer.result.get() == "12")
        let wrong = await coordinator.respond(PairForm(left: "x", right: "4"))
        #expect(wrong.state == .validationFailure([.left: "Enter a whole number."]))
        guard case .failure(.validation(let error)) = wrong.result else { Issue.record("not a validation failure"); return }
        #expect(error.fields == [.left: "Enter a whole number."])
        let failing = await Coordinator(FakeUseCase { _ in .failure(.cargo(.notFound("ABC123"))) }, presenter: EchoPresenter()).respond(
            PairForm(left: "3", right: "4"))
        #expect(failing.state == .failure(ViewFailure(.notFound, "There is no cargo with tracking id ABC123.")))
        guard case .failure(.domain(.cargo(.notFound("ABC123")))) = failing.result else { Issue.record("not the domain error"); return }
    }
}
