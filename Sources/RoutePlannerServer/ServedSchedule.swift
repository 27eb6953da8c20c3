import Foundation
import RoutePlanner
import Synchronization

/// The schedule a server answers from: a compiled network, immutable and shared by every request, with where
/// and when it was loaded.
public struct ServedSchedule: Sendable {
    /// The network the requests search.
    public let network: ScheduleNetwork
    /// What was loaded, for people: the files' names.
    public let source: String
    /// When it was loaded.
    public let loadedAt: Date
    /// 1 for the schedule the server started with, one more at each reload: a page cursor is valid only for the
    /// generation it was given in.
    public let generation: Int
    /// The offset from UTC that each port's calls give in the schedule (DCSA input), the first one found.
    private let callOffsets: [UnLocode: Int]
    /// The voyages that call at each port, by service code, by vessel name and by vessel IMO number, each in the
    /// network's order: so that a schedule request builds only the voyages it may return.
    private let voyagesByPort: [UnLocode: [VoyageNumber]]
    private let voyagesByService, voyagesByVesselName, voyagesByVesselIMONumber: [String: [VoyageNumber]]

    init(network: ScheduleNetwork, source: String, loadedAt: Date, generation: Int) {
        self.network = network
        self.source = source
        self.loadedAt = loadedAt
        self.generation = generation
        var offsets: [UnLocode: Int] = [:]
        var byPort: [UnLocode: [VoyageNumber]] = [:]
        var byService: [String: [VoyageNumber]] = [:], byVesselName: [String: [VoyageNumber]] = [:], byIMO: [String: [VoyageNumber]] = [:]
        for voyage in network.voyages {
            let ports = Set(voyage.movements.flatMap { [$0.departureLocation, $0.arrivalLocation] })
            for port in ports { byPort[port, default: []].append(voyage.number) }
            if let service = voyage.service { byService[service, default: []].append(voyage.number) }
            if let vessel = voyage.vessel { byVesselName[vessel, default: []].append(voyage.number) }
            if let number = voyage.vesselIMONumber { byIMO[number, default: []].append(voyage.number) }
            for movement in voyage.movements {
                if let offset = movement.departureUTCOffset, offsets[movement.departureLocation] == nil {
                    offsets[movement.departureLocation] = offset
                }
                if let offset = movement.arrivalUTCOffset, offsets[movement.arrivalLocation] == nil {
                    offsets[movement.arrivalLocation] = offset
                }
            }
        }
        callOffsets = offsets
        voyagesByPort = byPort
        voyagesByService = byService
        voyagesByVesselName = byVesselName
        voyagesByVesselIMONumber = byIMO
    }

    /// The voyages that may match the filters given (`nil` for a filter not given), in the network's order: those
    /// of the narrowest filter, for the caller to check against all of them. With no filter given, none.
    ///
    /// - Complexity: O(*v*) for the *v* voyages of the narrowest filter.
    func voyages(port: UnLocode?, service: String?, vesselName: String?, vesselIMONumber: String?, voyageNumber: String?) -> [Voyage] {
        var lists: [[VoyageNumber]] = []
        if let port { lists.append(voyagesByPort[port] ?? []) }
        if let service { lists.append(voyagesByService[service] ?? []) }
        if let vesselName { lists.append(voyagesByVesselName[vesselName] ?? []) }
        if let vesselIMONumber { lists.append(voyagesByVesselIMONumber[vesselIMONumber] ?? []) }
        if let voyageNumber { lists.append(VoyageNumber(voyageNumber).map { [$0] } ?? []) }
        return (lists.min { $0.count < $1.count } ?? []).compactMap { network.voyage($0) }
    }

    /// The offset from UTC of a port's local time at a time, in seconds, as the documents write its calls: the
    /// schedule's own offset for the port's calls, else the port's time zone, else 0.
    public func utcOffset(of location: Location, at time: Date) -> Int {
        callOffsets[location.code] ?? location.timeZone?.secondsFromGMT(for: time) ?? 0
    }
}

/// The schedule being served, replaced whole by a reload: a request takes the current one once and finishes on
/// it, whatever reloads happen meanwhile.
final class ScheduleHolder: Sendable {
    private let state: Mutex<ServedSchedule>

    init(_ schedule: ServedSchedule) {
        state = Mutex(schedule)
    }

    /// The schedule now.
    var current: ServedSchedule { state.withLock { $0 } }

    /// Serves a new network from now on, as the next generation.
    @discardableResult
    func replace(with network: ScheduleNetwork, source: String, at time: Date) -> ServedSchedule {
        state.withLock { schedule in
            schedule = ServedSchedule(network: network, source: source, loadedAt: time, generation: schedule.generation + 1)
            return schedule
        }
    }
}
