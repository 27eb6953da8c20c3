import Foundation
import RoutePlanner

/// A validated request for the candidate itineraries of a cargo.
public struct RouteCargoRequest: Hashable, Sendable {
    public let specification: RouteSpecification
    /// The most itineraries to return, from 1 to ``maximumLimit``.
    public let limit: Int
    public let options: RoutingOptions

    /// The most candidates a request may ask for.
    public static let maximumLimit = 50
    /// The most transshipments a request may allow.
    public static let maximumTransshipments = 10

    /// Validates the parts of a request and makes it.
    ///
    /// - Returns: The request, or a ``ValidationError`` with a message for every invalid field: `destination`
    ///   (equal to the origin), `deadline` (before the ready time), `limit`, `maxTransshipments`, `via` and
    ///   `avoid` (naming the origin or the destination).
    public static func create(
        origin: UnLocode, destination: UnLocode, readyTime: Date, arrivalDeadline: Date, limit: Int = 5,
        maxTransshipments: Int? = nil, via: [UnLocode] = [], avoiding: Set<UnLocode> = [],
        avoidingVoyages: Set<VoyageNumber> = []
    ) -> Result<RouteCargoRequest, ValidationError> {
        var fields = FormFields()
        validate(
            origin: origin, destination: destination, readyTime: readyTime, arrivalDeadline: arrivalDeadline, limit: limit,
            maxTransshipments: maxTransshipments, via: via, avoiding: avoiding, into: &fields)
        guard fields.errors.isEmpty,
              let specification = try? RouteSpecification(
                  origin: origin, destination: destination, readyTime: readyTime, arrivalDeadline: arrivalDeadline)
        else { return .failure(ValidationError(fields: fields.errors)) }
        return .success(RouteCargoRequest(
            specification: specification, limit: limit,
            options: RoutingOptions(
                maxTransshipments: maxTransshipments, via: via, avoidedLocations: avoiding, avoidedVoyages: avoidingVoyages)))
    }

    /// The checks across fields, on whatever parts are known.
    static func validate(
        origin: UnLocode?, destination: UnLocode?, readyTime: Date?, arrivalDeadline: Date?, limit: Int?,
        maxTransshipments: Int?, via: [UnLocode], avoiding: Set<UnLocode>, into fields: inout FormFields
    ) {
        if let origin, origin == destination { fields.fail("destination", "The destination must differ from the origin.") }
        if let readyTime, let arrivalDeadline, arrivalDeadline <= readyTime {
            fields.fail("deadline", "The deadline must be after the ready time.")
        }
        if let limit, !(1...maximumLimit).contains(limit) {
            fields.fail("limit", "Enter a whole number from 1 to \(maximumLimit).")
        }
        if let maxTransshipments, !(0...maximumTransshipments).contains(maxTransshipments) {
            fields.fail("maxTransshipments", "Enter a whole number from 0 to \(maximumTransshipments).")
        }
        for code in via where code == origin || code == destination {
            fields.fail("via", "\(code) is the origin or the destination; a via port lies between them.")
        }
        if zip(via, via.dropFirst()).contains(where: { $0 == $1 }) { fields.fail("via", "A via port is repeated.") }
        for code in avoiding.sorted() where code == origin || code == destination || via.contains(code) {
            fields.fail("avoid", "\(code) cannot be avoided: it is the origin, the destination or a via port.")
        }
    }
}
