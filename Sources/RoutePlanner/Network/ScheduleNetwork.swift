import Foundation

/// An immutable schedule of voyages compiled for route search.
///
/// A network is built once from locations and voyages and then answers any number of queries. It keeps
/// its data in contiguous arrays with times as whole seconds since 1970 (so times after 2038 work):
/// the movements of each voyage side by side in sailing order, the departures of each port sorted by
/// time, and the least sailing time between every pair of ports that a movement links and the least time
/// cargo stays in each port, which the search uses for a lower bound of the time still needed to reach a
/// destination.
///
/// Building the network checks the schedule and reports every problem at once; see
/// ``init(locations:voyages:haulage:capacitiesAreKnown:)``. Times are resolved to whole seconds.
///
/// - Complexity: Building takes O(*m* log *m*) time and O(*m*) memory for *m* movements.
public struct ScheduleNetwork: Sendable {
    /// The locations of the network, in the order they were given.
    public let locations: [Location]
    let portIndex: [UnLocode: Int32]
    let transshipmentSeconds: [Int64]
    /// Per port, 16 entries: the seconds of a change from each mode to each (``Location/transshipmentTime(from:to:)``),
    /// at `port << 4 | from << 2 | to` by the modes' ``TransportMode/index``; empty when no location has a
    /// transshipment time by mode, so that every change takes ``transshipmentSeconds``.
    let modeTransshipmentSeconds: [Int64]
    /// Per port, whether it has transshipment times by mode (``Location/transshipmentTimesByMode``); empty where
    /// ``modeTransshipmentSeconds`` is. Elsewhere every change takes its transshipment time, so a search compares chains
    /// there as in a network without times by mode.
    let portHasModeTimes: [Bool]

    let voyageNumbers: [VoyageNumber]
    let voyageIndex: [VoyageNumber: Int32]
    /// The movements of voyage `v` are at `voyageStart[v] ..< voyageStart[v + 1]`.
    let voyageStart: [Int32]
    /// Per voyage: the first movement of the voyage its vessel goes on as (``Voyage/continuation``), or -1. Cargo
    /// aboard the voyage's last movement stays aboard onto it.
    let continuationStart: [Int32]

    // One entry per movement, grouped by voyage in sailing order.
    let departure: [Int64]
    let arrival: [Int64]
    let from: [Int32]
    let to: [Int32]
    let voyageOf: [Int32]
    let capacity: [Int32]

    /// What the search reads only when a schedule has it (cut-offs) and what documents read (names, offsets),
    /// behind one reference: the search copies the network's fields it uses, so they stay few.
    let details: Details

    /// Whether the movements' capacities come from the schedule; `false` when it carried none (a DCSA
    /// vessel schedule without a capacity file), so that capacity-constrained planning can refuse it.
    public let capacitiesAreKnown: Bool

    /// The departures of port `p` are the slots `departureStart[p] ..< departureStart[p + 1]`, by time.
    let departureStart: [Int32]
    let slotMovement: [Int32]
    let slotTime: [Int64]
    /// Per slot, as `slotMovement`: the movement's arrival port, and its sailing time in seconds (`Int32.max` when
    /// that long or longer; see ``slotArrival(_:)``). A search scanning a port's departures reads them in order
    /// rather than look each movement up.
    let slotTo: [Int32]
    let slotSailing: [Int32]
    /// Per movement: the first departure slot of its arrival port at or after its arrival plus the port's least
    /// transshipment time from the movement's mode, where a change of vessel after it starts (``firstSlot(at:notBefore:)``, looked up once).
    let connectingSlot: [Int32]

    /// The ports with a movement into port `q` are at `inboundStart[q] ..< inboundStart[q + 1]`, each with
    /// the least sailing time of such a movement.
    let inboundStart: [Int32]
    let inboundPort: [Int32]
    let inboundSailing: [Int64]
    /// Per port: the least time cargo stays there between arriving on a movement and leaving on another, the
    /// shorter of the least stay of a vessel calling there (from its arrival to its next departure) and the port's
    /// least transshipment time of any change of mode. The lower bounds add it at each port a route passes.
    let leastPortStay: [Int64]
    /// The lower bounds of the time between all ports (`sailingTimes(to:avoiding:)`), when the network was
    /// prepared for many searches (``preparedForSearches()``).
    var sailingTimeTable: SailingTimeTable?
    /// The TEU that cargo already routed takes on each day of a haul with a capacity a day
    /// (``reducingCapacity(byBookings:)``); empty for none.
    var takenOnHaulDays: [HaulDay: Int] = [:]

    /// Whether the network is this one as it was built: a copy of it, or it prepared for searches. Two networks
    /// built apart are never identical, even of the same schedule; telling so takes no time, unlike comparing what
    /// they hold.
    public func isIdentical(to other: ScheduleNetwork) -> Bool { details === other.details }

    /// The voyages' vessels and services, and the calls' cut-offs and UTC offsets.
    final class Details: Sendable {
        let voyageVessel: [String?]
        let voyageService: [String?]
        let voyageServiceName: [String?]
        let voyageIMONumber: [String?]
        /// The cut-off times of the call movement `m` departs from are at `cutOffStart[m] ..< cutOffStart[m + 1]`
        /// of `cutOffCode` and `cutOffTime`; all three are empty when no call has a cut-off.
        let cutOffStart: [Int32]
        let cutOffCode: [CutOffCode]
        let cutOffTime: [Int64]
        /// The transshipment cut-off of each movement's call, `Int64.max` where it has none; empty when no call
        /// has one.
        let transshipmentCutOff: [Int64]
        /// The same per departure slot (as `slotMovement`), so that a search scanning a port's departures reads
        /// them in order; empty when no call has one.
        let slotTransshipmentCutOff: [Int64]
        /// The UTC offsets, in seconds, that the schedule wrote each movement's times in, `Int32.min` where
        /// unknown; empty when none is known.
        let departureOffset: [Int32]
        let arrivalOffset: [Int32]
        /// Each movement's distance in nautical miles, given or estimated; NaN where unknown.
        let distance: [Float]
        /// Each movement's CO2e per TEU in grams, given or estimated; -1 where unknown.
        let co2eGrams: [Int32]
        /// Whether each movement's CO2e is the network's estimate rather than the schedule's figure.
        let co2eEstimated: [Bool]
        /// Each movement's weight capacity in tonnes and reefer plugs, `Int32.max` where unlimited; each empty when
        /// no movement has a limit.
        let weightCapacity: [Int32]
        let plugCapacity: [Int32]
        /// Each voyage's mode; empty when every voyage is a vessel's.
        let voyageMode: [TransportMode]
        /// The modes of the voyages, a bit each (``TransportMode/mask(of:)``): what a search checks its allowed modes
        /// against, rather than every voyage.
        let voyageModes: UInt8
        /// The hauls and the gate hours.
        let hauls: HaulColumns

        init(
            voyageVessel: [String?], voyageService: [String?], voyageServiceName: [String?], voyageIMONumber: [String?],
            cutOffStart: [Int32], cutOffCode: [CutOffCode], cutOffTime: [Int64], transshipmentCutOff: [Int64], slotMovement: [Int32],
            departureOffset: [Int32], arrivalOffset: [Int32], distance: [Float], co2eGrams: [Int32], co2eEstimated: [Bool], weightCapacity: [Int32],
            plugCapacity: [Int32], voyageMode: [TransportMode], hauls: HaulColumns
        ) {
            self.voyageMode = voyageMode.contains { $0 != .vessel } ? voyageMode : []
            // Built again from its own columns (a retiming, other hauls), a network of vessels gives no modes.
            voyageModes = voyageMode.isEmpty ? (voyageVessel.isEmpty ? 0 : TransportMode.vessel.bit) : TransportMode.mask(of: Set(voyageMode))
            self.hauls = hauls
            // A column kept for no movement is dropped, as a network built from voyages without it has none (one whose
            // only voyage with it was published again without it, say).
            self.weightCapacity = weightCapacity.contains { $0 != Int32.max } ? weightCapacity : []
            self.plugCapacity = plugCapacity.contains { $0 != Int32.max } ? plugCapacity : []
            self.voyageVessel = voyageVessel
            self.voyageService = voyageService
            self.voyageServiceName = voyageServiceName
            self.voyageIMONumber = voyageIMONumber
            self.cutOffStart = cutOffCode.isEmpty ? [] : cutOffStart
            self.cutOffCode = cutOffCode
            self.cutOffTime = cutOffTime
            self.transshipmentCutOff = cutOffCode.isEmpty ? [] : transshipmentCutOff
            slotTransshipmentCutOff = self.transshipmentCutOff.isEmpty ? [] : slotMovement.map { transshipmentCutOff[Int($0)] }
            let hasOffsets = departureOffset.contains { $0 != Int32.min } || arrivalOffset.contains { $0 != Int32.min }
            self.departureOffset = hasOffsets ? departureOffset : []
            self.arrivalOffset = hasOffsets ? arrivalOffset : []
            self.distance = distance
            self.co2eGrams = co2eGrams
            self.co2eEstimated = co2eEstimated
        }

        /// The latest time cargo of a type may be ready to be loaded onto movement `m`, which departs at
        /// `departure`: the departure, or an earlier cut-off of its call that applies to the cargo.
        ///
        /// A method of the details rather than of the network, so that the search calls it without copying
        /// the network's fields.
        func latestReadyTime(_ m: Int, departure: Int64, cargoType: CargoType, dangerousGoods: Bool) -> Int64 {
            var latest = departure
            guard !cutOffStart.isEmpty else { return latest }
            for index in Int(cutOffStart[m])..<Int(cutOffStart[m + 1])
            where cutOffCode[index].appliesToLoading(of: cargoType, dangerousGoods: dangerousGoods) {
                latest = min(latest, cutOffTime[index])
            }
            return latest
        }
    }

    var voyageVessel: [String?] { details.voyageVessel }
    var voyageService: [String?] { details.voyageService }
    var voyageServiceName: [String?] { details.voyageServiceName }
    var voyageIMONumber: [String?] { details.voyageIMONumber }
    var cutOffStart: [Int32] { details.cutOffStart }
    var cutOffCode: [CutOffCode] { details.cutOffCode }
    var cutOffTime: [Int64] { details.cutOffTime }
    var transshipmentCutOff: [Int64] { details.transshipmentCutOff }
    var departureOffset: [Int32] { details.departureOffset }
    var arrivalOffset: [Int32] { details.arrivalOffset }

    /// The number of carrier movements.
    public var movementCount: Int { departure.count }
    /// The number of voyages.
    public var voyageCount: Int { voyageNumbers.count }

    /// Returns the location with the given code, or `nil` when the network has none.
    public func location(_ code: UnLocode) -> Location? {
        portIndex[code].map { locations[Int($0)] }
    }

    /// Returns the voyage with the given number, or `nil` when the network has none.
    public func voyage(_ number: VoyageNumber) -> Voyage? {
        voyageIndex[number].map { voyage(at: Int($0)) }
    }

    /// The voyages of the network, in the order they were given.
    public var voyages: [Voyage] { (0..<voyageCount).map(voyage(at:)) }

    func voyage(at index: Int) -> Voyage {
        let details = self.details
        let movements = (Int(voyageStart[index])..<Int(voyageStart[index + 1])).map { movement($0, details: details) }
        return Voyage(
            number: voyageNumbers[index], movements: movements, vessel: details.voyageVessel[index],
            service: details.voyageService[index], serviceName: details.voyageServiceName[index],
            vesselIMONumber: details.voyageIMONumber[index], continuation: continuation(ofVoyage: index).map { voyageNumbers[$0] },
            mode: details.voyageMode.isEmpty ? .vessel : details.voyageMode[index])
    }

    /// The index of the voyage that voyage `index` goes on as, if any.
    func continuation(ofVoyage index: Int) -> Int? {
        let start = continuationStart[index]
        return start < 0 ? nil : Int(voyageOf[Int(start)])
    }
}

extension Date {
    /// The first and the last second the library reads and writes: years 1 to 9999, UTC, as ISO 8601 writes
    /// them. Times outside (or not finite) are refused where they enter: ``RouteSpecification``,
    /// ``ScheduleNetwork``, ``Itinerary``.
    package static let supportedSeconds: ClosedRange<Double> = -62_135_596_800...253_402_300_799

    /// Whether the date is within years 1 to 9999.
    package var isSupported: Bool { Self.supportedSeconds.contains(timeIntervalSince1970) }

    /// The date at a whole number of seconds since 1970.
    package init(seconds: Int64) { self.init(timeIntervalSince1970: TimeInterval(seconds)) }

    /// The date as whole seconds since 1970, rounded down.
    package var seconds: Int64 { Int64(timeIntervalSince1970.rounded(.down)) }

    /// The date as whole seconds since 1970, rounded up: the first whole second at or after it.
    var secondsRoundedUp: Int64 { Int64(timeIntervalSince1970.rounded(.up)) }
}

extension Duration {
    /// The duration as whole seconds, rounded up.
    package var wholeSeconds: Int64 {
        let (seconds, attoseconds) = components
        return attoseconds > 0 ? seconds + 1 : seconds
    }
}
