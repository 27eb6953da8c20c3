import Foundation
import RoutePlanner
import RoutePlannerTestSupport
import Testing

/// The fuzz target's input (`FuzzInput`), fed with seeded mutations of the fixtures: any trap stops the test
/// run, and the seed of each batch is printed first so that a crash can be replayed.
@Suite struct MutationTests {
    static func fixture(_ path: String) throws -> [UInt8] {
        Array(try Data(contentsOf: Bundle.module.url(forResource: "Fixtures", withExtension: nil)!.appendingPathComponent(path)))
    }

    /// The seed corpus: each fixture with the byte that chooses how it is read (see `FuzzInput`).
    static func corpus() throws -> [[UInt8]] {
        let schedule = try fixture("valid/locations.csv") + [0xFF] + fixture("valid/schedule.csv")
        let broken = try fixture("invalid-schedule/locations.csv") + [0xFF] + fixture("invalid-schedule/schedule.csv")
        let report = Array(
            "tracking_id,event,location,voyage,completion_time\nA,load,HKHKG,AE1-0100W,2026-03-02T00:00:00Z\nA,receive,HKHKG,,2026-03-01T00:00:00Z\n".utf8)
        let whatIf = Array("cAE1-0100W\npSGSIN@2026-03-01..2026-03-07\ndAE1-0200W:48@SGSIN\nkNF-0310N=500\n".utf8)
        let dcsa = try fixture("dcsa/vessel-schedules.json") + [0xFF] + fixture("dcsa/capacities.csv")
        return [
            [0] + schedule, [0] + broken, [1] + (try fixture("valid/bookings.csv")), [1] + (try fixture("invalid-bookings/bookings.csv")),
            [2] + report, [3] + whatIf, [4] + dcsa, [4] + (try fixture("dcsa/vessel-schedules.json")),
        ]
    }

    @Test(arguments: 0..<8)
    func mutatedInputsNeverTrap(_ batch: Int) throws {
        let seed = UInt64(20_261_123 + batch)
        print("MutationTests: seed \(seed), 2,500 inputs (replay with SplitMix64(seed: \(seed)) and FuzzInput.mutate)")
        var generator = SplitMix64(seed: seed)
        let corpus = try Self.corpus()
        for _ in 0..<2_500 {
            let input = corpus.randomElement(using: &generator)!
            FuzzInput.exercise(FuzzInput.mutate(input, using: &generator))
        }
    }
}
