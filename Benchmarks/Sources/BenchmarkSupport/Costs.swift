import Foundation
import RoutePlanner

/// The locations and voyages with costs and CO2e, for the routing benchmarks' searches by criteria. The instances have
/// neither: each port gets a handling and transshipment cost drawn with a fixed seed from LINER-LIB's range (USD 10 to
/// 150 per TEU, in halves), one draw per location, and each movement the CO2e the emission model gives for sailing
/// 16 knots for its sailing time on a vessel of its capacity.
public func withCosts(locations: [Location], voyages: [Voyage], draws: inout BenchmarkDraws) -> (locations: [Location], voyages: [Voyage]) {
    let costed = locations.map { location in
        let cost = 10 + Double((draws.next() >> 33) % 281) / 2
        return Location(
            code: location.code, name: location.name, transshipmentTime: location.transshipmentTime, handlingCostPerTEU: cost,
            transshipmentCostPerTEU: cost)
    }
    let estimated = voyages.map { voyage in
        voyage.replacingMovements(
            voyage.movements.map { movement in
                var movement = movement
                let hours = movement.arrivalTime.timeIntervalSince(movement.departureTime) / 3600
                movement.co2ePerTEU = EmissionModel.co2ePerTEU(distance: hours * 16, hours: hours, capacity: movement.capacity)
                return movement
            })
    }
    return (costed, estimated)
}
