/// The constraints a planner puts on the itineraries a search may return.
public struct RoutingOptions: Hashable, Sendable {
    /// The most changes of voyage an itinerary may have; `0` allows direct sailings only, `nil` any number.
    public var maxTransshipments: Int?
    /// The most changes of mode an itinerary may have (``Itinerary/modeChangeCount``): `0` keeps it to one mode, `2`
    /// allows a truck to a barge and the barge to a vessel; `nil` any number. A search counts them in a byte: a limit of
    /// 255 or more limits nothing, as no itinerary of a network has that many.
    public var maxModeChanges: Int?
    /// Ports the itinerary must call at, in this order, aboard or changing vessel.
    ///
    /// None of them may be the origin or the destination, and no port may follow itself.
    public var via: [UnLocode]
    /// Ports the itinerary must not call at at all: the cargo is neither handled there nor aboard a vessel
    /// calling there.
    public var avoidedLocations: Set<UnLocode>
    /// Voyages the itinerary must not ride.
    public var avoidedVoyages: Set<VoyageNumber>
    /// What candidate itineraries are compared on besides departure, arrival and transshipments; the earliest
    /// arrival does not use them.
    public var criteria: Set<RoutingCriterion>
    /// The room the cargo takes aboard, when it may ride only movements with that much capacity left, and drive hauls
    /// with a capacity a day only on days with its TEU of room left (``ScheduleNetwork/room(on:)``); `nil` to ride any
    /// movement, full or not.
    public var space: CargoSpace?
    /// The room other cargo takes on the network's movements, counted against their capacities in a search with a
    /// ``space``; `nil` for none.
    public var taken: CapacityUse?
    /// The modes the itinerary may travel by: a voyage of another mode is not ridden, and without
    /// ``TransportMode/truck`` no haul is taken. Every mode by default.
    public var modes: Set<TransportMode>
    /// Whether a truck may collect the cargo at its origin (carrier haulage, DCSA's store door `SD`); without it
    /// the first leg is a voyage, from a terminal the cargo is brought to (merchant haulage, DCSA's `CY`).
    public var truckFromOrigin: Bool
    /// Whether a truck may deliver the cargo at its destination; without it the last leg is a voyage.
    public var truckToDestination: Bool

    /// The most via ports a search takes.
    public static let maximumVia = 100

    /// Creates routing options; the defaults allow every itinerary. A negative `maxTransshipments` or
    /// `maxModeChanges`, or more than ``maximumVia`` via ports make the search throw ``RoutingError/invalidOptions(_:)``.
    public init(
        maxTransshipments: Int? = nil, maxModeChanges: Int? = nil, via: [UnLocode] = [],
        avoidedLocations: Set<UnLocode> = [], avoidedVoyages: Set<VoyageNumber> = [], criteria: Set<RoutingCriterion> = [],
        space: CargoSpace? = nil, taken: CapacityUse? = nil, modes: Set<TransportMode> = Set(TransportMode.allCases),
        truckFromOrigin: Bool = true, truckToDestination: Bool = true
    ) {
        self.modes = modes
        self.truckFromOrigin = truckFromOrigin
        self.truckToDestination = truckToDestination
        self.space = space
        self.taken = taken
        self.maxTransshipments = maxTransshipments
        self.maxModeChanges = maxModeChanges
        self.via = via
        self.avoidedLocations = avoidedLocations
        self.avoidedVoyages = avoidedVoyages
        self.criteria = criteria
    }
}

/// A figure candidate itineraries may be compared on besides departure, arrival and transshipments.
///
/// With a criterion, an itinerary that is better in it stays a candidate even when it departs earlier, arrives
/// later or changes vessel more often; see ``Router/candidates(for:limit:options:)``.
public enum RoutingCriterion: String, Hashable, Sendable, CaseIterable {
    /// The handling cost per TEU (``Itinerary/handlingCostPerTEU``), to the cent. A port without a cost counts
    /// nothing, so an itinerary without a total is compared on the costs that are known.
    case handlingCost = "cost"
    /// The CO2e per TEU (``Itinerary/co2ePerTEU``), to the gram. A movement without it counts nothing.
    case co2e = "co2"
}
