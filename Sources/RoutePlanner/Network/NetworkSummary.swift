import Foundation

/// What a network holds, in figures: its ports, voyages and movements, the span of its sailings, its movements'
/// capacities and its busiest ports.
public struct NetworkSummary: Hashable, Sendable {
    /// A port and how many movements depart from it.
    public struct BusyPort: Hashable, Sendable {
        public let location: Location
        public let departures: Int
    }

    public let ports: Int
    public let voyages: Int
    public let movements: Int
    /// From the first departure to the last arrival; `nil` without voyages.
    public let sailingSpan: ClosedRange<Date>?
    /// The least and the most TEU a movement with a capacity carries; `nil` when none has one.
    public let capacities: ClosedRange<Int>?
    /// The movements without a capacity, which carry any number of TEU.
    public let unlimitedMovements: Int
    /// The ports with the most departures, the most first (then by code), at most ``busiestPortCount``.
    public let busiestPorts: [BusyPort]

    /// How many of the busiest ports a summary names.
    public static let busiestPortCount = 5

    /// The summary of a network.
    ///
    /// - Complexity: O(*m* + *p* log *p*) for *m* movements and *p* ports.
    public init(_ network: ScheduleNetwork) {
        let movements = (0..<network.movementCount).map { network.movement(.init($0)) }
        let limited = movements.map(\.capacity).filter { $0 < Int(Int32.max) }
        ports = network.locations.count
        voyages = network.voyageCount
        self.movements = network.movementCount
        sailingSpan = network.sailingSpan
        capacities = limited.min().flatMap { least in limited.max().map { least...$0 } }
        unlimitedMovements = movements.count - limited.count
        busiestPorts = Dictionary(grouping: movements, by: \.departureLocation).mapValues(\.count)
            .sorted { ($1.value, $0.key) < ($0.value, $1.key) }.prefix(Self.busiestPortCount)
            .map { BusyPort(location: network.location($0.key) ?? Location(code: $0.key, name: $0.key.rawValue), departures: $0.value) }
    }
}
