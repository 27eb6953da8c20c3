import Foundation

/// What a cargo needs: where it starts, where it must go, when it is ready and when it must arrive.
///
/// Both ends of the time window are inclusive: cargo may load on a movement departing exactly at
/// ``readyTime`` and may arrive exactly at ``arrivalDeadline``. (The DDD sample uses "strictly before"; the
/// DCSA standard's date windows are inclusive, and planners read a deadline that way.) A deadline given as a
/// date means the end of that day; converting it is the caller's job.
public struct RouteSpecification: Hashable, Sendable {
    /// The port where the cargo is ready.
    public let origin: UnLocode
    /// The port the cargo must reach.
    public let destination: UnLocode
    /// The earliest time the cargo can be loaded at the origin.
    public let readyTime: Date
    /// The latest time the cargo may arrive at the destination.
    public let arrivalDeadline: Date

    /// The times a specification, a schedule and an itinerary may hold: 0001-01-01T00:00:00Z to
    /// 9999-12-31T23:59:59Z, the years ISO 8601 writes with four digits.
    public static let supportedTimes = Date(timeIntervalSince1970: Date.supportedSeconds.lowerBound)...Date(timeIntervalSince1970: Date.supportedSeconds.upperBound)

    /// Creates a route specification.
    ///
    /// - Throws: ``RouteSpecificationError`` listing every problem: the origin equals the destination, a
    ///   time outside the years 1 to 9999, or the deadline before the ready time.
    public init(origin: UnLocode, destination: UnLocode, readyTime: Date, arrivalDeadline: Date)
        throws(RouteSpecificationError)
    {
        var problems: [RouteSpecificationError.Problem] = []
        if origin == destination { problems.append(.originEqualsDestination(origin)) }
        if !readyTime.isSupported || !arrivalDeadline.isSupported { problems.append(.timeOutOfRange) }
        else if arrivalDeadline < readyTime { problems.append(.deadlineBeforeReadyTime) }
        guard problems.isEmpty else { throw RouteSpecificationError(problems: problems) }
        self.origin = origin
        self.destination = destination
        self.readyTime = readyTime
        self.arrivalDeadline = arrivalDeadline
    }

    /// Returns whether the itinerary takes cargo from the origin, no earlier than the ready time, to the
    /// destination, no later than the deadline.
    ///
    /// The itinerary's own invariants (its legs connect and every change of voyage leaves the port's
    /// transshipment time) hold by construction; see ``Itinerary/init(legs:)``.
    public func isSatisfied(by itinerary: Itinerary) -> Bool {
        itinerary.origin == origin && itinerary.destination == destination
            && itinerary.departureTime >= readyTime && itinerary.arrivalTime <= arrivalDeadline
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
