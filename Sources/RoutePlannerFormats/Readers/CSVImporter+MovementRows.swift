import RoutePlanner

extension CSVImporter {
    /// One schedule row, compactly: indices instead of text, and where to point at in messages.
    struct MovementRow {
        var voyage: Int32
        var from: Int32
        var to: Int32
        var capacity: Int32
        /// The weight capacity (tonnes) and reefer plugs, `Int32.max` when the row leaves them out.
        var weightCapacity: Int32
        var reeferPlugs: Int32
        var departure: Int64
        var arrival: Int64
        /// The given distance and CO2e per TEU, NaN when the row leaves them out.
        var distance: Float
        var co2ePerTEU: Float
        /// The row's cut-offs are `cutOffs[cutOffStart ..< cutOffEnd]` of ``MovementRows``.
        var cutOffStart: Int32
        var cutOffEnd: Int32
        var line: Int32
        var fromColumn: Int32
        var departureColumn: Int32
    }

    /// A voyage of a schedule file: its number, and the vessel and service its rows give, with the line each
    /// is first given on.
    struct VoyageRows {
        var number: VoyageNumber
        var vessel: String?
        var service: String?
        var vesselIMONumber: String?
        var serviceName: String?
        /// The voyage number of `continues_as`: the voyage the vessel goes on as.
        var continuesAs: String?
        var continuesAsLine: Int32 = 0
        /// The voyage's `mode` as written: `vessel`, `barge` or `rail` (the reader checks it).
        var mode: String?
        var modeLine: Int32 = 0
        var vesselLine: Int32 = 0
        var serviceLine: Int32 = 0
        var vesselIMOLine: Int32 = 0
        var serviceNameLine: Int32 = 0
        var isValid = true
    }

    /// The voyages whose rows chain: voyage `voyages[k]` of ``MovementRows`` has rows
    /// `rows[start[k] ..< start[k + 1]]`, in sailing order.
    struct ChainedRows {
        var voyages: [Int32] = []
        var start: [Int32] = [0]
        var rows: [Int32] = []
        /// Per voyage of `voyages`: the voyage it goes on as, where that link is valid.
        var continuation: [VoyageNumber?] = []
    }

    /// The valid rows of a schedule file, and their voyages; what is left once the file's bytes can go.
    ///
    /// The rows are kept column by column, in file order, each column only when the file has it: 44 bytes a
    /// row for a file with the required columns and a capacity, against 72 for a ``MovementRow``. The network
    /// takes the columns one at a time (``CSVImporter/network(locations:chained:rows:)``), each released as
    /// it goes, so that an import never holds the rows and the network whole at once.
    struct MovementRows {
        var file: String
        var voyage: [Int32] = [], from: [Int32] = [], to: [Int32] = [], capacity: [Int32] = []
        var departure: [Int64] = [], arrival: [Int64] = []
        /// Empty when the file has neither `distance_nm` nor `co2e_kg_per_teu`.
        var distance: [Float] = [], co2ePerTEU: [Float] = []
        /// Empty when the file has neither `capacity_tonnes` nor `reefer_plugs`.
        var weightCapacity: [Int32] = [], reeferPlugs: [Int32] = []
        /// Where each row's cut-offs end in `cutOffs` (they start where the previous row's end); empty when the
        /// file has no cut-off column.
        var cutOffEnd: [Int32] = []
        /// Where to point at in the messages about chains.
        var line: [Int32] = [], fromColumn: [Int32] = [], departureColumn: [Int32] = []
        var voyages: [VoyageRows] = []
        var cutOffs: [CutOffTime] = []
        /// The index of each voyage in `voyages`, by its number.
        var voyageIndex = VoyageBytesIndex()
        /// Whether the file could not be read to its end (reported): then no network is made of it, in either mode.
        var isIncomplete = false
        /// The column of `continues_as`, for its messages; 0 when the file has none.
        var continuesAsColumn: Int32 = 0
        let hasAmounts: Bool, hasLimits: Bool, hasCutOffs: Bool

        init(file: String, hasAmounts: Bool = false, hasLimits: Bool = false, hasCutOffs: Bool = false) {
            self.file = file
            (self.hasAmounts, self.hasLimits, self.hasCutOffs) = (hasAmounts, hasLimits, hasCutOffs)
        }

        var count: Int { voyage.count }

        /// Makes room for about `count` rows, so that the columns are not copied as they grow.
        mutating func reserveCapacity(_ count: Int) {
            for column in [\Self.voyage, \.from, \.to, \.capacity, \.line, \.fromColumn, \.departureColumn] {
                self[keyPath: column].reserveCapacity(count)
            }
            departure.reserveCapacity(count)
            arrival.reserveCapacity(count)
            if hasAmounts {
                distance.reserveCapacity(count)
                co2ePerTEU.reserveCapacity(count)
            }
            if hasLimits {
                weightCapacity.reserveCapacity(count)
                reeferPlugs.reserveCapacity(count)
            }
            if hasCutOffs { cutOffEnd.reserveCapacity(count) }
        }

        /// Appends a row whose cut-offs are the last ones appended to `cutOffs`.
        mutating func append(_ row: MovementRow) {
            voyage.append(row.voyage)
            from.append(row.from)
            to.append(row.to)
            capacity.append(row.capacity)
            departure.append(row.departure)
            arrival.append(row.arrival)
            if hasAmounts {
                distance.append(row.distance)
                co2ePerTEU.append(row.co2ePerTEU)
            }
            if hasLimits {
                weightCapacity.append(row.weightCapacity)
                reeferPlugs.append(row.reeferPlugs)
            }
            if hasCutOffs { cutOffEnd.append(row.cutOffEnd) }
            line.append(row.line)
            fromColumn.append(row.fromColumn)
            departureColumn.append(row.departureColumn)
        }

        /// Row `index`, in file order.
        subscript(index: Int) -> MovementRow {
            MovementRow(
                voyage: voyage[index], from: from[index], to: to[index], capacity: capacity[index],
                weightCapacity: hasLimits ? weightCapacity[index] : Int32.max, reeferPlugs: hasLimits ? reeferPlugs[index] : Int32.max,
                departure: departure[index], arrival: arrival[index], distance: hasAmounts ? distance[index] : .nan,
                co2ePerTEU: hasAmounts ? co2ePerTEU[index] : .nan, cutOffStart: cutOffStart(index), cutOffEnd: hasCutOffs ? cutOffEnd[index] : 0,
                line: line[index], fromColumn: fromColumn[index], departureColumn: departureColumn[index])
        }

        /// Where row `index`'s cut-offs start in `cutOffs`.
        func cutOffStart(_ index: Int) -> Int32 {
            hasCutOffs && index > 0 ? cutOffEnd[index - 1] : 0
        }

        /// Releases what only the messages about chains need.
        mutating func releasePositions() {
            (line, fromColumn, departureColumn) = ([], [], [])
        }
    }
}
