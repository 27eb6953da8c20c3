import Foundation
import RoutePlanner
import RoutePlannerApplication

extension Desk {
    /// `/assignments`: the form that runs an assignment, on the store's open cargo or on an uploaded bookings file; after
    /// a run that did not start, the same with why.
    func assignments(form: FormData, problems: FormProblems = FormProblems(), working: DeskRoute? = nil) async -> DeskResponse {
        typealias Field = AssignRoutesForm.Field
        var values = form
        if !values.contains(Field.timeLimit) { values.append(Field.timeLimit, "10") }
        if !values.contains(Field.gap) { values.append(Field.gap, "0.01%") }
        let model = AssignmentsViewModel(
            isAvailable: solver != nil, values: values, customers: solver == nil ? [] : await customerChoices(), problems: problems, working: working,
            runs: solver == nil ? .success([]) : await pastRuns())
        return .page(AssignmentsView(model: model).page(), status: model.status)
    }

    /// `POST /assignments`: checks the form and the file, starts the run and goes on to its screen.
    func runAssignment(_ form: FormData, file: (name: String, bytes: [UInt8])?) async -> DeskResponse {
        typealias Field = AssignRoutesForm.Field
        typealias Upload = ImportBookingsForm.Field
        guard let solver else { return await assignments(form: form) }
        let fromFile = form["source"] == "file"
        // On the store's cargo, a preview: its plan is written only when the planner confirms it (``confirmAssignment(_:)``).
        // A file's bookings are assigned in a copy the store never sees.
        let assign = AssignRoutesForm(timeLimit: form[Field.timeLimit], gap: form[Field.gap].isEmpty ? "0.01%" : form[Field.gap], writes: fromFile)
        if case .failure(let error) = AssignRoutesRequest.create(assign) { return await assignments(form: form, problems: FormProblems(errors: error.named)) }
        func fileProblem(_ message: String) async -> DeskResponse { await assignments(form: form, problems: FormProblems(errors: [Upload.file.name: message])) }
        let network = self.network()
        let application: RoutePlannerComposition
        let source = fromFile ? "Bookings file " + (file.map(\.name).flatMap { $0.isEmpty ? nil : $0 } ?? "bookings.csv") : Self.storeSource
        if fromFile {
            guard let file, !file.bytes.isEmpty else { return await fileProblem("Choose a bookings CSV file to upload.") }
            guard let text = Self.text(file.bytes) else { return await fileProblem("The file is not text in UTF-8 or UTF-16: save it as CSV (UTF-8).") }
            // The file's bookings, which the store never sees, assigned on the schedule served now.
            application = composition().scheduled(on: network, cargo: InMemoryCargoRepository())
            let imported = await application.importBookings(
                ImportBookingsForm(file: file.name.isEmpty ? "bookings.csv" : file.name, customer: form[Upload.customer], contents: text))
            switch logged(imported.named) {
            case .failure(let failure): return await fileProblem(failure.message)
            case .validationFailure(let fields): return await assignments(form: form, problems: FormProblems(errors: fields))
            case .success, .idle, .loading: break
            }
        } else {
            application = composition(network)
        }
        let started: AssignmentRunner.Started
        do {
            started = try await runs.start { report in
                let (state, result) = await application.assignRoutes(solver: solver, progress: report).respond(assign)
                let status: AssignmentRunRecord.Status =
                    switch result {
                    case .success: .finished
                    case .failure(.domain(.cancelled)): .cancelled
                    case .failure: .failed
                    }
                let outcome = AssignmentRunResult(state.named, response: try? result.get(), network: network, proposes: !fromFile)
                return (status, outcome.text, outcome.summary(of: source))
            }
        } catch {
            let failure = ViewFailure(.unavailable, "The run cannot be recorded in the store now: try again later.", logged: String(describing: error))
            _ = shown(failure)
            return await assignments(form: form, problems: FormProblems(failure: failure))
        }
        switch started {
        case .started(let id): return .redirect(to: .assignmentRun(id))
        case .busy(let working):
            let failure = ViewFailure(.conflict, "Another assignment is running: wait for it to finish, then run this one.")
            return await assignments(form: form, problems: FormProblems(failure: failure), working: .assignmentRun(working.id))
        }
    }

    /// `/assignments/{run}`: the run's last step while it works, how it ended, or its plan; on any server over the
    /// store, and after a restart.
    func assignmentRun(_ id: String) async -> DeskResponse {
        let presented = AssignmentRunPresenter().present(id: id, await storedRun(id), at: application.realNow())
        switch presented {
        case .screen(let model): return .page(AssignmentRunView(model: model).page())
        case .failure(let failure): return Self.failure(failure)
        }
    }

    /// `POST /assignments/{run}/cancel`: asks the run to stop, then shows its screen, which says so.
    func cancelAssignment(_ id: String) async -> DeskResponse {
        do {
            _ = try await runs.cancel(id)
        } catch {
            // The run's screen says where it is; why the request to stop it was not recorded is the operator's to read.
            logger.error("desk request failed", metadata: ["reason": .string(String(describing: error))])
        }
        return .redirect(to: .assignmentRun(id))
    }

    /// What a run on the store's open cargo assigns, as its line in the list of runs begins.
    static let storeSource = "The store's open cargo"

    /// `POST /assignments/{run}/confirm`: writes the routes the run's preview proposes, each where it still holds, and
    /// keeps what that wrote with the run; then shows its screen, which says so. A run confirmed already is shown as it is.
    func confirmAssignment(_ id: String) async -> DeskResponse {
        guard case .success(let run?) = await storedRun(id), run.status == .finished, let text = run.result,
            var result = AssignmentRunResult(text: text), let proposal = result.proposal
        else { return .redirect(to: .assignmentRun(id)) }
        switch logged(await composition().confirmAssignment(ConfirmAssignmentForm(proposal: proposal)).named) {
        case .success(let confirmation):
            result.written = [confirmation.summary] + confirmation.notWritten
            do {
                // A confirmation that another request recorded first stands: its run shows what that one wrote.
                _ = try await runs.confirm(id, result: result.text, summary: result.summary(of: Self.storeSource))
            } catch {
                // The routes are written, and the run stays a preview: confirmed again, it writes nothing more (its cargo
                // are routed) and records that.
                logger.error("desk request failed", metadata: ["reason": .string(String(describing: error))])
            }
            return .redirect(to: .assignmentRun(id))
        case .failure(let failure): return notWritten(failure.message, status: DeskResponse.statusCode(of: failure.kind))
        case .validationFailure(let fields): return notWritten(fields.values.sorted().joined(separator: " "), status: 422)
        case .idle, .loading: return .redirect(to: .assignmentRun(id))
        }
        func notWritten(_ message: String, status: Int) -> DeskResponse {
            Self.failure(
                FailureViewModel(
                    title: "The routes were not written", message: message, status: status, wayOn: ("Back to the run", .assignmentRun(id)),
                    section: .assignments))
        }
    }

    /// `/assignments/{run}/plan.csv` and `plan.json`: a finished run's plan.
    func assignmentPlan(_ id: String, _ file: DeskRoute.PlanFile) async -> DeskResponse {
        var result: AssignmentRunResult?
        if case .success(let run?) = await storedRun(id), [.finished, .confirmed].contains(run.status), let text = run.result {
            result = AssignmentRunResult(text: text)
        }
        switch (file, result?.planCSV, result?.planJSON) {
        case (.csv, let csv?, _): return .file(csv, contentType: "text/csv; charset=utf-8", name: file.rawValue)
        case (.json, _, let json?): return .file(json, contentType: "application/json; charset=utf-8", name: file.rawValue)
        default:
            return Self.failure(
                FailureViewModel(
                    title: "Plan not found", message: "No finished assignment runs under this address.", status: 404,
                    wayOn: ("Run an assignment", .assignments), section: .assignments))
        }
    }

    /// The runs the store keeps, the last started first, as the list shows them; or why they cannot be read now.
    private func pastRuns() async -> DeskState<[AssignmentsViewModel.Run]> {
        let runs: [AssignmentRunRecord]
        do {
            runs = try await self.runs.runs()
        } catch {
            let failure = ViewFailure(.unavailable, "The runs cannot be read now: try again later.", logged: String(describing: error))
            _ = shown(failure)
            return .failure(failure)
        }
        let time = application.realNow()
        return .success(
            runs.map { run in
                AssignmentsViewModel.Run(
                    route: .assignmentRun(run.id), started: format.dateTime(run.startedAt),
                    status: AssignmentRunPresenter.status(of: run, at: time),
                    summary: run.summary ?? run.progress ?? "")
            })
    }

    /// The run the store keeps, or why it cannot be read now.
    private func storedRun(_ id: String) async -> DeskState<AssignmentRunRecord?> {
        do {
            return .success(try await runs.run(id))
        } catch {
            let failure = ViewFailure(.unavailable, "The store cannot be read now: try again later.", logged: String(describing: error))
            _ = shown(failure)
            return .failure(failure)
        }
    }

    /// Stops the assignment runs this process works on and waits until the store says so: what the server does as it
    /// shuts down.
    public func shutDown() async {
        await runs.cancelAll()
    }

    /// A file's text: UTF-8 (with or without a byte order mark) or UTF-16 with one, as spreadsheets save CSV.
    static func text(_ bytes: [UInt8]) -> String? {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return String(validating: bytes.dropFirst(3), as: UTF8.self) }
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) { return String(data: Data(bytes), encoding: .utf16) }
        return String(validating: bytes, as: UTF8.self)
    }

    /// The registered customers as a choice's values and labels: "ACME: Acme Shipping".
    func customerChoices() async -> [(value: String, label: String)] {
        guard case .success(let customers) = await composition().listCustomers(ListCustomersForm()) else { return [] }
        return customers.map { ($0.response.id.description, $0.lines.joined(separator: " ")) }
    }
}
