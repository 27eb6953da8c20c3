import Foundation

/// How to solve an assignment.
public struct AssignmentOptions: Hashable, Sendable {
    /// The time the whole solve may take, from ``started``: candidates, pricing, the integer program and the reason
    /// for each booking left out.
    public var timeLimit: Duration
    /// When the time limit began: the moment a planner asked, so that the limit takes in reading the bookings and
    /// the schedule before the solve. `nil` for when the solve starts.
    public var started: ContinuousClock.Instant?
    /// The relative gap at which the integer solve stops, such as 0.0001 for 0.01%.
    public var relativeGap: Double
    /// The candidate itineraries each booking starts with, before pricing adds any that pay.
    public var initialCandidates: Int
    /// Where to write the integer program, in MPS, for any other solver to check.
    public var modelFile: URL?
    /// What each TEU left out costs, as LINER-LIB's published runs charge it: carrying a booking then also
    /// saves its TEU times this. 0 for none.
    public var penaltyPerTEU: Double

    /// Creates options; ``problems`` says what a solver refuses in them.
    public init(
        timeLimit: Duration = .seconds(60), relativeGap: Double = 1e-4, initialCandidates: Int = 3, modelFile: URL? = nil,
        penaltyPerTEU: Double = 0, started: ContinuousClock.Instant? = nil
    ) {
        self.timeLimit = timeLimit
        self.started = started
        self.relativeGap = relativeGap
        self.initialCandidates = initialCandidates
        self.modelFile = modelFile
        self.penaltyPerTEU = penaltyPerTEU
    }

    /// What makes the options unusable: a time limit not from a millisecond to ``maximumTimeLimit``, a gap not
    /// from 0 to below 1, initial candidates not from 1 to 50, a penalty not from 0 to
    /// ``Booking/maximumRevenuePerTEU``. Empty when they are fine.
    public var problems: [String] {
        var problems: [String] = []
        if !(Duration.milliseconds(1)...Self.maximumTimeLimit).contains(timeLimit) {
            problems.append("the time limit \(timeLimit) is not from 1 ms to \(Self.maximumTimeLimit)")
        }
        if !(relativeGap >= 0 && relativeGap < 1) { problems.append("the relative gap \(relativeGap) is not from 0 to below 1") }
        if !(1...50).contains(initialCandidates) { problems.append("\(initialCandidates) initial candidates are not from 1 to 50") }
        if !(0...Booking.maximumRevenuePerTEU).contains(penaltyPerTEU) {
            problems.append("the penalty per TEU \(penaltyPerTEU) is not from 0 to \(Int(Booking.maximumRevenuePerTEU))")
        }
        return problems
    }

    /// The longest time limit: a day.
    public static let maximumTimeLimit = Duration.seconds(86_400)
}

/// The load on one carrier movement against its capacity: TEU, and weight and reefer plugs where the movement
/// limits them; or on one day of a haul with a capacity a day (``Haulage/capacityPerDay``), in TEU.
public struct LegUtilisation: Hashable, Sendable {
    /// The movement; `nil` for a haul's day.
    public let movement: ScheduleNetwork.MovementID?
    /// The haul's day, for a haul's; `nil` for a movement's.
    public let haulDay: HaulDay?
    /// The voyage, or the haul's truck (``Haulage/voyageNumber``).
    public let voyage: VoyageNumber
    public let from: UnLocode
    public let to: UnLocode
    /// When the movement departs; for a haul's day, when the day starts at the haul's place.
    public let departure: Date
    /// The TEU assigned to the movement.
    public let load: Int
    public let capacity: Int
    /// The tonnes assigned to the movement (the bookings' known weights) and its weight capacity, when it has one.
    public let weightLoad: Double
    public let weightCapacity: Int?
    /// The reefer plugs the cargo assigned takes and the movement's plugs, when it limits them.
    public let plugLoad: Int
    public let reeferPlugs: Int?

    public init(
        movement: ScheduleNetwork.MovementID?, haulDay: HaulDay? = nil, voyage: VoyageNumber, from: UnLocode, to: UnLocode, departure: Date,
        load: Int, capacity: Int, weightLoad: Double = 0, weightCapacity: Int? = nil, plugLoad: Int = 0, reeferPlugs: Int? = nil
    ) {
        self.movement = movement
        self.haulDay = haulDay
        self.voyage = voyage
        self.from = from
        self.to = to
        self.departure = departure
        self.load = load
        self.capacity = capacity
        self.weightLoad = weightLoad
        self.weightCapacity = weightCapacity
        self.plugLoad = plugLoad
        self.reeferPlugs = reeferPlugs
    }

    /// The share of the capacity in use, from 0: the highest of TEU, weight and plugs.
    public var utilisation: Double {
        func share(_ load: Double, _ capacity: Int?) -> Double {
            guard let capacity else { return 0 }
            return capacity == 0 ? (load > 0 ? .infinity : 0) : load / Double(capacity)
        }
        return max(share(Double(load), capacity), share(weightLoad, weightCapacity), share(Double(plugLoad), reeferPlugs))
    }
}

/// Why a booking is not carried.
public enum UnassignedReason: Hashable, Sendable {
    /// No itinerary reaches the destination by the deadline.
    case noItinerary
    /// Itineraries on which the booking pays exist, but these legs on them (movements, or days of hauls with a
    /// capacity a day) are too full (or too small) to take it; never empty.
    case capacity(fullLegs: [LegUtilisation])
    /// Carrying the booking loses money: its cheapest itinerary's cost per TEU, handling
    /// (``Itinerary/knownHandlingCostPerTEU``) and haulage (``ScheduleNetwork/haulageCostPerTEU(of:)``) together, is
    /// not below its revenue per TEU (1 when it has none) plus the penalty per TEU that carrying it saves
    /// (``AssignmentOptions/penaltyPerTEU``).
    case unprofitable(revenuePerTEU: Double, handlingCostPerTEU: Double, haulageCostPerTEU: Double, penaltyPerTEU: Double)
    /// An itinerary with room on which the booking pays exists, but the solve stopped, within its gap or at
    /// its time limit, without placing the booking.
    case notPlaced
    /// The time limit ran out before the booking's itineraries were searched.
    case notSearched
}

/// One booking's outcome.
public struct BookingAssignment: Hashable, Sendable {
    public let booking: Booking
    /// The itinerary the booking is carried on, or `nil`.
    public let itinerary: Itinerary?
    /// Why the booking is not carried, when it is not.
    public let reason: UnassignedReason?
    /// What the hauls by truck of its itinerary cost the booking: its TEU times their cost per TEU
    /// (``ScheduleNetwork/haulageCostPerTEU(of:)``); 0 when not carried.
    public let haulageCost: Double

    public init(booking: Booking, itinerary: Itinerary?, reason: UnassignedReason?, haulageCost: Double = 0) {
        self.booking = booking
        self.itinerary = itinerary
        self.reason = reason
        self.haulageCost = itinerary == nil ? 0 : haulageCost
    }

    /// The revenue the booking brings when carried (its TEU when it has no revenue), else 0.
    public var revenue: Double { itinerary == nil ? 0 : Double(booking.teu) * (booking.revenuePerTEU ?? 1) }
    /// What handling the booking costs on its itinerary: its TEU times the itinerary's handling cost per TEU,
    /// counting the ports whose costs are known (``Itinerary/handlingCostPerTEU`` when all are); 0 when not carried.
    public var handlingCost: Double { itinerary.map { Double(booking.teu) * $0.knownHandlingCostPerTEU } ?? 0 }
    /// Revenue less handling and haulage cost.
    public var profit: Double { revenue - handlingCost - haulageCost }
    /// The CO2e of the booking's TEU on its itinerary in kilograms, 0 when not carried, `nil` when a movement's
    /// is unknown.
    public var co2e: Double? {
        guard let itinerary else { return 0 }
        return itinerary.co2ePerTEU.map { Double(booking.teu) * $0 }
    }
}

/// What stopped the solve.
public enum AssignmentStatus: Hashable, Sendable {
    /// The assignment is optimal over all itineraries: its objective is within a cent of the bound.
    case optimal
    /// The assignment is within the requested relative gap of the bound, which is enough.
    case gapReached
    /// The integer program over the itineraries generated was solved (to the requested gap), but the
    /// bound over all itineraries, the LP relaxation's (with its cuts, and above it by the first-order
    /// solver's error when that solved the LP), stays further away: the plan may be optimal, and proving it
    /// would take branching on itineraries too (branch and price).
    case optimalOverGeneratedItineraries
    /// The time limit stopped it; the plan is the best found.
    case timeLimit
}

/// An assignment of bookings to itineraries under the capacity of every movement, with the numbers that
/// tell how good it is.
public struct AssignmentPlan: Sendable {
    /// Every booking's outcome, in the order the bookings were given.
    public let assignments: [BookingAssignment]
    public let status: AssignmentStatus
    /// The objective: revenue carried less its handling and haulage cost, plus the penalty each TEU carried saves, less the
    /// transit tie-break (see Guides/Assignment.md).
    public let objective: Double
    /// An upper bound of the objective over all itineraries of all bookings (the LP bound of column
    /// generation), so ``gap`` is a true gap.
    public let bound: Double
    /// The revenue carried (TEU when bookings have no revenue).
    public let revenue: Double
    /// The greedy baseline's revenue: bookings by deadline, each on its best remaining candidate.
    public let greedyRevenue: Double
    /// The greedy baseline's objective.
    public let greedyObjective: Double
    /// The most utilised movements and days of hauls with a capacity a day, busiest first.
    public let busiestLegs: [LegUtilisation]
    /// Every day of a haul with a capacity a day that the plan loads, by haul and day.
    public let haulDays: [LegUtilisation]
    /// Wall-clock time of the solve.
    public let duration: Duration
    /// Size of the integer program: columns (itineraries) and rows (booking groups and capacity rows).
    public let columnCount: Int
    public let rowCount: Int
    /// The pricing rounds of column generation.
    public let pricingRounds: Int

    public init(
        assignments: [BookingAssignment], status: AssignmentStatus, objective: Double, bound: Double, revenue: Double,
        greedyRevenue: Double, greedyObjective: Double, busiestLegs: [LegUtilisation], haulDays: [LegUtilisation] = [], duration: Duration,
        columnCount: Int, rowCount: Int, pricingRounds: Int
    ) {
        self.haulDays = haulDays
        self.assignments = assignments
        self.status = status
        self.objective = objective
        self.bound = bound
        self.revenue = revenue
        self.greedyRevenue = greedyRevenue
        self.greedyObjective = greedyObjective
        self.busiestLegs = busiestLegs
        self.duration = duration
        self.columnCount = columnCount
        self.rowCount = rowCount
        self.pricingRounds = pricingRounds
    }

    /// The relative gap between the objective and the bound.
    public var gap: Double { bound <= 0 ? 0 : max(0, (bound - objective) / abs(bound)) }
    /// The bookings carried.
    public var carried: [BookingAssignment] { assignments.filter { $0.itinerary != nil } }
    /// The TEU carried.
    public var carriedTEU: Int { carried.reduce(0) { $0 + $1.booking.teu } }
    /// What handling the bookings carried costs (``BookingAssignment/handlingCost``).
    public var handlingCost: Double { assignments.reduce(0) { $0 + $1.handlingCost } }
    /// What the hauls by truck of the bookings carried cost (``BookingAssignment/haulageCost``).
    public var haulageCost: Double { assignments.reduce(0) { $0 + $1.haulageCost } }
    /// The revenue carried less its handling and haulage cost.
    public var profit: Double { revenue - handlingCost - haulageCost }
    /// The CO2e of the bookings carried, in kilograms, counting those whose itineraries' CO2e is known.
    public var co2e: Double {
        // Summed in whole grams, as each itinerary's is, so that the total carries no binary remainder.
        Double(assignments.reduce(Int64(0)) { $0 + Int64((($1.co2e ?? 0) * 1_000).rounded()) }) / 1_000
    }
    /// The TEU left out.
    public var leftOutTEU: Int { assignments.reduce(0) { $0 + $1.booking.teu } - carriedTEU }
}

/// Why an assignment cannot be made.
public enum AssignmentError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A booking names a location the network does not have.
    case unknownLocation(booking: String, UnLocode)
    /// The options cannot be used (``AssignmentOptions/problems``).
    case invalidOptions([String])
    /// The solver failed.
    case solverFailed(String)
    /// The task running the solve was cancelled.
    case cancelled

    public var description: String {
        switch self {
        case .unknownLocation(let booking, let code): "booking \(booking): unknown location \(code)"
        case .invalidOptions(let problems): "invalid assignment options: " + problems.joined(separator: "; ")
        case .solverFailed(let message): "the solver failed: \(message)"
        case .cancelled: "the assignment was cancelled"
        }
    }
}
