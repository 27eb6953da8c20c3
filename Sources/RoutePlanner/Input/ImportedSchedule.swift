/// A schedule read from files: its locations and the network built from them.
public struct ImportedSchedule: Sendable {
    public let locations: [Location]
    public let network: ScheduleNetwork

    public init(locations: [Location], network: ScheduleNetwork) {
        self.locations = locations
        self.network = network
    }

    /// The voyages, as the network holds them: each movement's distance and CO2e given or estimated, to a
    /// tenth of a mile and a gram.
    ///
    /// They are made from the network on each call, rather than kept beside it, so that an import holds one
    /// copy of its schedule.
    ///
    /// - Complexity: O(*m*) for *m* movements.
    public var voyages: [Voyage] { network.voyages }
}
