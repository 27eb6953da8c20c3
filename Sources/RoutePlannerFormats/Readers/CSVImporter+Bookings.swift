import Foundation
import RoutePlanner

extension CSVImporter {
    /// Reads a bookings file: `booking`, `origin`, `destination`, `ready`, `deadline`, `teu`; optionally
    /// `revenue_per_teu`, `cargo_type` (`DRY` or `REEFER`; empty: dry), `dangerous_goods` (`true` or `false`;
    /// empty: false), `max_transit_days` (above 0 and up to 3650, decimals allowed; empty: no limit),
    /// `weight_tonnes` (the gross weight, above 0; empty: not known) and `customer` (which
    /// ``importBookingRows(_:network:)`` reads).
    ///
    /// `ready` and `deadline` are dates or date-times with a zone. A date means, in UTC, the start of that day
    /// for `ready` and its end (23:59:59) for `deadline`, since the deadline is inclusive.
    ///
    /// - Parameters:
    ///   - file: The bookings file.
    ///   - network: When given, every location must be in it.
    /// - Throws: `ImportError` with every problem, unless the importer is lenient.
    public func importBookings(_ file: CSVFile, network: ScheduleNetwork? = nil) throws(ImportError) -> ImportResult<[Booking]> {
        try importBookingRows(file, network: network).map { $0.map(\.booking) }
    }

    /// Reads a bookings file from disk as ``importBookings(_:network:)`` does; a file that cannot be read
    /// (``CSVFileError``) is an error at its start.
    public func importBookings(contentsOf url: URL, network: ScheduleNetwork? = nil) throws(ImportError) -> ImportResult<[Booking]> {
        var log = DiagnosticLog(errorLimit: errorLimit)
        guard let file = read(url, log: &log) else { throw log.importError() }
        return try importBookings(file, network: network)
    }

    /// Reads a bookings file as ``importBookings(_:network:)`` does, keeping each row's customer and
    /// position.
    ///
    /// - Throws: `ImportError` with every problem, unless the importer is lenient.
    public func importBookingRows(_ file: CSVFile, network: ScheduleNetwork? = nil) throws(ImportError) -> ImportResult<[BookingRow]> {
        var log = DiagnosticLog(errorLimit: errorLimit)
        var skipped = 0
        var bookings: [BookingRow] = []
        guard
            var table = CSVTable(
                file, required: ["booking", "origin", "destination", "ready", "deadline", "teu"],
                optional: ["revenue_per_teu", "customer", "cargo_type", "dangerous_goods", "max_transit_days", "weight_tonnes"], log: &log)
        else { return try finish([], log: log, skipped: 0) }
        let (id, origin, destination, ready, deadline, teu, revenue, customer) = (0, 1, 2, 3, 4, 5, 6, 7)
        let (cargoTypeColumn, dangerousGoodsColumn, transitColumn, weightColumn) = (8, 9, 10, 11)
        var lineOfBooking: [String: Int] = [:]
        var rowCount = 0
        while table.nextRow(log: &log) {
            rowCount += 1
            var isValid = !table.rowHasSyntaxError
            func fail(_ column: Int, _ message: String) {
                log.error(table.file, table.position(column), message)
                isValid = false
            }
            let bookingID = table.text(id)
            if bookingID.trimmingWhitespace().isEmpty {
                fail(id, "missing value for \"booking\"")
            } else if bookingID.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
                fail(id, "booking \(quoted(bookingID)) holds a control character, such as a line break: a booking reference is one line of text")
            } else if let first = lineOfBooking[bookingID] {
                fail(id, "booking \(quoted(bookingID)) is already defined on line \(first)")
            } else {
                lineOfBooking[bookingID] = table.line
            }
            var codes: [UnLocode] = []
            for column in [origin, destination] {
                guard let code = parseCode(table, column, log: &log, isValid: &isValid) else { continue }
                if let network, network.location(code) == nil {
                    fail(column, "unknown location \(quoted(code.rawValue)) (not in the network)")
                }
                codes.append(code)
            }
            if codes.count == 2 && codes[0] == codes[1] { fail(destination, "the destination is the origin, \(codes[0])") }
            let readyTime = bookingTime(table, ready, endOfDay: false, fail: fail)
            let deadlineTime = bookingTime(table, deadline, endOfDay: true, fail: fail)
            if let readyTime, let deadlineTime, deadlineTime < readyTime {
                fail(deadline, "deadline \(table.text(deadline)) is before ready \(table.text(ready))")
            }
            let size = Self.wholeNumber(table.bytes(teu))
            if size == nil, let value = Double(table.text(teu).trimmingWhitespace()), value > Double(Int32.max) {
                fail(teu, "teu \(quoted(table.text(teu))) is too large to represent: a booking holds at most \(Int32.max) TEU")
            } else if size == nil || size == 0 {
                fail(teu, "teu \(quoted(table.text(teu))) is not a whole number of TEU of at least 1")
            }
            var revenuePerTEU: Double?
            let revenueText = table.text(revenue)
            if !revenueText.isEmpty {
                if let value = Double(revenueText), (0...Booking.maximumRevenuePerTEU).contains(value) {
                    revenuePerTEU = value
                } else {
                    fail(revenue, "revenue_per_teu \(quoted(revenueText)) is not an amount from 0 to \(Int(Booking.maximumRevenuePerTEU))")
                }
            }
            let typeText = table.text(cargoTypeColumn)
            let cargoType = typeText.isEmpty ? .dry : CargoType(rawValue: typeText.uppercased())
            if cargoType == nil { fail(cargoTypeColumn, "cargo_type \(quoted(typeText)) is not DRY or REEFER") }
            let dangerousText = table.text(dangerousGoodsColumn)
            let dangerousGoods = dangerousText.isEmpty ? false : Self.boolean(dangerousText)
            if dangerousGoods == nil { fail(dangerousGoodsColumn, "dangerous_goods \(quoted(dangerousText)) is not true or false") }
            var transit: Duration?
            let transitText = table.text(transitColumn)
            if !transitText.isEmpty {
                let most = RouteSpecification.maximumTransitDays
                if let days = Double(transitText), days > 0, days <= Double(most) {
                    transit = .seconds(Int64((days * 86_400).rounded()))
                } else {
                    fail(transitColumn, "max_transit_days \(quoted(transitText)) is not a number of days above 0 and up to \(most)")
                }
            }
            var weight: Double?
            let weightText = table.text(weightColumn)
            if !weightText.isEmpty {
                if let value = Double(weightText), value > 0, value <= Booking.maximumWeight {
                    weight = value
                } else {
                    fail(weightColumn, "weight_tonnes \(quoted(weightText)) is not a weight above 0 and up to \(Int(Booking.maximumWeight)) tonnes")
                }
            }
            var booking: Booking?
            if isValid, codes.count == 2, let readyTime, let deadlineTime, let size, let cargoType, let dangerousGoods {
                // What the checks above let through and the domain refuses is still an error of the row.
                do {
                    let specification = try RouteSpecification(
                        origin: codes[0], destination: codes[1], readyTime: Date(seconds: readyTime), arrivalDeadline: Date(seconds: deadlineTime),
                        cargoType: cargoType, containsDangerousGoods: dangerousGoods, maximumTransitTime: transit)
                    booking = try Booking(id: bookingID, teu: Int(size), specification: specification, revenuePerTEU: revenuePerTEU, weight: weight)
                } catch {
                    fail(ready, "\(error)")
                }
            }
            guard let booking else {
                skipped += 1
                noteSkipped(table, log: &log)
                continue
            }
            bookings.append(
                BookingRow(
                    booking: booking,
                    customerId: CustomerId(table.text(customer)),
                    positions: table.positions(of: [id, origin, destination, ready, deadline, teu, customer])))
        }
        if rowCount == 0 { log.error(table.file, CSVPosition(line: 1, column: 1), "no bookings: the file has its header and no rows") }
        return try finish(bookings, log: log, skipped: skipped)
    }

    /// `true`, `false`, `yes`, `no`, `1` or `0`, in any case.
    static func boolean(_ text: String) -> Bool? {
        switch text.lowercased() {
        case "true", "yes", "1": true
        case "false", "no", "0": false
        default: nil
        }
    }

    private func bookingTime(_ table: CSVTable, _ column: Int, endOfDay: Bool, fail: (Int, String) -> Void) -> Int64? {
        let bytes = table.bytes(column)
        guard !bytes.isEmpty else {
            fail(column, "missing value for \(quoted(table.name(column)))")
            return nil
        }
        switch Timestamp.parse(bytes) {
        case .success(.dateTime(let seconds)): return seconds
        case .success(.date(let days)): return days * 86_400 + (endOfDay ? 86_399 : 0)
        case .failure(let problem):
            fail(column, Timestamp.message(for: problem, value: table.text(column), column: table.name(column), allowsDate: true))
            return nil
        }
    }
}
