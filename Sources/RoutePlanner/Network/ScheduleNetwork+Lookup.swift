import Foundation

extension ScheduleNetwork {
    /// The ports a planner's text names: the port with that UN/LOCODE; else those whose name is the text; else those
    /// whose name begins with it. Names are compared ignoring case, accents and the spaces around the text; the ports
    /// found are in the order of their names.
    ///
    /// "nlrtm" and "Rotterdam" find Rotterdam (NLRTM); "Sao Paulo" finds São Paulo; "San" finds every port whose name
    /// begins with San, for the planner to choose among.
    public func locations(named text: String) -> [Location] {
        let text = text.trimmingCharacters(in: .whitespaces)
        if let code = UnLocode(text.uppercased()), let port = location(code) { return [port] }
        return Self.named(text, among: locations, by: \.name).sorted { ($0.name, $0.code.rawValue) < ($1.name, $1.code.rawValue) }
    }

    /// The voyages a planner's text names: the voyage with that number; else those of the vessel with that name;
    /// else those of the vessels whose name begins with it; names compared as ``locations(named:)`` compares them. The
    /// voyages found are in the order of their first departure.
    public func voyages(named text: String) -> [Voyage] {
        let text = text.trimmingCharacters(in: .whitespaces)
        if let number = VoyageNumber(text), let voyage = voyage(number) { return [voyage] }
        func departure(_ voyage: Voyage) -> Date { voyage.movements.first?.departureTime ?? .distantPast }
        return Self.named(text, among: voyages.filter { $0.vessel != nil }, by: { $0.vessel ?? "" })
            .sorted { (departure($0), $0.number.rawValue) < (departure($1), $1.number.rawValue) }
    }

    /// The elements whose name is the text, or else those whose name begins with it; none for a blank text.
    private static func named<Element>(_ text: String, among elements: [Element], by name: (Element) -> String) -> [Element] {
        let wanted = folded(text)
        guard !wanted.isEmpty else { return [] }
        let exact = elements.filter { folded(name($0)) == wanted }
        return exact.isEmpty ? elements.filter { folded(name($0)).hasPrefix(wanted) } : exact
    }

    private static func folded(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: Locale(identifier: "en_US_POSIX"))
    }
}
