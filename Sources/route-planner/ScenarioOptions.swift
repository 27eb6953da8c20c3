import ArgumentParser
import Foundation
import RoutePlanner
import RoutePlannerApplication

/// The what-if flags of `route` and `assign`, each repeatable and combinable.
struct ScenarioOptions: ParsableArguments {
    @Option(help: "A voyage that does not sail; repeatable.")
    var cancelVoyage: [String] = []

    @Option(
        help: ArgumentHelp(
            "A port closed for loading, discharge and transshipment: CODE, or CODE@FROM..TO with dates or date-times; repeatable.",
            discussion: "Vessels omit their calls there in the window and sail on with their other times unchanged; its gate is shut to trucks."))
    var closePort: [String] = []

    @Option(help: "A voyage running late: VOYAGE:HOURS, or VOYAGE:HOURS@PORT to be late from its call at PORT on; repeatable.")
    var delay: [String] = []

    @Option(help: "A voyage's capacity on every leg: VOYAGE=TEU; repeatable.")
    var capacity: [String] = []

    func validate() throws {
        _ = try scenario()
    }

    /// Whether any what-if flag is given.
    var isGiven: Bool { !(cancelVoyage.isEmpty && closePort.isEmpty && delay.isEmpty && capacity.isEmpty) }

    /// The what-if flags as given, such as "--cancel-voyage WS25-W07", for a picture's caption.
    var summary: String {
        let flags =
            cancelVoyage.map { "--cancel-voyage \($0)" } + closePort.map { "--close-port \($0)" }
            + delay.map { "--delay \($0)" } + capacity.map { "--capacity \($0)" }
        return flags.isEmpty ? "none" : flags.joined(separator: " ")
    }

    /// The scenario the flags describe; a wrong value names its flag.
    func scenario() throws -> Scenario {
        let form = ScenarioForm(cancelVoyages: cancelVoyage, closePorts: closePort, delays: delay, capacities: capacity)
        switch Scenario.create(form) {
        case .success(let scenario): return scenario
        case .failure(let error):
            throw ValidationError(error.messages(naming: \.option).map { "\($0.name): \($0.message)" }.joined(separator: "\n"))
        }
    }

    /// Exits with the scenario's error, naming the flag and the entry it comes from, when the result is one.
    func reject<Response, Field>(_ result: Result<Response, RequestFailure<Field>>) throws {
        guard case .failure(.domain(.schedule(.invalidScenario(let error)))) = result else { return }
        func entry(_ flag: String, _ entries: [String], _ matches: (String) -> Bool) -> String? {
            entries.first(where: matches).map { "--\(flag) \($0)" }
        }
        func voyage(_ text: String) -> String { String(text.prefix { $0 != ":" && $0 != "=" && $0 != "@" }).trimmingCharacters(in: .whitespaces) }
        let source: String? =
            switch error {
            case .unknownVoyage(let number):
                entry("cancel-voyage", cancelVoyage) { VoyageNumber($0) == number } ?? entry("delay", delay) { VoyageNumber(voyage($0)) == number }
                    ?? entry("capacity", capacity) { VoyageNumber(voyage($0)) == number }
            case .unknownLocation(let code):
                entry("close-port", closePort) { UnLocode(voyage($0)) == code } ?? entry("delay", delay) { $0.uppercased().hasSuffix("@\(code)") }
            case .voyageDoesNotCall(let number, _), .invalidDelay(let number, _): entry("delay", delay) { VoyageNumber(voyage($0)) == number }
            case .invalidCapacity(let number, _): entry("capacity", capacity) { VoyageNumber(voyage($0)) == number }
            case .invalidWindow(let code, _, _): entry("close-port", closePort) { UnLocode(voyage($0)) == code }
            case .invalidSchedule: delay.isEmpty ? nil : "--delay"
            }
        printError("error: \(source ?? "what if"): \(error)")
        throw ExitCode.failure
    }
}
