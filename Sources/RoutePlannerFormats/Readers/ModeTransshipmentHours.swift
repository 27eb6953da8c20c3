import Foundation
import RoutePlanner

/// The locations file's `transshipment_hours_by_mode`: a place's transshipment times by change of mode
/// (`Location.transshipmentTimesByMode`), written as changes and hours separated by semicolons, such as
/// `barge-vessel 36; vessel-truck 2.5`.
enum ModeTransshipmentHours {
    /// The times a value gives (none for an empty one; an empty entry between semicolons is passed over), or what is
    /// wrong with it.
    static func parse(_ text: String) -> Result<[ModeChange: Duration], Problem> {
        var times: [ModeChange: Duration] = [:]
        for entry in text.split(separator: ";") where !entry.allSatisfy(\.isWhitespace) {
            let parts = entry.split(whereSeparator: \.isWhitespace)
            let modes = parts.first?.split(separator: "-", omittingEmptySubsequences: false) ?? []
            guard parts.count == 2, modes.count == 2, let from = TransportMode(rawValue: modes[0].lowercased()),
                let to = TransportMode(rawValue: modes[1].lowercased())
            else { return .failure(.malformed(String(entry.trimmingCharacters(in: .whitespaces)))) }
            let change = ModeChange(from: from, to: to)
            guard from != .truck else { return .failure(.offTruck(change)) }
            guard let hours = Double(parts[1]), hours >= 0, hours.isFinite, hours < 24 * 365 else { return .failure(.hours(change, String(parts[1]))) }
            guard times.updateValue(.seconds(hours * 3_600), forKey: change) == nil else { return .failure(.repeated(change)) }
        }
        return .success(times)
    }

    /// The value that reads back as `times`: the changes in the order of their names.
    static func text(_ times: [ModeChange: Duration]) -> String {
        times.sorted { $0.key.description < $1.key.description }
            .map { "\($0.key) \(CSVWriter.number(Double($0.value.wholeSeconds) / 3_600))" }
            .joined(separator: "; ")
    }

    /// What is wrong with a value.
    enum Problem: Error, CustomStringConvertible {
        case malformed(String)
        case offTruck(ModeChange)
        case hours(ModeChange, String)
        case repeated(ModeChange)

        var description: String {
            switch self {
            case .malformed(let entry):
                "\(quoted(entry)) is not a change and its hours such as \"barge-vessel 36\" (modes vessel, barge, rail, truck)"
            case .offTruck(let change): "\(change): cargo off a truck needs no transshipment time"
            case .hours(let change, let hours): "\(change): \(quoted(hours)) is not a number of hours from 0 to under a year"
            case .repeated(let change): "\(change) is given more than once"
            }
        }
    }
}
