import Foundation
import RoutePlanner

/// The voyages with cut-offs on about 80% of their calls, drawn with a fixed seed: documentation, verified gross
/// mass and full container delivery 48, 36 and 24 hours before the departure (dry cargo boards by the earliest,
/// 48 hours) and a transshipment cut-off 60 hours before it, one draw per call. The routing benchmarks measure
/// searches with them.
///
/// - Returns: The voyages, and how many calls got cut-offs.
public func withCutOffs(_ voyages: [Voyage], draws: inout BenchmarkDraws) -> (voyages: [Voyage], calls: Int) {
    var calls = 0
    let changed = voyages.map { voyage in
        voyage.replacingMovements(
            voyage.movements.map { movement in
                var movement = movement
                guard Double(draws.next() >> 11) / Double(1 << 53) < 0.8 else { return movement }
                let departure = movement.departureTime
                movement.cutOffTimes = [
                    CutOffTime(.documentation, departure - 48 * 3600), CutOffTime(.verifiedGrossMass, departure - 36 * 3600),
                    CutOffTime(.fullContainerDelivery, departure - 24 * 3600), CutOffTime(.transshipment, departure - 60 * 3600),
                ]
                calls += 1
                return movement
            })
    }
    return (changed, calls)
}

/// The routing benchmarks' draws: a 64-bit linear congruential generator (Knuth's MMIX constants) from a fixed seed.
public struct BenchmarkDraws {
    public private(set) var state: UInt64 = 0x9E37_79B9_7F4A_7C15

    public init() {}

    /// The next draw, which is also the new state.
    public mutating func next() -> UInt64 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return state
    }
}
