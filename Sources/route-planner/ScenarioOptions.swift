import ArgumentParser
import Foundation
import RoutePlanner
import RoutePlannerApplication

/// The what-if flags of `route` and `assign`, each repeatable and combinable.
struct ScenarioOptions: ParsableArguments {
    @Option(help: "A voyage that does not sail; repeatable.")
    var cancelVoyage: [String] = []

    @Option(help: ArgumentHelp(
        "A port closed for loading, discharge and transshipment: CODE, or CODE@FROM..TO with dates or date-times; repeatable.",
        discussion: "Vessels omit their calls there in the window and sail on with their other times unchanged."))
    var closePort: [String] = []

    @Option(help: "A voyage running late: VOYAGE:HOURS, or VOYAGE:HOURS@PORT to be late from its call at PORT on; repeatable.")
    var delay: [String] = []

    @Option(help: "A voyage's capacity on every leg: VOYAGE=TEU; repeatable.")
    var capacity: [String] = []

    func validate() throws {
        _ = try scenario()
    }

    /// The scenario the flags describe; a wrong value names its flag.
    func scenario() throws -> Scenario {
        let form = ScenarioForm(cancelVoyages: cancelVoyage, closePorts: closePort, delays: delay, capacities: capacity)
        switch Scenario.create(form) {
        case .success(let scenario): return scenario
        case .failure(let error):
            let flags = ["cancelVoyages": "cancel-voyage", "closePorts": "close-port", "delays": "delay", "capacities": "capacity"]
            throw ValidationError(error.fields.sorted { $0.key < $1.key }.map { "--\(flags[$0.key] ?? $0.key): \($0.value)" }.joined(separator: "\n"))
        }
    }
}
