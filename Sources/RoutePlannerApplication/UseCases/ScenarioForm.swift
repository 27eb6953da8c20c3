import Foundation
import RoutePlanner

/// The raw what-if fields of a form or a command line, each a list of entries.
public struct ScenarioForm: Hashable, Sendable {
    /// The form's fields, which key its errors.
    public enum Field: String, FormField {
        case cancelVoyages, closePorts, delays, capacities
    }

    /// Voyages that do not sail, such as `WS15-W09`.
    public var cancelVoyages: [String]
    /// Closed ports: `CODE`, or `CODE@FROM..TO` with dates or date-times (a `FROM` date from its start, a `TO`
    /// date to its end, UTC).
    public var closePorts: [String]
    /// Late voyages: `VOYAGE:HOURS`, or `VOYAGE:HOURS@PORT` to be late from the call at `PORT` on; negative
    /// hours are early.
    public var delays: [String]
    /// Capacities: `VOYAGE=TEU`.
    public var capacities: [String]

    public init(cancelVoyages: [String] = [], closePorts: [String] = [], delays: [String] = [], capacities: [String] = []) {
        self.cancelVoyages = cancelVoyages
        self.closePorts = closePorts
        self.delays = delays
        self.capacities = capacities
    }
}

extension Scenario: FormRequest {
    /// Validates the what-if fields strictly, every field at once, keyed `cancelVoyages`, `closePorts`,
    /// `delays` and `capacities`; the edits keep the form's order within each kind, cancellations first.
    ///
    /// Whether the voyages and ports exist is for `ScheduleNetwork.applying(_:)` to say.
    public static func create(_ form: ScenarioForm) -> Result<Scenario, ValidationError<ScenarioForm.Field>> {
        var fields = FormFields<ScenarioForm.Field>()
        var edits: [Edit] = fields.voyages(form.cancelVoyages, field: .cancelVoyages).sorted { $0.rawValue < $1.rawValue }.map { .cancelVoyage($0) }
        for text in form.closePorts {
            let parts = text.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            guard let code = UnLocode(parts[0].trimmingCharacters(in: .whitespaces)) else {
                fields.fail(.closePorts, "Write CODE or CODE@FROM..TO, such as SGSIN@2026-03-01..2026-03-07: \(quote(parts[0])) is not a UN/LOCODE.")
                continue
            }
            guard parts.count == 2 else {
                edits.append(.closePort(code, from: nil, until: nil))
                continue
            }
            let bounds = parts[1].components(separatedBy: "..")
            guard bounds.count == 2, case .success(let start) = DateText.date(from: bounds[0], endOfDay: false),
                case .success(let end) = DateText.date(from: bounds[1], endOfDay: true)
            else {
                fields.fail(.closePorts, "Write CODE@FROM..TO with two dates or date-times, such as SGSIN@2026-03-01..2026-03-07.")
                continue
            }
            guard start <= end else {
                fields.fail(.closePorts, "\(code) would reopen (\(bounds[1])) before it closes (\(bounds[0])); write the earlier time first.")
                continue
            }
            edits.append(.closePort(code, from: start, until: end))
        }
        for text in form.delays {
            let (head, port) = text.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false).map(String.init).headAndTail
            let parts = head.split(separator: ":", maxSplits: 1).map(String.init)
            let maximum = Scenario.maximumDelay.components.seconds / 3600
            guard parts.count == 2, let voyage = VoyageNumber(parts[0]), let hours = FormText.decimal(parts[1]),
                port.map({ UnLocode($0.trimmingCharacters(in: .whitespaces)) != nil }) ?? true
            else {
                fields.fail(.delays, "Write VOYAGE:HOURS or VOYAGE:HOURS@PORT, such as WS15-W09:48@MYTPP (negative hours are early).")
                continue
            }
            guard abs(hours) <= Double(maximum) else {
                fields.fail(.delays, "A delay of \(parts[1]) hours is more than a year; enter from -\(maximum) to \(maximum) hours.")
                continue
            }
            edits.append(
                .delay(
                    voyage, by: .milliseconds(Int64((hours * 3_600_000).rounded())), from: port.flatMap { UnLocode($0.trimmingCharacters(in: .whitespaces)) }))
        }
        for text in form.capacities {
            let parts = text.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, let voyage = VoyageNumber(parts[0]),
                let teu = Int(parts[1].trimmingCharacters(in: .whitespaces)), (0...Scenario.maximumCapacity).contains(teu),
                parts[1].trimmingCharacters(in: .whitespaces).allSatisfy(\.isASCIIDigit)
            else {
                fields.fail(.capacities, "Write VOYAGE=TEU with a whole number of TEU from 0 to \(Scenario.maximumCapacity), such as WS15-W09=500.")
                continue
            }
            edits.append(.capacity(voyage, teu: teu))
        }
        guard fields.errors.isEmpty else { return .failure(ValidationError(fields: fields.errors)) }
        return .success(Scenario(edits))
    }

    private static func quote(_ text: String) -> String { "\"\(text.prefix(40))\"" }
}

extension Array where Element == String {
    /// The first element and the second, if any.
    fileprivate var headAndTail: (String, String?) { (first ?? "", count > 1 ? self[1] : nil) }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
