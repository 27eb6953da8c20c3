import Foundation
import RoutePlanner

/// A small random schedule for checking the router against ``BruteForceRouter``.
///
/// Voyages wander between up to eight ports and may call a port more than once; departures are random, so
/// later vessels often overtake earlier ones; transshipment times are zero or a few hours. Times are whole
/// hours from a base instant that is sometimes after 2038. With cut-offs, calls get random cut-off times of
/// the codes that matter to routing (and one that does not) up to a day before, and sometimes after, their
/// departure, and specifications random cargo types and dangerous goods. With figures, ports get random
/// handling and transshipment costs and movements random CO2e (each sometimes unknown), drawn from few values
/// so that ties happen. With long port stays, vessels stay 2 to 8 hours at each call and transshipments take 2 to
/// 8 hours, so that every port keeps cargo a while (what the lower bounds add at each port on the way). With
/// continuations, half of the voyages after the first are the vessel of the voyage before going on as its next
/// voyage, from where and a few hours after that one ends. With hauls, up to three places that no voyage calls at join
/// the ports, trucks haul between random pairs of them all (30 minutes to 20 hours on the road, with random costs and
/// CO2e when there are figures), and a third of the places have gate hours (some over midnight, some in a time zone
/// an hour ahead of UTC), a third of the voyages are barges' or trains', and half of the places have transshipment
/// times for some changes between modes; these are drawn last, so a seed draws the same movements with or without
/// them.
public struct RandomSchedule: Sendable {
    public private(set) var locations: [Location]
    public private(set) var voyages: [Voyage]
    public private(set) var haulage: [Haulage] = []
    public let base: Date
    /// Whether calls have cut-off times and specifications cargo types.
    public let hasCutOffs: Bool
    /// Whether ports have costs and movements CO2e.
    public let hasFigures: Bool

    /// Makes a schedule of at most `maxPorts` ports and `maxMovements` movements from the generator, with
    /// random cut-off times when `cutOffs` is set.
    public init(
        using generator: inout some RandomNumberGenerator, maxPorts: Int = 8, maxMovements: Int = 40, cutOffs: Bool = false,
        figures: Bool = false, longPortStays: Bool = false, continuations: Bool = false, hauls: Bool = false
    ) {
        hasCutOffs = cutOffs
        hasFigures = figures
        let portCount = Int.random(in: 2...maxPorts, using: &generator)
        let codes = (0..<portCount).map { UnLocode("XX" + String(UnicodeScalar(UInt8(65 + $0))) + "AA")! }
        let transshipmentHours = longPortStays ? [2, 3, 4, 6, 8] : [0, 0, 0, 1, 2, 3, 6]
        let costs: [Double?] = [nil, 0, 5, 10, 10, 12.5, 20, 40.25]
        locations = codes.map { code in
            let hours = transshipmentHours.randomElement(using: &generator)!
            guard figures else { return Location(code: code, name: "Port \(code)", transshipmentTime: .seconds(3600 * hours)) }
            return Location(
                code: code, name: "Port \(code)", transshipmentTime: .seconds(3600 * hours),
                handlingCostPerTEU: costs.randomElement(using: &generator)!, transshipmentCostPerTEU: costs.randomElement(using: &generator)!)
        }
        let emissions: [Double?] = [nil, 0, 1, 2.5, 3, 3, 10, 0.001]
        base = Bool.random(using: &generator) ? Date(timeIntervalSince1970: 1_767_225_600) : Date(timeIntervalSince1970: 2_524_608_000)
        var voyages: [Voyage] = []
        var remaining = Int.random(in: 1...maxMovements, using: &generator)
        while remaining > 0 {
            let count = min(remaining, Int.random(in: 1...6, using: &generator))
            remaining -= count
            var port = Int.random(in: 0..<portCount, using: &generator)
            var time = Int.random(in: 0...36, using: &generator)
            // Half of the voyages after the first are the last one's vessel going on as its next voyage.
            if continuations, let last = voyages.last, let end = last.movements.last, Bool.random(using: &generator) {
                port = codes.firstIndex(of: end.arrivalLocation)!
                time = Int(end.arrivalTime.timeIntervalSince(base) / 3600) + Int.random(in: 0...8, using: &generator)
                voyages[voyages.count - 1] = last.replacingContinuation(VoyageNumber("V\(voyages.count)")!)
            }
            var movements: [CarrierMovement] = []
            for _ in 0..<count {
                var next = Int.random(in: 0..<(portCount - 1), using: &generator)
                if next >= port { next += 1 }
                let departure = time
                let arrival = departure + Int.random(in: 1...12, using: &generator)
                var cutOffTimes: [CutOffTime] = []
                if cutOffs && Int.random(in: 0..<5, using: &generator) > 0 {
                    let codes: [CutOffCode] = [
                        .fullContainerDelivery, .documentation, .verifiedGrossMass, .port, .reefer, .dangerousGoods, .transshipment, .outOfGauge,
                    ]
                    for _ in 0..<Int.random(in: 1...3, using: &generator) {
                        let hours = departure - Int.random(in: -2...24, using: &generator)
                        cutOffTimes.append(CutOffTime(codes.randomElement(using: &generator)!, base + Double(hours * 3600)))
                    }
                }
                movements.append(
                    CarrierMovement(
                        from: codes[port], to: codes[next], departure: base + Double(departure * 3600),
                        arrival: base + Double(arrival * 3600), capacity: 100, cutOffTimes: cutOffTimes,
                        co2ePerTEU: figures ? emissions.randomElement(using: &generator)! : nil))
                port = next
                time = arrival + Int.random(in: longPortStays ? 2...8 : 0...3, using: &generator)
            }
            voyages.append(Voyage(number: VoyageNumber("V\(voyages.count)")!, movements: movements))
        }
        self.voyages = voyages
        if hauls { addHauls(using: &generator, figures: figures) }
    }

    private mutating func addHauls(using generator: inout some RandomNumberGenerator, figures: Bool) {
        for place in 0..<Int.random(in: 0...3, using: &generator) {
            let code = UnLocode("YY" + String(UnicodeScalar(UInt8(65 + place))) + "AA")!
            locations.append(Location(code: code, name: "Place \(code)"))
        }
        let gates = ["Mon-Fri 06:00-18:00", "Mon-Sun 08:00-12:00; Mon-Sun 13:00-20:00", "Tue,Thu 00:00-24:00", "Sat-Mon 22:00-06:00", "Mon-Sun 09:00-09:30"]
        let hourAhead = TimeZone(secondsFromGMT: 3_600)!
        locations = locations.map { location in
            guard Int.random(in: 0..<3, using: &generator) == 0 else { return location }
            return Location(
                code: location.code, name: location.name, transshipmentTime: location.transshipmentTime, coordinates: location.coordinates,
                timeZone: Bool.random(using: &generator) ? hourAhead : nil, handlingCostPerTEU: location.handlingCostPerTEU,
                transshipmentCostPerTEU: location.transshipmentCostPerTEU, gateHours: GateHours(gates.randomElement(using: &generator)!)!)
        }
        let costs: [Double?] = [nil, 0, 50, 120, 120, 300.5]
        let emissions: [Double?] = [nil, 0, 2, 5.5, 5.5, 40]
        var pairs = Set<[UnLocode]>()
        for _ in 0..<Int.random(in: 1...10, using: &generator) {
            let pair = locations.map(\.code).shuffled(using: &generator).prefix(2)
            guard pairs.insert(Array(pair)).inserted else { continue }
            haulage.append(
                Haulage(
                    from: pair.first!, to: pair.last!, duration: .seconds(60 * Int.random(in: 30...1_200, using: &generator)),
                    costPerTEU: figures ? costs.randomElement(using: &generator)! : nil,
                    co2ePerTEU: figures ? emissions.randomElement(using: &generator)! : nil))
        }
        // A third of the voyages are barges' or trains'.
        voyages = voyages.map { voyage in
            guard Int.random(in: 0..<3, using: &generator) == 0 else { return voyage }
            return Voyage(
                number: voyage.number, movements: voyage.movements, vessel: voyage.vessel, service: voyage.service, serviceName: voyage.serviceName,
                vesselIMONumber: voyage.vesselIMONumber, continuation: voyage.continuation, mode: Bool.random(using: &generator) ? .barge : .rail)
        }
        // Half of the places take their own time for one to four changes between modes, shorter or longer than their
        // transshipment time, onto a truck among them.
        locations = locations.map { location in
            guard Bool.random(using: &generator) else { return location }
            var times: [ModeChange: Duration] = [:]
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                let change = ModeChange(
                    from: [TransportMode.vessel, .barge, .rail].randomElement(using: &generator)!,
                    to: TransportMode.allCases.randomElement(using: &generator)!)
                times[change] = .seconds(3_600 * [0, 1, 2, 4, 8, 12].randomElement(using: &generator)!)
            }
            return Location(
                code: location.code, name: location.name, transshipmentTime: location.transshipmentTime, transshipmentTimesByMode: times,
                coordinates: location.coordinates, timeZone: location.timeZone, handlingCostPerTEU: location.handlingCostPerTEU,
                transshipmentCostPerTEU: location.transshipmentCostPerTEU, gateHours: location.gateHours)
        }
    }

    /// The schedule's network, with its hauls.
    public var network: ScheduleNetwork { try! ScheduleNetwork(locations: locations, voyages: voyages, haulage: haulage) }

    /// The brute-force router over the schedule, with its hauls.
    public var bruteForce: BruteForceRouter { BruteForceRouter(locations: locations, voyages: voyages, haulage: haulage) }

    /// A schedule of the given parts, such as a random one with other capacities.
    public init(locations: [Location], voyages: [Voyage], haulage: [Haulage] = [], base: Date) {
        self.locations = locations
        self.voyages = voyages
        self.haulage = haulage
        self.base = base
        hasCutOffs = voyages.contains { $0.movements.contains { !$0.cutOffTimes.isEmpty } }
        hasFigures = locations.contains { $0.transshipmentCostPerTEU != nil } || voyages.contains { $0.movements.contains { $0.co2ePerTEU != nil } }
    }

    /// A random specification between two distinct ports of the schedule; with `transitLimit`, a maximum transit
    /// time of 1 to 40 hours half of the time.
    public func specification(using generator: inout some RandomNumberGenerator, transitLimit: Bool = false) -> RouteSpecification {
        let pair = locations.map(\.code).shuffled(using: &generator)
        let ready = base + Double(3600 * Int.random(in: 0...20, using: &generator))
        let deadline = ready + Double(3600 * Int.random(in: 0...80, using: &generator))
        let transit = transitLimit && Bool.random(using: &generator) ? Duration.seconds(3600 * Int.random(in: 1...40, using: &generator)) : nil
        guard hasCutOffs else {
            return try! RouteSpecification(origin: pair[0], destination: pair[1], readyTime: ready, arrivalDeadline: deadline, maximumTransitTime: transit)
        }
        return try! RouteSpecification(
            origin: pair[0], destination: pair[1], readyTime: ready, arrivalDeadline: deadline,
            cargoType: CargoType.allCases.randomElement(using: &generator)!, containsDangerousGoods: Bool.random(using: &generator),
            maximumTransitTime: transit)
    }
}
