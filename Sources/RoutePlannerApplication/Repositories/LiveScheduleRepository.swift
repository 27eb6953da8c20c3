import Foundation
import RoutePlanner

/// The schedule cargo is routed on: the published schedule with the voyages published again and the carriers' call
/// times the event repository keeps (`LiveSchedule`), and a what-if scenario on top.
///
/// Every read asks the event repository for the schedule's version, and builds the live schedule again only when
/// another version was recorded, here or by another process over the same store.
public actor LiveScheduleRepository: LocationRepository, VoyageRepository {
    /// The live schedule of one version, and its network.
    public struct Version: Sendable {
        public let schedule: LiveSchedule
        public let number: Int
        public let network: ScheduleNetwork
    }

    private let published: any LocationRepository & VoyageRepository
    /// The events that move the published schedule.
    public nonisolated let events: any CarrierEventRepository
    private let scenario: Scenario
    private var current: Version?
    private var whatIf: (version: Int, network: ScheduleNetwork)?

    /// - Parameters:
    ///   - published: The schedule as published.
    ///   - events: Where the events that move it are kept.
    ///   - scenario: What-if edits applied over the live schedule.
    public init(published: any LocationRepository & VoyageRepository, events: any CarrierEventRepository, scenario: Scenario = Scenario()) {
        self.published = published
        self.events = events
        self.scenario = scenario
    }

    public func locations() async throws -> [Location] { try await published.locations() }

    /// The live schedule's network with the what-if scenario applied.
    public func network() async throws -> ScheduleNetwork {
        let live = try await version()
        guard !scenario.edits.isEmpty else { return live.network }
        if let whatIf, whatIf.version == live.number { return whatIf.network }
        let network = try live.network.applying(scenario)
        whatIf = (live.number, network)
        return network
    }

    /// The live schedule as the event repository has it now, without the what-if scenario.
    public func version() async throws -> Version {
        let number = try await events.scheduleVersion()
        if let current, current.number == number { return current }
        let recorded = try await events.scheduleChanges()
        let schedule = recorded.liveSchedule(over: try await published.network())
        let version = Version(schedule: schedule, number: recorded.version, network: schedule.network())
        current = version
        return version
    }

    /// Keeps a schedule that events were applied to, and its network, recorded as version `number`, when that version
    /// follows the one they were applied to (else another process recorded events meanwhile, and the next read builds
    /// the schedule again from every event).
    public func keep(_ schedule: LiveSchedule, network: ScheduleNetwork, as number: Int, after previous: Int) {
        if number == previous + 1 || number == previous { current = Version(schedule: schedule, number: number, network: network) }
    }
}
