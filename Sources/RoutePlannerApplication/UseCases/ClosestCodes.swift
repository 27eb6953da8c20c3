import RoutePlanner

extension DomainError {
    /// The unknown-location error for a code, naming up to three known codes close to it: those that differ
    /// in at most two of the five characters (fewest first, then the same country, then alphabetical), or,
    /// when there are none, the known codes of the same country.
    public static func unknown(_ code: UnLocode, among known: [Location]) -> DomainError {
        func distance(_ other: UnLocode) -> Int { zip(other.rawValue, code.rawValue).filter { $0 != $1 }.count }
        let near = known.map(\.code).filter { distance($0) <= 2 }.sorted {
            (distance($0), $0.country == code.country ? 0 : 1, $0) < (distance($1), $1.country == code.country ? 0 : 1, $1)
        }
        let closest = near.isEmpty ? known.map(\.code).filter { $0.country == code.country }.sorted() : near
        return .schedule(.unknownLocation(code, closest: Array(closest.prefix(3))))
    }
}

extension ScheduleNetwork {
    /// The first of the codes the network does not have, as a domain error.
    func unknownLocation(among codes: [UnLocode]) -> DomainError? {
        codes.first { location($0) == nil }.map { DomainError.unknown($0, among: locations) }
    }
}
