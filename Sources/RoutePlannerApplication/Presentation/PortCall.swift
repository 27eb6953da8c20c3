import Foundation
import RoutePlanner

/// A voyage's call at a port, as schedules publish it: when the vessel arrives and when it leaves, each in the
/// port's local time, and the cut-off times of the sailing from it.
///
/// A voyage of movements A→B, B→C calls at A (departure only), B (arrival and departure) and C (arrival only);
/// where a movement does not leave from the port the one before it reached, the two ports are separate calls.
public struct PortCall: Hashable, Sendable {
    /// The voyage calling.
    public let voyage: Voyage
    /// The call's position in the voyage, from 0.
    public let position: Int
    /// The port.
    public let location: Location
    /// When the vessel arrives, or `nil` at the voyage's first port.
    public let arrival: Date?
    /// When the vessel leaves, or `nil` at the voyage's last port.
    public let departure: Date?
    /// The local time's offset from UTC in seconds at the arrival: the schedule's own (DCSA input), else the
    /// port's time zone, else `nil` for UTC.
    public let arrivalUTCOffset: Int?
    /// The local time's offset from UTC in seconds at the departure, found as ``arrivalUTCOffset`` is.
    public let departureUTCOffset: Int?
    /// The cut-off times of the sailing from the port.
    public let cutOffTimes: [CutOffTime]
    /// The voyage's call before this one and after it, `nil` at its first and last.
    public private(set) var previous: Location? = nil
    public private(set) var next: Location? = nil

    /// The calls of a voyage, in order.
    ///
    /// - Complexity: O(*m*) for a voyage of *m* movements.
    public static func calls(of voyage: Voyage, in network: ScheduleNetwork) -> [PortCall] {
        var calls: [PortCall] = []
        func location(_ code: UnLocode) -> Location {
            network.location(code) ?? Location(code: code, name: code.rawValue)
        }
        func offset(_ given: Int?, _ location: Location, _ time: Date) -> Int? {
            given ?? location.timeZone.map { $0.secondsFromGMT(for: time) }
        }
        var arriving: (location: Location, time: Date, offset: Int?)?
        for movement in voyage.movements {
            let from = location(movement.departureLocation)
            let departureOffset = offset(movement.departureUTCOffset, from, movement.departureTime)
            if let arrived = arriving, arrived.location.code == from.code {
                calls.append(
                    PortCall(
                        voyage: voyage, position: calls.count, location: from, arrival: arrived.time, departure: movement.departureTime,
                        arrivalUTCOffset: arrived.offset, departureUTCOffset: departureOffset, cutOffTimes: movement.cutOffTimes))
            } else {
                if let arrived = arriving {
                    calls.append(
                        PortCall(
                            voyage: voyage, position: calls.count, location: arrived.location, arrival: arrived.time, departure: nil,
                            arrivalUTCOffset: arrived.offset, departureUTCOffset: nil, cutOffTimes: []))
                }
                calls.append(
                    PortCall(
                        voyage: voyage, position: calls.count, location: from, arrival: nil, departure: movement.departureTime,
                        arrivalUTCOffset: nil, departureUTCOffset: departureOffset, cutOffTimes: movement.cutOffTimes))
            }
            let to = location(movement.arrivalLocation)
            arriving = (to, movement.arrivalTime, offset(movement.arrivalUTCOffset, to, movement.arrivalTime))
        }
        if let arrived = arriving {
            calls.append(
                PortCall(
                    voyage: voyage, position: calls.count, location: arrived.location, arrival: arrived.time, departure: nil,
                    arrivalUTCOffset: arrived.offset, departureUTCOffset: nil, cutOffTimes: []))
        }
        for index in calls.indices {
            calls[index].previous = index > 0 ? calls[index - 1].location : nil
            calls[index].next = index + 1 < calls.count ? calls[index + 1].location : nil
        }
        return calls
    }

    /// When the call begins: its arrival, or its departure at a voyage's first port.
    public var time: Date { arrival ?? departure ?? .distantPast }

    /// The local dates of the call's arrival and departure, as `yyyy-MM-dd`: what DCSA's date filters match.
    public var localDates: [String] {
        [arrival.map { ($0, arrivalUTCOffset) }, departure.map { ($0, departureUTCOffset) }].compactMap { $0 }.map { time, offset in
            String(DateText.timestamp(time, utcOffset: offset).prefix(10))
        }
    }
}

extension PlannerFormat {
    /// A call as a schedule's line: "WS15-W09  Singapore (SGSIN)  arrives 2026-03-04 16:00+08:00  leaves …  cut-offs …".
    public func callLine(_ call: PortCall) -> String {
        var line = "\(call.voyage.number)  \(call.location.name) (\(call.location.code))"
        if let arrival = call.arrival { line += "  arrives " + localTime(arrival, call.arrivalUTCOffset) }
        if let departure = call.departure { line += "  leaves " + localTime(departure, call.departureUTCOffset) }
        if !call.cutOffTimes.isEmpty { line += "  cut-offs " + cutOffs(call) }
        return line
    }

    /// A time in a port's local time, `2026-03-04 16:00:00+08:00`; `—` for none.
    public func localTime(_ time: Date?, _ utcOffset: Int?) -> String {
        time.map { DateText.timestamp($0, utcOffset: utcOffset).replacingOccurrences(of: "T", with: " ") } ?? "—"
    }

    /// A call's cut-off times, `DCO: 2026-03-03 08:00 UTC; VCO: …`; `—` for none.
    public func cutOffs(_ call: PortCall) -> String {
        call.cutOffTimes.isEmpty ? "—" : call.cutOffTimes.map { "\($0.code): \(dateTime($0.time))" }.joined(separator: "; ")
    }
}
