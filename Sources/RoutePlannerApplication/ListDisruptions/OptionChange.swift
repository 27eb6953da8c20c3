import Foundation
import RoutePlanner

/// An option for a disrupted cargo beside the itinerary as planned: how much later it arrives, and how much more it
/// costs and emits per TEU.
public struct OptionChange: Hashable, Sendable {
    public let itinerary: Itinerary
    /// How much later (earlier when negative) it arrives than the itinerary was planned to.
    public let arrivalChange: Duration
    /// How much more it costs per TEU to handle; `nil` when a port's cost is unknown, or when the cargo is on its way
    /// (the option then takes it only from where it is).
    public let costChange: Double?
    /// How much more CO2e it emits per TEU, in kilograms; `nil` when a movement's is unknown, or the cargo is on its
    /// way.
    public let co2eChange: Double?

    /// An option beside the itinerary as planned.
    public init(_ itinerary: Itinerary, against planned: Itinerary) {
        func difference(_ new: Double?, _ old: Double?) -> Double? {
            guard let new, let old, itinerary.origin == planned.origin else { return nil }
            return ((new - old) * 1_000).rounded() / 1_000
        }
        self.itinerary = itinerary
        arrivalChange = .seconds(itinerary.arrivalTime.timeIntervalSince(planned.arrivalTime))
        costChange = difference(itinerary.handlingCostPerTEU, planned.handlingCostPerTEU)
        co2eChange = difference(itinerary.co2ePerTEU, planned.co2ePerTEU)
    }
}
