import Foundation
import RoutePlanner

/// The master problem of column generation, as Swift values and as the GLPK program they describe.
///
/// Rows: one per group of identical bookings (at most its number of bookings ride), one capacity row per
/// movement that the columns could overload (at most its TEU), one per movement whose weight or reefer plugs
/// they could overload (``Load``), one per day of a haul with a capacity a day that they could overload, and the cover
/// cuts. A haul's day takes a ``MovementID`` past the network's movements (``haulDay(_:)``), so that rows, loads and
/// cuts count it as they count a movement. Columns: one per
/// itinerary found for a group, worth the group's revenue less the itinerary's handling and haulage cost, plus the penalty
/// its TEU would cost left out, less a transit-time tie-break. Column generation adds columns and cuts; the
/// integer stage reads them and may add columns of its own.
final class MasterProblem {
    typealias MovementID = ScheduleNetwork.MovementID
    /// The column each booking rides (by position in ``bookings``), or `nil`.
    typealias Plan = [ColumnID?]

    /// A group's position in ``groups``, which is also its row in the program.
    struct GroupID: TableIndex {
        let rawValue: Int
        /// The group's row in the program.
        var row: Int { rawValue }
    }

    /// A column's position in ``columns``, which is also its column in the program.
    struct ColumnID: TableIndex {
        let rawValue: Int
    }

    /// A cut's position in ``cuts``.
    struct CutID: TableIndex {
        let rawValue: Int
    }

    /// Bookings that are the same but for their identifier share one row and general-integer columns.
    struct Group {
        var specification: RouteSpecification
        var teu: Int
        /// What one booking of the group takes of a movement.
        var demand: Load
        /// The revenue of one booking of the group.
        var revenue: Double
        /// The most a column of the group can be worth: its revenue and penalty less ``leastCostPerTEU`` for each TEU
        /// (what a column costs beyond that, and the transit tie-break, come off).
        var value: Double
        /// The least handling and haulage per TEU that any itinerary of the group can cost (``MasterProblem/cost(of:)``):
        /// the cheapest way to its first voyage (loading at the origin, or a haul and loading where it delivers) and from
        /// its last (discharging at the destination, or discharging and a haul), or a haul straight to the destination.
        var leastCostPerTEU: Double
        /// The bookings of the group, by position.
        var members: [Int]
        var columns: [ColumnID] = []
        var columnKeys: Set<[MovementID]> = []
        var isUnreachable = false
        /// Seeding ran out of time before searching the group's itineraries; pricing searches them.
        var isUnsearched = false
        /// Movements too small for the group's bookings on itineraries it could not take.
        var tooSmall: Set<MovementID> = []
    }

    /// An itinerary of a group.
    struct Column {
        var group: GroupID
        var itinerary: Itinerary
        var movements: [MovementID]
        var coefficient: Double
    }

    /// A cover inequality on one movement: of the single-booking `groups`, at most `limit` ride it.
    struct Cut {
        var movement: MovementID
        var groups: Set<GroupID>
        var limit: Int
        var row: Int
    }

    private struct GroupKey: Hashable {
        var specification: RouteSpecification
        var teu: Int
        var revenuePerTEU: Double?
        var weight: Double?
    }

    let network: ScheduleNetwork
    let bookings: [Booking]
    let program = GLPKProblem(direction: .maximize)
    /// The groups, whose rows are the program's first rows, in this order.
    var groups = Table<GroupID, Group>()
    /// The group of each booking.
    let groupOf: [GroupID]
    private(set) var columns = Table<ColumnID, Column>()
    /// The program's capacity row of each movement that has one.
    private(set) var rowOfMovement: [MovementID: Int] = [:]
    private(set) var columnsOfMovement: [MovementID: [ColumnID]] = [:]
    private var potentialLoad: [MovementID: Load] = [:]
    /// The program's rows of a movement's weight and reefer plugs, for those the columns could overload.
    private(set) var limitRowsOfMovement: [MovementID: [(measure: Load.Measure, row: Int)]] = [:]
    /// The cover cuts in the program (see ``addViolatedCovers(_:limit:)``), by movement and by group.
    private(set) var cuts = Table<CutID, Cut>()
    private(set) var cutsOfMovement: [MovementID: [CutID]] = [:]
    private(set) var cutsOfGroup: [GroupID: [CutID]] = [:]
    /// The weight of transit time against revenue: revenue per booking − λ · TEU · transit days, with λ so
    /// small that the whole transit term stays under 0.01 (a cent) for the whole plan.
    let lambda: Double

    /// The penalty per TEU left out (``AssignmentOptions/penaltyPerTEU``).
    let penaltyPerTEU: Double
    /// Each port's transshipment cost per TEU, 0 where unknown: what pricing adds at a change of vessel.
    let transferCosts: [Double]
    /// Each place's handling cost per TEU, 0 where unknown: what pricing adds where the cargo boards its first voyage
    /// and where it leaves its last.
    let handlingCosts: [Double]

    /// The days of hauls with a capacity a day that the columns' trucks leave on: day `k` is the movement ID
    /// `network.movementCount + k`.
    private(set) var haulDays: [HaulDay] = []
    private var idOfHaulDay: [HaulDay: MovementID] = [:]

    /// How many movement IDs there are, the movements' and the haul days' of the columns so far.
    var resourceCount: Int { movementCount + haulDays.count }

    /// The haul's day that an ID past the network's movements stands for; `nil` for a movement's.
    func haulDay(_ id: MovementID) -> HaulDay? {
        id.rawValue >= movementCount ? haulDays[id.rawValue - movementCount] : nil
    }

    /// The network's movements: the IDs below are theirs, those from it hauls' days.
    let movementCount: Int

    /// The movements an itinerary rides and the days its hauls with a capacity a day take, each day given an ID the
    /// first time.
    func resources(of itinerary: Itinerary) -> [MovementID] {
        guard limitsHaulDays else { return network.movementIDs(of: itinerary) }
        return network.movementIDs(of: itinerary)
            + network.haulDays(of: itinerary).map { day in
                if let id = idOfHaulDay[day] { return id }
                let id = MovementID(movementCount + haulDays.count)
                haulDays.append(day)
                idOfHaulDay[day] = id
                return id
            }
    }

    /// Whether an itinerary can carry a booking taking `demand` at all: each movement, and each haul's capacity a day,
    /// holds it.
    func canCarry(_ demand: Load, on itinerary: Itinerary) -> Bool {
        network.movementIDs(of: itinerary).allSatisfy { demand.fits(in: limit($0)) }
            && (!limitsHaulDays || network.haulDays(of: itinerary).allSatisfy { admits(demand, on: $0) })
    }

    /// Whether a haul's day has room for a booking taking `demand` (`ScheduleNetwork.room(on:)`).
    func admits(_ demand: Load, on day: HaulDay) -> Bool { demand.teu <= network.room(on: day) }

    /// Whether a haul has a capacity a day in the network (so pricing must cost its days).
    var limitsHaulDays: Bool { network.limitsHaulDays }

    /// What a haul's day costs a group's search: infinite where its room is below the group's TEU, else
    /// `cost` of its ID (0 for a day no column takes yet, which has no row; `cost` gives 0 too for an ID past the costs
    /// it was given, a day a column took after they were read).
    func cost(of day: HaulDay, for demand: Load, _ cost: (MovementID) -> Double) -> Double {
        guard admits(demand, on: day) else { return .infinity }
        return idOfHaulDay[day].map(cost) ?? 0
    }

    /// The largest demand of any group, in each measure.
    var largestDemand: Load {
        groups.reduce(Load()) { Load(teu: max($0.teu, $1.teu), kilograms: max($0.kilograms, $1.demand.kilograms), plugs: max($0.plugs, $1.demand.plugs)) }
    }

    /// The movements smaller than the largest booking in some measure, smallest first, one list per measure
    /// (TEU, kilograms, plugs): closed to the bookings they cannot carry (``tooSmall(for:)``, ``PricingCosts``).
    private(set) lazy var smallMovements: [[(capacity: Int, movement: MovementID)]] = {
        let largest = largestDemand
        let measures: [(Load) -> Int] = [\.teu, \.kilograms, \.plugs]
        var lists = [[(capacity: Int, movement: MovementID)]](repeating: [], count: 3)
        let limitsOther = network.limitsWeight || network.limitsReeferPlugs
        for m in 0..<network.movementCount {
            let movement = MovementID(m)
            let capacity = limitsOther ? limit(movement) : Load(teu: network.capacity(of: movement), kilograms: .max, plugs: .max)
            for (index, measure) in measures.enumerated() where measure(capacity) < measure(largest) {
                lists[index].append((measure(capacity), movement))
            }
        }
        return lists.map { $0.sorted { ($0.capacity, $0.movement) < ($1.capacity, $1.movement) } }
    }()

    /// The movements too small for a booking that takes `demand` in some measure.
    func tooSmall(for demand: Load) -> [MovementID] {
        let wanted = [demand.teu, demand.kilograms, demand.plugs]
        return zip(smallMovements, wanted).flatMap { list, amount in list.prefix { $0.capacity < amount }.map(\.movement) }
    }

    /// Groups the bookings and adds their rows; no column yet.
    init(network: ScheduleNetwork, bookings: [Booking], penaltyPerTEU: Double = 0) {
        self.network = network
        movementCount = network.movementCount
        self.bookings = bookings
        self.penaltyPerTEU = penaltyPerTEU
        transferCosts = network.locations.map { $0.transshipmentCostPerTEU ?? 0 }
        handlingCosts = network.locations.map { $0.handlingCostPerTEU ?? 0 }
        // By place: the least a haul from it and the loading where it delivers cost, and the least a discharge and a
        // haul to it cost; by pair of places, the haul between them.
        var leastFrom: [UnLocode: Double] = [:], leastTo: [UnLocode: Double] = [:], direct: [[UnLocode]: Double] = [:]
        for haul in network.haulage {
            let cost = haul.costPerTEU ?? 0
            leastFrom[haul.from] = min(leastFrom[haul.from] ?? .infinity, cost + (network.location(haul.to)?.handlingCostPerTEU ?? 0))
            leastTo[haul.to] = min(leastTo[haul.to] ?? .infinity, cost + (network.location(haul.from)?.handlingCostPerTEU ?? 0))
            direct[[haul.from, haul.to]] = cost
        }
        func leastCost(_ specification: RouteSpecification) -> Double {
            let (origin, destination) = (specification.origin, specification.destination)
            let start = min(network.location(origin)?.handlingCostPerTEU ?? 0, leastFrom[origin] ?? .infinity)
            let end = min(network.location(destination)?.handlingCostPerTEU ?? 0, leastTo[destination] ?? .infinity)
            return min(start + end, direct[[origin, destination]] ?? .infinity)
        }
        var index: [GroupKey: GroupID] = [:]
        var groupOf: [GroupID] = []
        for (position, booking) in bookings.enumerated() {
            let key = GroupKey(specification: booking.specification, teu: booking.teu, revenuePerTEU: booking.revenuePerTEU, weight: booking.weight)
            if let group = index[key] {
                groups[group].members.append(position)
                groupOf.append(group)
            } else {
                let revenue = Double(booking.teu) * (booking.revenuePerTEU ?? 1), least = leastCost(booking.specification)
                let group = groups.append(
                    Group(
                        specification: booking.specification, teu: booking.teu, demand: Load(booking), revenue: revenue,
                        value: revenue + Double(booking.teu) * (penaltyPerTEU - least), leastCostPerTEU: least, members: [position]))
                index[key] = group
                groupOf.append(group)
            }
        }
        let exposure = bookings.reduce(0.0) { total, booking in
            let specification = booking.specification
            return total + Double(booking.teu) * max(1, specification.arrivalDeadline.timeIntervalSince(specification.readyTime) / 86_400)
        }
        lambda = 0.01 / max(1, exposure)
        self.groupOf = groupOf
        program.addRows(upperBounds: groups.map { Double($0.members.count) })
        for group in groups.indices { program.setName(row: group.row, name(ofGroup: group)) }
    }

    func capacity(_ movement: MovementID) -> Int {
        movement.rawValue < movementCount ? network.capacity(of: movement) : limit(movement).teu
    }

    /// The capacity of a movement in every measure; of a haul's day, the TEU it has room for.
    func limit(_ movement: MovementID) -> Load {
        guard movement.rawValue >= movementCount else { return Load(capacityOf: movement, in: network) }
        return Load(teu: network.room(on: haulDays[movement.rawValue - movementCount]), kilograms: .max, plugs: .max)
    }

    func coefficient(_ group: Group, _ itinerary: Itinerary) -> Double {
        group.value - Double(group.teu) * (cost(of: itinerary) - group.leastCostPerTEU)
            - lambda * Double(group.teu) * itinerary.arrivalTime.timeIntervalSince(itinerary.departureTime) / 86_400
    }

    /// What carrying a TEU along an itinerary costs besides the capacity it takes, as pricing counts it: its handling
    /// (``Itinerary/knownHandlingCostPerTEU``) and its hauls (``ScheduleNetwork/haulageCostPerTEU(of:)``).
    func cost(of itinerary: Itinerary) -> Double {
        itinerary.knownHandlingCostPerTEU + network.haulageCostPerTEU(of: itinerary)
    }

    // MARK: Columns and rows

    /// The one `Voyage` value of each voyage that the columns' legs ride: a router builds a new one for every
    /// itinerary, and 250,000 columns each with copies of their voyages' movements took about a gigabyte.
    private var voyages: [VoyageNumber: Voyage] = [:]

    /// The itinerary with each leg's voyage replaced by the one the other columns share. A haul's leg keeps its own: a
    /// truck's voyage is its one drive, at its own times.
    private func sharingVoyages(_ itinerary: Itinerary) -> Itinerary {
        let legs = itinerary.legs.map { leg in
            guard !leg.isHaul else { return leg }
            let voyage = voyages[leg.voyage.number, default: leg.voyage]
            voyages[leg.voyage.number] = voyage
            return Leg(voyage: voyage, movementIndices: leg.movementIndices, loadLocation: leg.loadLocation, unloadLocation: leg.unloadLocation)
        }
        // The same legs, so the same invariants.
        return (try? Itinerary(legs: legs)) ?? itinerary
    }

    /// Adds an itinerary for a group unless the group has it; adds the capacity rows it makes able to bind.
    @discardableResult
    func addColumn(group index: GroupID, _ itinerary: Itinerary) -> Bool {
        let movements = resources(of: itinerary)
        // An itinerary with a movement (or a haul's day) smaller than the booking (in any measure) can never carry it.
        let small = movements.filter { !groups[index].demand.fits(in: limit($0)) }
        guard small.isEmpty else {
            groups[index].tooSmall.formUnion(small)
            return false
        }
        guard groups[index].columnKeys.insert(movements).inserted else { return false }
        let group = groups[index], value = coefficient(group, itinerary)
        // No upper bound: the group's row bounds the column, so the row's dual prices the group.
        program.addColumn(objective: value, upper: nil, entries: [(index.row, 1)] + capacityAndCutEntries(group: index, movements: movements))
        let column = columns.append(
            Column(group: index, itinerary: sharingVoyages(itinerary), movements: movements, coefficient: value))
        program.setName(column: column.rawValue, "\(name(ofGroup: index))#\(group.columns.count + 1)")
        groups[index].columns.append(column)
        for movement in movements {
            columnsOfMovement[movement, default: []].append(column)
            potentialLoad[movement, default: Load()] += group.demand * group.members.count
            // A capacity row is needed only once the movement could be overloaded.
            let potential = potentialLoad[movement]!, capacity = limit(movement)
            if rowOfMovement[movement] == nil && potential.teu > capacity.teu {
                let row = program.addRows(upperBounds: [Double(capacity.teu)]).lowerBound
                program.setName(row: row, name(ofMovement: movement))
                rowOfMovement[movement] = row
                program.setEntries(columnsOfMovement[movement]!.map { ($0.rawValue, Double(groups[columns[$0].group].teu)) }, ofRow: row)
            }
            for measure in Load.Measure.allCases
            where potential[measure] > capacity[measure] && !(limitRowsOfMovement[movement] ?? []).contains(where: { $0.measure == measure }) {
                let row = program.addRows(upperBounds: [capacity.inRow(measure)]).lowerBound
                program.setName(row: row, (measure == .weight ? "W" : "R") + name(ofMovement: movement).dropFirst())
                limitRowsOfMovement[movement, default: []].append((measure, row))
                program.setEntries(
                    columnsOfMovement[movement]!.compactMap { column in
                        let demand = groups[columns[column].group].demand
                        return demand[measure] > 0 ? (column.rawValue, demand.inRow(measure)) : nil
                    }, ofRow: row)
            }
        }
        return true
    }

    /// The entries of a column of `group` riding `movements` in the capacity rows and cut rows of the program.
    func capacityAndCutEntries(group: GroupID, movements: [MovementID]) -> [(row: Int, value: Double)] {
        var entries: [(row: Int, value: Double)] = []
        for movement in movements {
            if let row = rowOfMovement[movement] { entries.append((row, Double(groups[group].teu))) }
            for (measure, row) in limitRowsOfMovement[movement] ?? [] where groups[group].demand[measure] > 0 {
                entries.append((row, groups[group].demand.inRow(measure)))
            }
            for cut in cutsOfMovement[movement] ?? [] where cuts[cut].groups.contains(group) { entries.append((cuts[cut].row, 1)) }
        }
        return entries
    }

    /// Adds a cut row: of the single-booking `groups`, at most `limit` ride `movement`.
    func addCut(on movement: MovementID, groups cutGroups: Set<GroupID>, limit: Int) {
        let row = program.addRows(upperBounds: [Double(limit)]).lowerBound
        program.setName(row: row, "K\(cuts.count + 1):" + name(ofMovement: movement).dropFirst(2))
        program.setEntries(columnsOfMovement[movement]!.filter { cutGroups.contains(columns[$0].group) }.map { ($0.rawValue, 1.0) }, ofRow: row)
        let cut = cuts.append(Cut(movement: movement, groups: cutGroups, limit: limit, row: row))
        cutsOfMovement[movement, default: []].append(cut)
        for group in cutGroups { cutsOfGroup[group, default: []].append(cut) }
    }

    /// The upper bound of every row, in the program's order.
    var rowBounds: [Double] {
        var bounds = groups.map { Double($0.members.count) } + Array(repeating: 0, count: program.rowCount - groups.count)
        for (movement, row) in rowOfMovement { bounds[row] = Double(capacity(movement)) }
        for (movement, rows) in limitRowsOfMovement {
            for (measure, row) in rows { bounds[row] = limit(movement).inRow(measure) }
        }
        for cut in cuts { bounds[cut.row] = Double(cut.limit) }
        return bounds
    }

    // MARK: Names

    /// The model's name of a group's row and the stem of its columns' names: the group's number (which keeps
    /// names distinct whatever the ids hold), its first booking, and how many more share its specification,
    /// such as `B17:WS-W11-0001+2`.
    func name(ofGroup index: GroupID) -> String {
        let members = groups[index].members
        return "B\(index.rawValue + 1):\(bookings[members[0]].id)" + (members.count > 1 ? "+\(members.count - 1)" : "")
    }

    /// The model's name of a movement's capacity row: voyage, ports and departure, such as
    /// `M:WS15-W09:CNSHA-MYTPP@2026-03-02T08:00Z`; of a haul's day, its places and day, such as
    /// `M:TRUCK:CNJJN-CNCKG@2026-03-02`.
    func name(ofMovement movement: MovementID) -> String {
        if let day = haulDay(movement) {
            let haul = network.haulage[day.haul]
            return "M:TRUCK:\(haul.from)-\(haul.to)@\(day.date)"
        }
        let details = network.movement(movement)
        return
            "M:\(network.voyageNumber(of: movement)):\(details.departureLocation)-\(details.arrivalLocation)@\(DateText.timestamp(details.departureTime).dropLast(4))Z"
    }

    // MARK: Plans

    /// What a plan loads on each movement, counting only the bookings `isCounted` accepts.
    func load(of plan: Plan, counting isCounted: (Int) -> Bool = { _ in true }) -> [MovementID: Load] {
        var load: [MovementID: Load] = [:]
        for (booking, column) in plan.enumerated() where isCounted(booking) {
            guard let column else { continue }
            let demand = groups[groupOf[booking]].demand
            for movement in columns[column].movements { load[movement, default: Load()] += demand }
        }
        return load
    }

    /// Whether a group's booking fits on a column's movements on top of `load`.
    func fits(_ group: GroupID, on column: ColumnID, with load: [MovementID: Load]) -> Bool {
        let demand = groups[group].demand
        return columns[column].movements.allSatisfy { (load[$0, default: Load()] + demand).fits(in: limit($0)) }
    }

    /// The objective of a plan, or of some of its bookings.
    func objective(of plan: Plan, bookings subset: [Int]? = nil) -> Double {
        guard let subset else { return plan.compactMap { $0 }.reduce(0.0) { $0 + columns[$1].coefficient } }
        return subset.compactMap { plan[$0] }.reduce(0.0) { $0 + columns[$1].coefficient }
    }
}
