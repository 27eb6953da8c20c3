import Foundation

/// What a cargo needs: where it starts, where it must go, when it is ready and when it must arrive.
///
/// Both ends of the time window are inclusive: cargo may load on a movement departing exactly at
/// ``readyTime`` and may arrive exactly at ``arrivalDeadline``. (The DDD sample uses "strictly before"; the
/// DCSA standard's date windows are inclusive, and planners read a deadline that way.) A deadline given as a
/// date means the end of that day; converting it is the caller's job.
///
/// The cargo's type and whether it holds dangerous goods decide which cut-off times of the origin's calls
/// it must meet (see ``CutOffCode/appliesToLoading(of:dangerousGoods:)``).
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

    /// The times a specification, a schedule and an itinerary may hold: 0001-01-01T00:00:00Z to
    /// 9999-12-31T23:59:59Z, the years ISO 8601 writes with four digits.
    public static let supportedTimes = Date(timeIntervalSince1970: Date.supportedSeconds.lowerBound)...Date(timeIntervalSince1970: Date.supportedSeconds.upperBound)

    /// Creates a route specification.
    ///
    /// - Throws: ``RouteSpecificationError`` listing every problem: the origin equals the destination, a
    ///   time outside the years 1 to 9999, or the deadline before the ready time.
    public init(
        origin: UnLocode, destination: UnLocode, readyTime: Date, arrivalDeadline: Date, cargoType: CargoType = .dry,
        containsDangerousGoods: Bool = false
    ) throws(RouteSpecificationError) {
        var problems: [RouteSpecificationError.Problem] = []
        if origin == destination { problems.append(.originEqualsDestination(origin)) }
        if !readyTime.isSupported || !arrivalDeadline.isSupported { problems.append(.timeOutOfRange) }
        else if arrivalDeadline < readyTime { problems.append(.deadlineBeforeReadyTime) }
        guard problems.isEmpty else { throw RouteSpecificationError(problems: problems) }
        self.origin = origin
        self.destination = destination
        self.readyTime = readyTime
        self.arrivalDeadline = arrivalDeadline
        self.cargoType = cargoType
        self.containsDangerousGoods = containsDangerousGoods
    }

    /// The same cargo needs from another port and time on, as when a cargo is routed again from where it is.
    public func replacing(origin: UnLocode? = nil, destination: UnLocode? = nil, readyTime: Date? = nil, arrivalDeadline: Date? = nil)
        throws(RouteSpecificationError) -> RouteSpecification
    {
        try RouteSpecification(
            origin: origin ?? self.origin, destination: destination ?? self.destination, readyTime: readyTime ?? self.readyTime,
            arrivalDeadline: arrivalDeadline ?? self.arrivalDeadline, cargoType: cargoType,
            containsDangerousGoods: containsDangerousGoods)
    }

    /// Returns whether the itinerary takes cargo from the origin, no earlier than the ready time and by every
    /// cut-off of the first call that applies to the cargo, to the destination, no later than the deadline.
    ///
    /// The itinerary's own invariants (its legs connect and every change of voyage leaves the port's
    /// transshipment time) hold by construction; see ``Itinerary/init(legs:)``.
    public func isSatisfied(by itinerary: Itinerary) -> Bool {
        itinerary.origin == origin && itinerary.destination == destination
            && itinerary.departureTime >= readyTime && itinerary.arrivalTime <= arrivalDeadline
            && readyTime <= itinerary.legs[0].movements.first!.latestReadyTime(for: cargoType, dangerousGoods: containsDangerousGoods)
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
            }
        }.joined(separator: "; ")
    }
}
