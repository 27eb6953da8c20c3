import Foundation

extension ScheduleNetwork {
    /// A carrier movement of a network, by its position: `0 ..< movementCount`, voyage by voyage.
    ///
    /// Capacity-constrained planning keys the TEU on each movement by this identifier.
    public struct MovementID: Hashable, Comparable, Sendable, CustomStringConvertible {
        /// The position of the movement in the network.
        public let rawValue: Int

        /// Creates the identifier of the movement at a position.
        public init(_ rawValue: Int) { self.rawValue = rawValue }

        public static func < (lhs: MovementID, rhs: MovementID) -> Bool { lhs.rawValue < rhs.rawValue }
        public var description: String { "#\(rawValue)" }
    }

    /// The mode of movement `m`'s voyage.
    @inline(__always)
    func movementMode(_ m: Int) -> TransportMode {
        details.voyageMode.isEmpty ? .vessel : details.voyageMode[Int(voyageOf[m])]
    }

    /// The seconds cargo needs at `port` from a voyage of mode index `from` to one (or a truck) of mode index `to`
    /// (``TransportMode/index``; ``Location/transshipmentTime(from:to:)``).
    @inline(__always)
    func transshipmentSeconds(at port: Int32, from: Int, to: Int) -> Int64 {
        modeTransshipmentSeconds.isEmpty ? transshipmentSeconds[Int(port)] : modeTransshipmentSeconds[Int(port) << 4 | from << 2 | to]
    }

    /// The seconds cargo needs at `port` from a voyage of mode `from` to one (or a truck) of mode `to`.
    func transshipmentSeconds(at port: Int32, from: TransportMode, to: TransportMode) -> Int64 {
        transshipmentSeconds(at: port, from: from.index, to: to.index)
    }

    /// The movement with an identifier.
    public func movement(_ id: MovementID) -> CarrierMovement {
        movement(id.rawValue, details: details)
    }

    /// The movement at a position, with its call's details read from `details` (the network's, passed in so that
    /// a loop over many movements reads them without a copy per movement).
    func movement(_ m: Int, details: Details) -> CarrierMovement {
        var cutOffs: [CutOffTime] = []
        if !details.cutOffStart.isEmpty {
            let range = Int(details.cutOffStart[m])..<Int(details.cutOffStart[m + 1])
            cutOffs = range.map { CutOffTime(details.cutOffCode[$0], Date(seconds: details.cutOffTime[$0])) }
        }
        func offset(_ offsets: [Int32]) -> Int? {
            offsets.isEmpty || offsets[m] == Int32.min ? nil : Int(offsets[m])
        }
        return CarrierMovement(
            from: locations[Int(from[m])].code, to: locations[Int(to[m])].code,
            departure: Date(seconds: departure[m]), arrival: Date(seconds: arrival[m]), capacity: Int(capacity[m]),
            cutOffTimes: cutOffs, departureUTCOffset: offset(details.departureOffset), arrivalUTCOffset: offset(details.arrivalOffset),
            distance: details.distance[m].isNaN ? nil : (Double(details.distance[m]) * 10).rounded() / 10,
            co2ePerTEU: details.co2eGrams[m] < 0 ? nil : Double(details.co2eGrams[m]) / 1_000,
            weightCapacity: Self.limit(details.weightCapacity, m), reeferPlugs: Self.limit(details.plugCapacity, m),
            co2eIsEstimated: details.co2eEstimated[m])
    }

    /// The latest time cargo of a type may be ready to be loaded onto movement `m` at its departure port:
    /// its departure, or an earlier cut-off of its call that applies to the cargo.
    func latestReadyTime(_ m: Int, cargoType: CargoType, dangerousGoods: Bool) -> Int64 {
        details.latestReadyTime(m, departure: departure[m], cargoType: cargoType, dangerousGoods: dangerousGoods)
    }

    /// Whether any call of the network has a cut-off time.
    public var hasCutOffTimes: Bool { !cutOffStart.isEmpty }

    /// The number of the voyage a movement belongs to.
    public func voyageNumber(of id: MovementID) -> VoyageNumber { voyageNumbers[Int(voyageOf[id.rawValue])] }

    /// The capacity of a movement in TEU.
    public func capacity(of id: MovementID) -> Int { Int(capacity[id.rawValue]) }

    /// The cargo weight a movement can carry, in tonnes, or `nil` when it is not limited.
    public func weightCapacity(of id: MovementID) -> Int? { Self.limit(details.weightCapacity, id.rawValue) }

    /// The reefer plugs a movement has, or `nil` when they are not limited.
    public func reeferPlugs(of id: MovementID) -> Int? { Self.limit(details.plugCapacity, id.rawValue) }

    /// Whether any movement limits the weight it carries, or its reefer plugs.
    public var limitsWeight: Bool { !details.weightCapacity.isEmpty }
    public var limitsReeferPlugs: Bool { !details.plugCapacity.isEmpty }

    /// A movement's limit in a column of limits that is empty when no movement has one; `nil` when unlimited.
    private static func limit(_ limits: [Int32], _ m: Int) -> Int? {
        limits.isEmpty || limits[m] == Int32.max ? nil : Int(limits[m])
    }

    /// The movements an itinerary rides, in order: every movement of every leg, including those the cargo
    /// stays aboard through; a haul by truck has none.
    ///
    /// The itinerary's voyages must be voyages of this network; anything else is a programming error.
    public func movementIDs(of itinerary: Itinerary) -> [MovementID] {
        itinerary.legs.filter { !$0.isHaul }.flatMap { leg -> [MovementID] in
            guard let voyage = voyageIndex[leg.voyage.number] else {
                preconditionFailure("voyage \(leg.voyage.number) is not in the network")
            }
            let first = Int(voyageStart[Int(voyage)])
            precondition(
                leg.movementIndices.upperBound <= Int(voyageStart[Int(voyage) + 1]) - first,
                "voyage \(leg.voyage.number) of the itinerary differs from the network's")
            return leg.movementIndices.map { MovementID(first + $0) }
        }
    }
}
