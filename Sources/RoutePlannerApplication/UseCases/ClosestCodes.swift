import RoutePlanner

extension DomainError {
    /// The unknown-location error for a code, naming up to three known codes closest to it: fewest
    /// differing characters first, then the same country, then alphabetical.
    static func unknown(_ code: UnLocode, among known: [Location]) -> DomainError {
        func distance(_ a: UnLocode, _ b: UnLocode) -> Int {
            zip(a.rawValue, b.rawValue).filter { $0 != $1 }.count
        }
        let closest = known.map(\.code).sorted {
            (distance($0, code), $0.country == code.country ? 0 : 1, $0) < (distance($1, code), $1.country == code.country ? 0 : 1, $1)
        }
        return .unknownLocation(code, closest: Array(closest.prefix(3)))
    }
}

extension ScheduleNetwork {
    /// The first of the codes the network does not have, as a domain error.
    func unknownLocation(among codes: [UnLocode]) -> DomainError? {
        codes.first { location($0) == nil }.map { DomainError.unknown($0, among: locations) }
    }
}
