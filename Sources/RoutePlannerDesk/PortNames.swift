import RoutePlanner

extension Desk {
    /// A query's port fields with each port a planner named by its name (`ScheduleNetwork.locations(named:)`) given as
    /// the port's code; and each field whose text names no port, or several, with the message that says so. A code,
    /// known or not, is left as it is, for the use case to check (an unknown one with its nearest codes).
    static func portCodes(_ query: FormData, _ fields: [String], in network: ScheduleNetwork) -> (query: FormData, errors: [String: String]) {
        var coded = query, errors: [String: String] = [:]
        for field in fields {
            let text = query[field].trimmingCharacters(in: .whitespaces)
            let code = UnLocode(text.uppercased())
            guard !text.isEmpty, code.flatMap(network.location) == nil else { continue }
            let found = network.locations(named: text)
            switch found.count {
            case 1: coded.replace(field, with: found[0].code.rawValue)
            case 0 where code != nil: continue
            case 0: errors[field] = "No port is named \"\(text)\", and it is not a UN/LOCODE (2 letters and 3 letters or digits, such as NLRTM)."
            default:
                errors[field] =
                    "\(found.count) ports match \"\(text)\": " + found.prefix(10).map { "\($0.name) (\($0.code))" }.joined(separator: ", ")
                    + (found.count > 10 ? " and \(found.count - 10) more" : "") + ". Enter one's code or whole name."
            }
        }
        return (coded, errors)
    }
}
