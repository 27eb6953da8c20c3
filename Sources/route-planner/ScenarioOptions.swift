import ArgumentParser
import Foundation
import RoutePlanner

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
        var edits: [Scenario.Edit] = cancelVoyage.compactMap { VoyageNumber($0) }.map { .cancelVoyage($0) }
        for text in closePort {
            let parts = text.split(separator: "@", maxSplits: 1).map(String.init)
            guard let code = UnLocode(parts[0]) else {
                throw ValidationError("--close-port: \"\(parts[0])\" is not a UN/LOCODE, such as SGSIN.")
            }
            var from: Date?, until: Date?
            if parts.count == 2 {
                let bounds = parts[1].components(separatedBy: "..")
                guard bounds.count == 2,
                      case .success(let start) = DateText.date(from: bounds[0], endOfDay: false),
                      case .success(let end) = DateText.date(from: bounds[1], endOfDay: true)
                else { throw ValidationError("--close-port: write CODE@FROM..TO, such as SGSIN@2026-03-01..2026-03-07.") }
                (from, until) = (start, end)
            }
            edits.append(.closePort(code, from: from, until: until))
        }
        for text in delay {
            let (head, port) = text.split(separator: "@", maxSplits: 1).map(String.init).splitFirst
            let parts = head.split(separator: ":", maxSplits: 1).map(String.init)
            guard parts.count == 2, let voyage = VoyageNumber(parts[0]), let hours = Double(parts[1]), hours.isFinite,
                  port.map({ UnLocode($0) != nil }) ?? true
            else { throw ValidationError("--delay: write VOYAGE:HOURS or VOYAGE:HOURS@PORT, such as WS15-W09:48@MYTPP.") }
            edits.append(.delay(voyage, by: .seconds(hours * 3600), from: port.flatMap { UnLocode($0) }))
        }
        for text in capacity {
            let parts = text.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, let voyage = VoyageNumber(parts[0]), let teu = Int(parts[1]), teu >= 0 else {
                throw ValidationError("--capacity: write VOYAGE=TEU with a whole number of TEU, such as WS15-W09=500.")
            }
            edits.append(.capacity(voyage, teu: teu))
        }
        return Scenario(edits)
    }
}

extension Array where Element == String {
    /// The first element and the second, if any.
    fileprivate var splitFirst: (String, String?) { (self[0], count > 1 ? self[1] : nil) }
}
