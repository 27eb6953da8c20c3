import Foundation

/// What a cargo needs: where it starts, where it must go, when it is ready and when it must arrive.
///
/// Both ends of the time window are inclusive: cargo may load on a movement departing exactly at
/// ``readyTime`` and may arrive exactly at ``arrivalDeadline``. (The DDD sample uses "strictly before"; the
/// DCSA standard's date windows are inclusive, and planners read a deadline that way.) A deadline given as a
/// date means the end of that day; converting it is the caller's job.
///
/// The cargo's type and whether it holds dangerous goods decide which cut-off times of the origin's calls
/// it must meet (see ``CutOffCode/appliesToLoading(of:dangerousGoods:)``). A maximum transit time limits the
/// time from loading at the origin to discharge at the destination, as DCSA's `transitTime` counts it.
public struct RouteSpecification: Hashable, Sendable {
    /// The port where the cargo is ready.
    public let origin: UnLocode
    /// The port the cargo must reach.
    public let destination: UnLocode
    /// The earliest time the cargo can be loaded at the origin.
    public let readyTime: Date
    /// The latest time the cargo may arrive at the destination.
    public let arrivalDeadline: Date
    /// The kind of container the cargo travels in.
    public let cargoType: CargoType
    /// Whether the cargo holds dangerous goods, which must meet the dangerous goods cut-off (DGC).
    public let containsDangerousGoods: Bool
    /// The longest time the cargo may spend from loading at the origin to discharge at the destination, when
    /// it has a limit.
    public let maximumTransitTime: Duration?

    /// The longest maximum transit time a specification takes, in days: 3,650, about 10 years.
    public static let maximumTransitDays = 3_650
    /// The longest maximum transit time a specification takes (``maximumTransitDays``).
    public static let transitTimeLimit = Duration.seconds(maximumTransitDays * 86_400)

    /// The times a specification, a schedule and an itinerary may hold: 0001-01-01T00:00:00Z to
    /// 9999-12-31T23:59:59Z, the years ISO 8601 writes with four digits.
    public static let supportedTimes =
        Date(timeIntervalSince1970: Date.supportedSeconds.lowerBound)...Date(timeIntervalSince1970: Date.supportedSeconds.upperBound)

    /// Creates a route specification.
    ///
    /// - Throws: ``RouteSpecificationError`` listing every problem: the origin equals the destination, a
    ///   time outside the years 1 to 9999, the deadline before the ready time, or a maximum transit time that is
    ///   not positive or longer than ``transitTimeLimit``.
    public init(
        origin: UnLocode, destination: UnLocode, readyTime: Date, arrivalDeadline: Date, cargoType: CargoType = .dry,
        containsDangerousGoods: Bool = false, maximumTransitTime: Duration? = nil
    ) throws(RouteSpecificationError) {
        var problems: [RouteSpecificationError.Problem] = []
        if origin == destination { problems.append(.originEqualsDestination(origin)) }
        if !readyTime.isSupported || !arrivalDeadline.isSupported {
            problems.append(.timeOutOfRange)
        } else if arrivalDeadline < readyTime {
            problems.append(.deadlineBeforeReadyTime)
        }
        if let maximumTransitTime, !(maximumTransitTime > .zero && maximumTransitTime <= Self.transitTimeLimit) {
            problems.append(.invalidMaximumTransitTime)
        }
        guard problems.isEmpty else { throw RouteSpecificationError(problems: problems) }
        self.origin = origin
        self.destination = destination
        self.readyTime = readyTime
        self.arrivalDeadline = arrivalDeadline
        self.cargoType = cargoType
        self.containsDangerousGoods = containsDangerousGoods
        self.maximumTransitTime = maximumTransitTime
    }

    /// The same cargo needs from another port and time on, as when a cargo is routed again from where it is.
    ///
    /// - Parameters:
    ///   - origin: The new origin; `nil` keeps this one's.
    ///   - destination: The new destination; `nil` keeps this one's.
    ///   - readyTime: The new ready time; `nil` keeps this one's.
    ///   - arrivalDeadline: The new deadline; `nil` keeps this one's.
    ///   - departedAt: When the cargo first left its origin, for a cargo already on its way: its maximum
    ///     transit time then counts from that departure, so it becomes a deadline (the earlier of the two).
    public func replacing(
        origin: UnLocode? = nil, destination: UnLocode? = nil, readyTime: Date? = nil, arrivalDeadline: Date? = nil,
        departedAt: Date? = nil
    ) throws(RouteSpecificationError) -> RouteSpecification {
        var deadline = arrivalDeadline ?? self.arrivalDeadline
        var transit = maximumTransitTime
        if let departedAt, let limit = maximumTransitTime {
            let seconds = Double(limit.components.seconds)
            if departedAt.isSupported, seconds < 4e11 { deadline = min(deadline, departedAt.addingTimeInterval(seconds)) }
            transit = nil
        }
        return try RouteSpecification(
            origin: origin ?? self.origin, destination: destination ?? self.destination, readyTime: readyTime ?? self.readyTime,
            arrivalDeadline: deadline, cargoType: cargoType, containsDangerousGoods: containsDangerousGoods,
            maximumTransitTime: transit)
    }

    /// Returns whether the itinerary takes cargo from the origin, no earlier than the ready time and by every
    /// cut-off of the first call that applies to the cargo (and where a haul delivers it, by those of the call it
    /// boards there), to the destination, no later than the deadline and within the maximum transit time.
    ///
    /// The itinerary's own invariants (its legs connect and every change of voyage leaves the port's
    /// transshipment time) hold by construction; see ``Itinerary/init(legs:)``.
    public func isSatisfied(by itinerary: Itinerary) -> Bool {
        itinerary.origin == origin && itinerary.destination == destination
            && itinerary.departureTime >= readyTime && itinerary.arrivalTime <= arrivalDeadline
            && itinerary.legs.indices.allSatisfy { index in
                // Where the cargo is loaded as at an origin (at the origin, or where a haul delivers it), by the cut-offs.
                let leg = itinerary.legs[index]
                guard !leg.isHaul, index == 0 || itinerary.legs[index - 1].isHaul else { return true }
                let there = index == 0 ? readyTime : itinerary.legs[index - 1].unloadTime
                return there <= leg.movements.first!.latestReadyTime(for: cargoType, dangerousGoods: containsDangerousGoods)
            }
            && maximumTransitTime.map { Duration.seconds(itinerary.arrivalTime.timeIntervalSince(itinerary.departureTime)) <= $0 } ?? true
    }
}

/// The reasons a route specification cannot be made.
public struct RouteSpecificationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// One reason a route specification cannot be made.
    public enum Problem: Hashable, Sendable {
        /// The origin and the destination are the same port.
        case originEqualsDestination(UnLocode)
        /// The arrival deadline is earlier than the ready time.
        case deadlineBeforeReadyTime
        /// A time is not within years 1 to 9999 (or not a number).
        case timeOutOfRange
        /// The maximum transit time is not positive or is longer than ``RouteSpecification/transitTimeLimit``.
        case invalidMaximumTransitTime
    }

    /// Every problem found, in a fixed order.
    public let problems: [Problem]

    /// Creates an error with the problems found.
    public init(problems: [Problem]) { self.problems = problems }

    public var description: String {
        problems.map { problem in
            switch problem {
            case .originEqualsDestination(let code): "the origin and the destination are both \(code)"
            case .deadlineBeforeReadyTime: "the arrival deadline is before the ready time"
            case .timeOutOfRange: "the ready time and the deadline must be within the years 1 to 9999"
            case .invalidMaximumTransitTime: "the maximum transit time must be positive and at most 10 years"
            }
        }.joined(separator: "; ")
    }
}
