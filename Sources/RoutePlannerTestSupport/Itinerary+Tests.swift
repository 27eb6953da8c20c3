import Foundation
import RoutePlanner
import RoutePlannerApplication

extension Itinerary {
    /// The voyages of the legs, for compact expectations.
    public var voyageNumbers: [String] { legs.map(\.voyage.number.rawValue) }
}

extension Itinerary {
    /// Each leg as voyage, ports and times: what identifies it whatever the capacities of the network it came from.
    public var legKeys: [String] {
        legs.map {
            "\($0.voyage.number) \($0.loadLocation.code) \($0.loadTime.timeIntervalSince1970) \($0.unloadLocation.code) \($0.unloadTime.timeIntervalSince1970)"
        }
    }
}
