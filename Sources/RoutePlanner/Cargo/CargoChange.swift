import Foundation

/// A recorded change to a cargo: what changed, who made the change, for which party, and when.
///
/// A cargo keeps its changes (``Cargo/changes``) as it keeps its handling events, so that whoever looks at it
/// later knows who booked it, who routed it, who registered each event and who changed its destination. Who made a
/// change is a person's name, which the forwarder's planners see; its ``party`` is what the cargo's customer sees
/// of the forwarder's people and of the carriers' feed.
public struct CargoChange: Hashable, Sendable {
    /// What changed.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// The cargo was booked.
        case booked
        /// It was given a new specification: another destination, deadline or origin.
        case respecified
        /// It was assigned an itinerary.
        case routed
        /// A handling event was registered.
        case handled
        /// The booking was cancelled, and its route released.
        case cancelled
    }

    /// Whom a change was made for: the forwarder, the cargo's customer, or the carriers' event feed.
    public enum Party: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
        /// The forwarder: one of its planners, or its command line.
        case forwarder
        /// A user of the cargo's customer.
        case customer
        /// The carriers' event feed, whose events moved the schedule or handled the cargo.
        case carrier

        /// The party in words, as its customer is shown who made a change: "the forwarder".
        public var description: String {
            switch self {
            case .forwarder: "the forwarder"
            case .customer: "the customer"
            case .carrier: "the carriers' event feed"
            }
        }
    }

    public let kind: Kind
    /// What changed, in words: `CNSHA → NLRTM, due 2026-04-30T23:59:59Z`,
    /// `load at CNSHA on WS15-W09, completed 2026-03-02T08:00:00Z`.
    public let detail: String
    /// Who made the change: a user's name, or the front end that acted without one (`command line`).
    public let by: String
    /// Whom the change was made for.
    public let party: Party
    /// When, to the second.
    public let at: Date

    public init(kind: Kind, detail: String, by: String, party: Party, at: Date) {
        self.kind = kind
        self.detail = detail
        self.by = by
        self.party = party
        self.at = Date(timeIntervalSince1970: at.timeIntervalSince1970.rounded(.down))
    }

    /// The changes from one state of a cargo to the next, made by someone for a party at a time: its booking (when
    /// there was no state before), a new specification, a new itinerary, each new handling event, and its
    /// cancellation, in that order.
    public static func between(_ before: Cargo?, _ after: Cargo, by: String, party: Party, at time: Date) -> [CargoChange] {
        func change(_ kind: Kind, _ detail: String) -> CargoChange { CargoChange(kind: kind, detail: detail, by: by, party: party, at: time) }
        let specification = after.specification
        let asked = "\(specification.origin) → \(specification.destination), due \(timestamp(specification.arrivalDeadline))"
        guard let before else {
            return [change(.booked, asked)] + (after.itinerary.map { [change(.routed, route($0))] } ?? [])
                + after.handlingEvents.map { change(.handled, event($0)) }
        }
        var changes: [CargoChange] = []
        if before.specification != specification { changes.append(change(.respecified, asked)) }
        if let itinerary = after.itinerary, before.itinerary.map(legs) != legs(itinerary) { changes.append(change(.routed, route(itinerary))) }
        let known = Set(before.handlingEvents)
        changes += after.handlingEvents.filter { !known.contains($0) }.map { change(.handled, event($0)) }
        if before.cancellationTime == nil, let cancelled = after.cancellationTime {
            let released = before.itinerary.map { "; its route " + route($0) + " released" } ?? ""
            changes.append(change(.cancelled, "cancelled at \(timestamp(cancelled))" + released))
        }
        return changes
    }

    /// The change with another name for who made it, as someone who may not see the name is shown it.
    public func attributed(to name: String) -> CargoChange {
        CargoChange(kind: kind, detail: detail, by: name, party: party, at: at)
    }

    private static func legs(_ itinerary: Itinerary) -> [String] {
        itinerary.legs.map { "\($0.voyage.number) \($0.loadLocation.code) \($0.loadTime) \($0.unloadLocation.code) \($0.unloadTime)" }
    }

    private static func route(_ itinerary: Itinerary) -> String {
        ([itinerary.origin] + itinerary.legs.map(\.unloadLocation.code)).map(\.rawValue).joined(separator: " → ")
            + " on " + itinerary.legs.map(\.voyage.number.rawValue).joined(separator: ", ")
    }

    private static func event(_ event: HandlingEvent) -> String {
        "\(event.kind.rawValue) at \(event.location)" + (event.voyage.map { " on \($0)" } ?? "") + ", completed \(timestamp(event.completionTime))"
    }

    private static func timestamp(_ date: Date) -> String {
        date.formatted(.iso8601)
    }
}
