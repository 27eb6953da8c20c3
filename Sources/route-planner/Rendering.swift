import ArgumentParser
import RoutePlannerApplication
import RoutePlannerFormats

/// How a command writes one use case's response: the formats it supports and, for each, the text.
///
/// The one render seam per response. A command parses its flags, checks `--format` against ``formats``, and
/// calls ``run(_:_:as:check:)``: the response goes to standard output in the format asked for, field
/// errors and domain errors to standard error once (naming their flags, ``CommandLineField``, with the command
/// line's hint), and a
/// failure exits non-zero. Documents for programs come from the application's documents
/// (`CargoDocument`, `RouteDocument`, `AssignmentDocument`), text for people from the presenter's content.
protocol Rendering {
    associatedtype Interactor: UseCase where Interactor.Request: FormRequest, Interactor.Request.Field: CommandLineField
    associatedtype Presenter: RoutePlannerApplication.Presenter
    where Presenter.Response == Interactor.Response, Presenter.Field == Interactor.Request.Field

    /// The formats the command writes, the first being the default.
    static var formats: [OutputFormat] { get }
    /// What the command writes, for `--format`'s message: "tracking", "cargo", "re-routings".
    static var subject: String { get }

    /// The text of a response in a format of ``formats``, ending with a line break.
    func text(_ response: Interactor.Response, as format: OutputFormat, presenter: Presenter) async throws -> String
}

extension Rendering {
    /// Refuses a format the command does not write, naming the ones it does; with `--compare`, a format other
    /// than a table or a page (the two that show both answers).
    static func check(_ format: OutputFormat, comparing: Bool = false) throws {
        if comparing && format != .table && format != .html {
            throw ValidationError("--format: --compare writes a table for people or an html page, not \(format.rawValue).")
        }
        guard !formats.contains(format) else { return }
        let names = formats.map(\.rawValue)
        throw ValidationError("--format: \(subject) is written as \(names.dropLast().joined(separator: ", ")) or \(names.last ?? "table").")
    }

    /// Runs the use case and writes its response, or its errors on standard error.
    ///
    /// - Parameter check: Looks at the result first, such as a what-if scenario that does not fit the schedule.
    /// - Returns: The response written, for what the command does after (such as writing a file).
    @discardableResult
    func run(
        _ coordinator: Coordinator<Interactor, Presenter>, _ form: Interactor.Request.Form, as format: OutputFormat,
        check: (Result<Interactor.Response, RequestFailure<Interactor.Request.Field>>) throws -> Void = { _ in }
    ) async throws -> Interactor.Response {
        let (state, result) = await coordinator.respond(form)
        try check(result)
        guard case .success(let response) = result else {
            try show(state, hint: commandHint(for: result)) { _ in }
            throw ExitCode.failure
        }
        print(try await text(response, as: format, presenter: coordinator.presenter), terminator: "")
        return response
    }
}

/// Lines for a terminal, each ending with a line break.
func lines(_ lines: [String]) -> String {
    lines.map { $0 + "\n" }.joined()
}
