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

    init(network: ScheduleNetwork, source: String, loadedAt: Date, generation: Int) {
        self.network = network
        self.source = source
        self.loadedAt = loadedAt
        self.generation = generation
        var offsets: [UnLocode: Int] = [:]
        for voyage in network.voyages {
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
