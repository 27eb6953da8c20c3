import BundledData
import Foundation
import RoutePlanner
import Testing

/// The router stops when the task running it is cancelled, on the bundled WorldSmall network.
@Suite struct RouterCancellationTests {
    static let network = try! BundledData.worldSmall().network

    /// A wide search: every candidate from Shanghai to Rotterdam over the whole 26-week timetable.
    static let specification = try! RouteSpecification(
        origin: "CNSHA", destination: "NLRTM", readyTime: network.voyages.flatMap(\.movements).map(\.departureTime).min()!,
        arrivalDeadline: network.voyages.flatMap(\.movements).map(\.arrivalTime).max()!)

    @Test func theSearchRunsToTheEndWhenNotCancelled() throws {
        #expect(try !Self.network.candidates(for: Self.specification, limit: 3).isEmpty)
    }

    @Test func aSearchInACancelledTaskThrowsCancelled() async {
        let task = Task { () -> Result<[Itinerary], RoutingError> in
            // Start the search only once the cancellation has arrived, so the test does not race it.
            while !Task.isCancelled { await Task.yield() }
            do throws(RoutingError) {
                return .success(try Self.network.candidates(for: Self.specification, limit: 50))
            } catch {
                return .failure(error)
            }
        }
        task.cancel()
        #expect(await task.value == .failure(.cancelled))
    }

    @Test func earliestArrivalInACancelledTaskThrowsCancelled() async {
        let task = Task { () -> Result<Itinerary, RoutingError> in
            while !Task.isCancelled { await Task.yield() }
            do throws(RoutingError) {
                return .success(try Router(network: Self.network).earliestArrival(for: Self.specification))
            } catch {
                return .failure(error)
            }
        }
        task.cancel()
        #expect(await task.value == .failure(.cancelled))
    }

    @Test func aRunningSearchStopsSoonAfterTheCancellation() async throws {
        // Searches one after another until one reports the cancellation; whenever the cancellation lands
        // (inside a search or between two), the next check throws, so this always ends.
        let started = AsyncStream<Void>.makeStream()
        let task = Task { () -> (searches: Int, error: RoutingError?) in
            let router = Router(network: Self.network)
            var searches = 0
            started.continuation.yield()
            while true {
                do throws(RoutingError) {
                    _ = try router.candidates(for: Self.specification, limit: 50)
                    searches += 1
                } catch {
                    return (searches, error)
                }
            }
        }
        var iterator = started.stream.makeAsyncIterator()
        _ = await iterator.next()
        task.cancel()
        let clock = ContinuousClock(), start = clock.now
        let outcome = await task.value
        #expect(outcome.error == .cancelled)
        // Searches that ignored the cancellation would loop forever. Not a measure of how soon a search stops (it
        // checks every 4,096 states, and a whole search takes under a second on a debug build): only a bound far
        // beyond what a machine busy with the other tests needs.
        #expect(clock.now - start < .seconds(120))
    }
}
