import BundledData
import Foundation
import RoutePlanner
import RoutePlannerTestSupport
import Testing

/// Routing door to door on the bundled inland network (`Tools/derive_inland.py`): WorldSmall's timetable with a Yangtze
/// barge feeder, Rhine barges and trains, and trucks to factories and warehouses.
@Suite struct WorldSmallInlandTests {
    static let factories: [UnLocode] = ["CNFLG", "CNCDU", "CNXGN", "CNWXS", "CNSZH"]
    static let warehouses: [UnLocode] = ["DEDTM", "DECGN", "NLVEN", "CHLTL", "CHBAD"]

    @Test func theNetworkAddsItsInlandPlacesServicesAndHaulsToWorldSmall() throws {
        let network = try BundledData.worldSmallInland()
        let sea = try BundledData.worldSmall().network
        #expect(network.locations.count == sea.locations.count + 15)
        #expect(network.movementCount == sea.movementCount + 832)
        // 13 rows, each serving both ways.
        #expect(network.haulage.count == 26)
        let modes = Dictionary(grouping: network.voyages, by: \.mode).mapValues(\.count)
        #expect(modes[.vessel] == sea.voyageCount && modes[.barge] == 208 && modes[.rail] == 156)
        // Every inland movement closes before it leaves.
        for voyage in network.voyages where voyage.mode != .vessel {
            for movement in voyage.movements { #expect(movement.latestReadyTime(for: .dry, dangerousGoods: false) < movement.departureTime) }
        }
    }

    /// From every factory to every warehouse and back, cargo ready on Monday 2 March: every option meets its
    /// specification (cut-offs, gate hours, hauls), starts and ends with a truck, and the earliest arrival is the first
    /// option's; by CO2e, the options include one that leaves the sea by barge or train.
    @Test func everyFactoryReachesEveryWarehouseAndBack() throws {
        let network = try BundledData.worldSmallInland()
        let router = Router(network: network)
        let ready = ISO8601DateFormatter().date(from: "2026-03-02T00:00:00Z")!
        var options = 0, inlandOnTheSea = 0
        for factory in Self.factories {
            for warehouse in Self.warehouses {
                for (origin, destination) in [(factory, warehouse), (warehouse, factory)] {
                    let specification = try RouteSpecification(
                        origin: origin, destination: destination, readyTime: ready, arrivalDeadline: ready + 80 * 86_400)
                    let earliest = try router.earliestArrival(for: specification)
                    let candidates = try router.candidates(for: specification, limit: 4, options: RoutingOptions(criteria: [.co2e]))
                    #expect(candidates.first?.arrivalTime == earliest.arrivalTime, "\(origin) → \(destination)")
                    for candidate in candidates {
                        #expect(specification.isSatisfied(by: candidate), "\(origin) → \(destination)")
                        #expect(candidate.legs.first?.voyage.mode == .truck && candidate.legs.last?.voyage.mode == .truck)
                        #expect(candidate.co2ePerTEU != nil)
                    }
                    if candidates.contains(where: { $0.legs.dropFirst().dropLast().contains { $0.voyage.mode == .barge || $0.voyage.mode == .rail } }) {
                        inlandOnTheSea += 1
                    }
                    options += candidates.count
                }
            }
        }
        #expect(inlandOnTheSea == 50)
        #expect(options >= 100)
    }

    /// The router agrees with the brute-force oracle over the whole inland network, on queries whose deadlines keep the
    /// oracle's enumeration small: up and down the Yangtze and the Rhine, between factories, terminals, ports and
    /// warehouses, every week of March, with and without CO2e as a criterion.
    @Test func theRouterAgreesWithTheOracleOnTheInlandNetwork() throws {
        let network = try BundledData.worldSmallInland()
        let router = Router(network: network)
        let oracle = BruteForceRouter(locations: network.locations, voyages: network.voyages, haulage: network.haulage)
        let queries: [(UnLocode, UnLocode, Double)] = [
            ("CNFLG", "CNSHA", 12), ("CNXGN", "CNWXS", 9), ("CNSHA", "CNCDU", 16), ("NLRTM", "CHLTL", 6), ("CHBAD", "NLVEN", 6),
            ("DECGN", "CHBAD", 7),
        ]
        var compared = 0
        for (origin, destination, days) in queries {
            for week in 0..<4 {
                let ready = ISO8601DateFormatter().date(from: "2026-03-02T00:00:00Z")! + Double(week * 7 * 86_400 + week * 9_000)
                let specification = try RouteSpecification(
                    origin: origin, destination: destination, readyTime: ready, arrivalDeadline: ready + days * 86_400)
                for criteria in [Set<RoutingCriterion>(), [.co2e]] {
                    let options = RoutingOptions(criteria: criteria)
                    let all = oracle.itineraries(for: specification, options: options)
                    let context = Comment(rawValue: "\(specification) \(criteria)")
                    guard let fastest = all.map(\.arrivalTime).min() else {
                        #expect(throws: RoutingError.noRoute, context) { try router.earliestArrival(for: specification, options: options) }
                        continue
                    }
                    compared += 1
                    #expect(try router.earliestArrival(for: specification, options: options).arrivalTime == fastest, context)
                    let front = BruteForceRouter.paretoFront(of: all, criteria: criteria, haulage: oracle.haulage, via: [])
                    let vector = { (itinerary: Itinerary) in BruteForceRouter.Vector(itinerary, criteria: criteria, haulage: oracle.haulage) }
                    #expect(try router.candidates(for: specification, limit: 1_000, options: options).map(vector) == front, context)
                }
            }
        }
        #expect(compared >= 40)
    }

    /// README's example: from the factory in Fuling to the warehouse in Dortmund by CO2e, the earliest option trucks from
    /// Rotterdam; a later one, with less CO2e, takes the train to Duisburg and a short truck from there.
    @Test func theReadmesRouteTrucksFromRotterdamOrTakesTheTrainToDuisburg() throws {
        let ready = ISO8601DateFormatter().date(from: "2026-03-02T00:00:00Z")!
        let specification = try RouteSpecification(origin: "CNFLG", destination: "DEDTM", readyTime: ready, arrivalDeadline: ready + 60 * 86_400)
        let options = try Router(network: try BundledData.worldSmallInland()).candidates(
            for: specification, limit: 3, options: RoutingOptions(criteria: [.co2e]))
        let earliest = try #require(options.first)
        #expect(earliest.legs.first?.voyage.number == "TRUCK CNFLG-CNCQI" && earliest.legs.last?.voyage.number == "TRUCK NLRTM-DEDTM")
        let byTrain = try #require(options.first { $0.legs.suffix(2).map(\.voyage.mode) == [.rail, .truck] })
        #expect(byTrain.legs.last?.voyage.number == "TRUCK DEDUI-DEDTM" && byTrain.arrivalTime > earliest.arrivalTime)
        #expect(try #require(byTrain.co2ePerTEU) < #require(earliest.co2ePerTEU))
    }

    /// Modes kept to one inland mode besides vessels and trucks: the cargo goes up the Rhine to Basel by that mode, and
    /// the short truck from there.
    @Test func theModesKeepTheRhineLegToTrainOrBarge() throws {
        let router = Router(network: try BundledData.worldSmallInland())
        let ready = ISO8601DateFormatter().date(from: "2026-03-02T00:00:00Z")!
        let specification = try RouteSpecification(origin: "CNWXS", destination: "CHLTL", readyTime: ready, arrivalDeadline: ready + 80 * 86_400)
        for mode in [TransportMode.rail, .barge] {
            let itinerary = try router.earliestArrival(for: specification, options: RoutingOptions(modes: [.vessel, .truck, mode]))
            #expect(itinerary.legs.map(\.voyage.mode).filter { $0 != .vessel } == [.truck, mode, .truck])
            #expect(itinerary.legs.last?.voyage.number == "TRUCK CHBBS-CHLTL")
        }
    }
}
