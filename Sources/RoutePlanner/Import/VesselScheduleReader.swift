import Foundation

/// Reads the voyages of a DCSA Commercial Schedules 1.0 vessel-schedules document (an array of
/// `ServiceSchedule`), collecting every problem with its JSON path.
///
/// A vessel schedule's transport calls become movements from each call to the next; a movement belongs to
/// the export voyage of the call it departs from, and consecutive movements of one voyage make a
/// ``Voyage``. A call's time is its latest known timestamp of each type: ACT over EST over PLN, and the
/// later of two of one classifier. The cut-off times of a call belong to the movement that departs it.
struct VesselScheduleReader {
    /// A problem at a byte offset of the document, with the JSON path of its value when known.
    struct Problem {
        var offset: Int
        var path: String?
        var severity: ImportDiagnostic.Severity
        var message: String
    }

    /// A port the schedule calls at, with what the document says of it.
    struct Port {
        var code: UnLocode
        var name: String?
        var firstPath: String
        var firstOffset: Int
    }

    /// A voyage read, before capacities are known.
    struct PendingVoyage {
        var voyage: Voyage
        var path: String
        var offset: Int
    }

    private struct Call {
        var offset: Int
        var port: Int32 = -1
        var arrival: Int64 = 0, departure: Int64 = 0
        var arrivalOffset = 0, departureOffset = 0
        /// 0 when the call has no timestamp of the type, else 1 for PLN, 2 for EST, 3 for ACT.
        var arrivalRank = 0, departureRank = 0
        var exportVoyage: VoyageNumber?
        var cutOffs: [CutOffTime] = []
        var timestampCount = 0
        /// Whether an ARRI or a DEPA timestamp was given but had a problem (reported), so that it is not
        /// reported missing too.
        var hasBadArrival = false, hasBadDeparture = false
    }

    let errorLimit: Int
    private(set) var problems: [Problem] = []
    private(set) var errorCount = 0
    private(set) var ports: [Port] = []
    private var portIndex: [UInt64: Int32] = [:]
    private(set) var voyages: [PendingVoyage] = []
    private var voyagePath: [VoyageNumber: String] = [:]
    /// The transport call references seen, by a hash of their bytes, with where they are.
    private var references: [UInt64: (offset: Int, length: Int, path: String)] = [:]

    init(errorLimit: Int) {
        self.errorLimit = errorLimit
    }

    var hasErrors: Bool { errorCount > 0 }

    mutating func error(_ offset: Int, _ path: String?, _ message: String) {
        errorCount += 1
        guard errorCount <= errorLimit else { return }
        problems.append(Problem(offset: offset, path: path, severity: .error, message: message))
    }

    mutating func warning(_ offset: Int, _ path: String?, _ message: String) {
        guard problems.count < errorLimit * 10 else { return }
        problems.append(Problem(offset: offset, path: path, severity: .warning, message: message))
    }

    // MARK: The document

    /// Reads the whole document; a syntax error ends the reading with one problem at its place.
    mutating func read(_ bytes: UnsafeBufferPointer<UInt8>) {
        var json = JSONScanner(bytes)
        do {
            let kind = try json.kind()
            guard kind == .array else {
                error(json.offset(), "$", "expected an array of service schedules (the body of GET /v1/vessel-schedules), found \(Self.article(kind))")
                return
            }
            try json.enterArray()
            var service = 0
            while try json.nextElement(first: service == 0) {
                try readService(&json, path: "$[\(service)]")
                service += 1
            }
            guard json.isAtEnd() else {
                error(json.offset(), nil, "unexpected text after the array of service schedules")
                return
            }
        } catch {
            self.error(error.offset, nil, error.message)
        }
    }

    private mutating func readService(_ json: inout JSONScanner, path: String) throws(JSONScanner.SyntaxError) {
        let offset = json.offset()
        guard try expect(.object, &json, path) else { return }
        try json.enterObject()
        var code: String?, name: String?
        var hasCode = false
        let firstVoyage = voyages.count
        var first = true
        while let key = try json.nextKey(first: first) {
            first = false
            switch Self.name(key) {
            case "carrierServiceCode":
                hasCode = true
                code = try text(&json, path + ".carrierServiceCode")
            case "carrierServiceName": name = try text(&json, path + ".carrierServiceName")
            case "vesselSchedules":
                guard try expect(.array, &json, path + ".vesselSchedules") else { continue }
                try json.enterArray()
                var index = 0
                while try json.nextElement(first: index == 0) {
                    try readVesselSchedule(&json, path: path + ".vesselSchedules[\(index)]")
                    index += 1
                }
            default: try json.skipValue()
            }
        }
        if !hasCode { error(offset, path, "no carrierServiceCode") }
        for index in firstVoyage..<voyages.count {
            let voyage = voyages[index].voyage
            voyages[index].voyage = Voyage(
                number: voyage.number, movements: voyage.movements, vessel: voyage.vessel, service: code, serviceName: name,
                vesselIMONumber: voyage.vesselIMONumber)
        }
    }

    private mutating func readVesselSchedule(_ json: inout JSONScanner, path: String) throws(JSONScanner.SyntaxError) {
        let offset = json.offset()
        guard try expect(.object, &json, path) else { return }
        try json.enterObject()
        var vessel: String?, imo: String?
        var calls: [Call] = []
        var first = true
        while let key = try json.nextKey(first: first) {
            first = false
            switch Self.name(key) {
            case "vessel":
                guard try expect(.object, &json, path + ".vessel") else { continue }
                try json.enterObject()
                var firstKey = true
                while let key = try json.nextKey(first: firstKey) {
                    firstKey = false
                    switch Self.name(key) {
                    case "name": vessel = try text(&json, path + ".vessel.name")
                    case "vesselIMONumber":
                        let valueOffset = json.offset()
                        imo = try text(&json, path + ".vessel.vesselIMONumber")
                        if let number = imo, !CSVImporter.isIMONumber(number) {
                            error(valueOffset, path + ".vessel.vesselIMONumber", "\(quoted(number)) is not an IMO number: 7 or 8 digits")
                            imo = nil
                        }
                    default: try json.skipValue()
                    }
                }
            case "transportCalls":
                guard try expect(.array, &json, path + ".transportCalls") else { continue }
                try json.enterArray()
                while try json.nextElement(first: calls.isEmpty) {
                    calls.append(try readCall(&json, path: path + ".transportCalls[\(calls.count)]"))
                }
            default: try json.skipValue()
            }
        }
        makeVoyages(calls, vessel: vessel, imo: imo, path: path, offset: offset)
    }

    // MARK: Transport calls

    private mutating func readCall(_ json: inout JSONScanner, path: String) throws(JSONScanner.SyntaxError) -> Call {
        var call = Call(offset: json.offset())
        guard try expect(.object, &json, path) else { return call }
        try json.enterObject()
        var hasReference = false
        var first = true
        while let key = try json.nextKey(first: first) {
            first = false
            switch Self.name(key) {
            case "transportCallReference":
                let valueOffset = json.offset()
                guard try expect(.string, &json, path + ".transportCallReference") else { continue }
                hasReference = true
                noteReference(try json.string().text, offset: valueOffset, bytes: json.bytes, path: path)
            case "carrierExportVoyageNumber":
                let valueOffset = json.offset()
                guard let text = try text(&json, path + ".carrierExportVoyageNumber") else { continue }
                call.exportVoyage = VoyageNumber(text)
                if call.exportVoyage == nil { error(valueOffset, path + ".carrierExportVoyageNumber", "the voyage number is blank") }
            case "location": try readLocation(&json, path: path + ".location", into: &call)
            case "timestamps":
                guard try expect(.array, &json, path + ".timestamps") else { continue }
                try json.enterArray()
                while try json.nextElement(first: call.timestampCount == 0) {
                    try readTimestamp(&json, path: path + ".timestamps[\(call.timestampCount)]", into: &call)
                    call.timestampCount += 1
                }
            case "cutOffTimes":
                guard try expect(.array, &json, path + ".cutOffTimes") else { continue }
                try json.enterArray()
                var index = 0
                while try json.nextElement(first: index == 0) {
                    try readCutOff(&json, path: path + ".cutOffTimes[\(index)]", into: &call)
                    index += 1
                }
            default: try json.skipValue()
            }
        }
        if !hasReference { error(call.offset, path, "no transportCallReference") }
        if call.timestampCount == 0 { error(call.offset, path, "no timestamps: a call needs its ARRI or DEPA time") }
        return call
    }

    private mutating func readLocation(_ json: inout JSONScanner, path: String, into call: inout Call) throws(JSONScanner.SyntaxError) {
        let offset = json.offset()
        guard try expect(.object, &json, path) else { return }
        try json.enterObject()
        var code: UnLocode?, name: String?
        var hasCode = false
        var first = true
        while let key = try json.nextKey(first: first) {
            first = false
            switch Self.name(key) {
            case "UNLocationCode":
                hasCode = true
                let valueOffset = json.offset()
                guard let text = try text(&json, path + ".UNLocationCode") else { continue }
                code = UnLocode(text)
                if code == nil {
                    error(valueOffset, path + ".UNLocationCode", "malformed UN/LOCODE \(quoted(text)): expected 2 letters and 3 letters or digits")
                }
            case "locationName": name = try text(&json, path + ".locationName")
            default: try json.skipValue()
            }
        }
        guard let code else {
            if !hasCode { error(offset, path, "no UNLocationCode: route-planner knows ports by their UN/LOCODE") }
            return
        }
        let key = UnLocode.packed(code.rawValue.utf8)
        if let index = portIndex[key] {
            call.port = index
            if ports[Int(index)].name == nil { ports[Int(index)].name = name }
        } else {
            call.port = Int32(ports.count)
            portIndex[key] = call.port
            ports.append(Port(code: code, name: name, firstPath: path, firstOffset: offset))
        }
    }

    private mutating func readTimestamp(_ json: inout JSONScanner, path: String, into call: inout Call) throws(JSONScanner.SyntaxError) {
        let offset = json.offset()
        guard try expect(.object, &json, path) else { return }
        try json.enterObject()
        var type: String?, classifier: String?, time: (seconds: Int64, offset: Int)?
        var hasTime = false
        var first = true
        while let key = try json.nextKey(first: first) {
            first = false
            switch Self.name(key) {
            case "eventTypeCode": type = try text(&json, path + ".eventTypeCode")
            case "eventClassifierCode": classifier = try text(&json, path + ".eventClassifierCode")
            case "eventDateTime":
                hasTime = true
                time = try dateTime(&json, path + ".eventDateTime")
            default: try json.skipValue()
            }
        }
        let rank = ["PLN": 1, "EST": 2, "ACT": 3][classifier ?? ""]
        if classifier == nil { error(offset, path, "no eventClassifierCode (PLN, EST or ACT)") }
        else if rank == nil { error(offset, path + ".eventClassifierCode", "\(quoted(classifier!)) is not PLN, EST or ACT") }
        if type == nil { error(offset, path, "no eventTypeCode (ARRI or DEPA)") }
        else if type != "ARRI" && type != "DEPA" { error(offset, path + ".eventTypeCode", "\(quoted(type!)) is not ARRI or DEPA") }
        if !hasTime { error(offset, path, "no eventDateTime") }
        guard let rank, let time else {
            if type == "ARRI" { call.hasBadArrival = true }
            if type == "DEPA" { call.hasBadDeparture = true }
            return
        }
        if type == "ARRI" && rank >= call.arrivalRank && (rank > call.arrivalRank || time.seconds > call.arrival) {
            (call.arrival, call.arrivalOffset, call.arrivalRank) = (time.seconds, time.offset, rank)
        } else if type == "DEPA" && rank >= call.departureRank && (rank > call.departureRank || time.seconds > call.departure) {
            (call.departure, call.departureOffset, call.departureRank) = (time.seconds, time.offset, rank)
        }
    }

    private mutating func readCutOff(_ json: inout JSONScanner, path: String, into call: inout Call) throws(JSONScanner.SyntaxError) {
        let offset = json.offset()
        guard try expect(.object, &json, path) else { return }
        try json.enterObject()
        var codeText: String?, time: (seconds: Int64, offset: Int)?
        var hasTime = false
        var first = true
        while let key = try json.nextKey(first: first) {
            first = false
            switch Self.name(key) {
            case "cutOffDateTimeCode": codeText = try text(&json, path + ".cutOffDateTimeCode")
            case "cutOffDateTime":
                hasTime = true
                time = try dateTime(&json, path + ".cutOffDateTime")
            default: try json.skipValue()
            }
        }
        guard let codeText else {
            error(offset, path, "no cutOffDateTimeCode")
            return
        }
        if !hasTime { error(offset, path, "no cutOffDateTime") }
        guard let code = CutOffCode(rawValue: codeText) else {
            warning(offset, path + ".cutOffDateTimeCode", "unknown cut-off code \(quoted(codeText)) is ignored")
            return
        }
        if let time { call.cutOffs.append(CutOffTime(code, Date(seconds: time.seconds))) }
    }

    /// Remembers a call's reference, reporting one seen before.
    private mutating func noteReference(_ text: UnsafeBufferPointer<UInt8>, offset: Int, bytes: UnsafeBufferPointer<UInt8>, path: String) {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text {
            hash ^= UInt64(byte)
            hash &*= 0x100_0000_01b3
        }
        let start = text.baseAddress.map { $0 - bytes.baseAddress! } ?? 0
        if let seen = references[hash] {
            if seen.length == text.count && (0..<text.count).allSatisfy({ bytes[seen.offset + $0] == text[$0] }) {
                error(offset, path + ".transportCallReference", "transportCallReference \(quoted(String(decoding: text, as: UTF8.self))) is also the reference of \(seen.path)")
            }
            return
        }
        references[hash] = (start, text.count, path)
    }

    // MARK: From calls to voyages

    private mutating func makeVoyages(_ calls: [Call], vessel: String?, imo: String?, path: String, offset: Int) {
        let before = errorCount
        for (index, call) in calls.enumerated() where call.timestampCount > 0 {
            let callPath = path + ".transportCalls[\(index)]"
            if index > 0 && call.arrivalRank == 0 && !call.hasBadArrival { error(call.offset, callPath, "no ARRI timestamp") }
            guard index < calls.count - 1 else { continue }
            if call.departureRank == 0 && !call.hasBadDeparture { error(call.offset, callPath, "no DEPA timestamp") }
            if call.exportVoyage == nil {
                error(call.offset, callPath, "no carrierExportVoyageNumber: the sailing to the next call belongs to it")
            }
            if index > 0 && call.arrivalRank > 0 && call.departureRank > 0 && call.departure < call.arrival {
                error(call.offset, callPath, "departs \(Self.time(call.departure, call.departureOffset)) before it arrives \(Self.time(call.arrival, call.arrivalOffset))")
            }
            let next = calls[index + 1]
            if call.departureRank > 0 && next.arrivalRank > 0 && next.arrival <= call.departure {
                error(next.offset, path + ".transportCalls[\(index + 1)]", "arrives \(Self.time(next.arrival, next.arrivalOffset)), not after the call before it departs \(Self.time(call.departure, call.departureOffset))")
            }
        }
        guard errorCount == before, calls.allSatisfy({ $0.port >= 0 && $0.timestampCount > 0 }),
              calls.dropFirst().allSatisfy({ $0.arrivalRank > 0 }), calls.dropLast().allSatisfy({ $0.departureRank > 0 && $0.exportVoyage != nil })
        else { return }
        if calls.count < 2 { warning(offset, path, "fewer than two transport calls: nothing sails"); return }

        var start = 0
        while start < calls.count - 1 {
            let number = calls[start].exportVoyage!
            var end = start + 1
            while end < calls.count - 1 && calls[end].exportVoyage == number { end += 1 }
            let callPath = path + ".transportCalls[\(start)]"
            if let seen = voyagePath[number] {
                error(calls[start].offset, callPath, "voyage \(number) sails again here; it already sails from \(seen): a voyage is one run of calls of one vessel")
            } else {
                voyagePath[number] = callPath
                let movements = (start..<end).map { index in
                    let from = calls[index], to = calls[index + 1]
                    return CarrierMovement(
                        from: ports[Int(from.port)].code, to: ports[Int(to.port)].code, departure: Date(seconds: from.departure),
                        arrival: Date(seconds: to.arrival), capacity: Int(Int32.max), cutOffTimes: from.cutOffs,
                        departureUTCOffset: from.departureOffset, arrivalUTCOffset: to.arrivalOffset)
                }
                voyages.append(PendingVoyage(
                    voyage: Voyage(number: number, movements: movements, vessel: vessel, vesselIMONumber: imo),
                    path: callPath, offset: calls[start].offset))
            }
            start = end
        }
    }

    // MARK: Values

    /// Reports a value of another kind than expected and skips it; `true` when the kind is right.
    private mutating func expect(_ kind: JSONScanner.Kind, _ json: inout JSONScanner, _ path: String) throws(JSONScanner.SyntaxError) -> Bool {
        let found = try json.kind()
        guard found != kind else { return true }
        if found != .null || kind != .string {
            error(json.offset(), path, "expected \(Self.article(kind)), found \(Self.article(found))")
        }
        try json.skipValue()
        return false
    }

    private mutating func text(_ json: inout JSONScanner, _ path: String) throws(JSONScanner.SyntaxError) -> String? {
        guard try expect(.string, &json, path) else { return nil }
        return try json.decodedString()
    }

    /// A date-time with its offset, or `nil` with the problem reported.
    private mutating func dateTime(_ json: inout JSONScanner, _ path: String) throws(JSONScanner.SyntaxError) -> (seconds: Int64, offset: Int)? {
        let offset = json.offset()
        guard try expect(.string, &json, path) else { return nil }
        let (text, isEscaped) = try json.string()
        let value = isEscaped ? JSONScanner.unescape(text) : String(decoding: text, as: UTF8.self)
        switch isEscaped ? Timestamp.parseWithOffset(Array(value.utf8)) : Timestamp.parseWithOffset(text) {
        case .success((.dateTime(let seconds), let zone)):
            guard Date(seconds: seconds).isSupported else {
                error(offset, path, "\(quoted(value)) is outside the years 1 to 9999")
                return nil
            }
            return (seconds, zone)
        case .success((.date, _)):
            error(offset, path, "\(quoted(value)) is a date; DCSA gives a local date-time with its offset, such as \(quoted(value + "T08:00:00+01:00"))")
        case .failure(.missingZone):
            error(offset, path, "\(quoted(value)) has no UTC offset; DCSA times are local with their offset, as in \(quoted(value + "+01:00")), or \(quoted(value + "Z")) for UTC")
        case .failure(.malformed):
            error(offset, path, "\(quoted(value)) is not a date-time with an offset, such as 2026-03-02T08:00:00+08:00")
        }
        return nil
    }

    private static func name(_ key: UnsafeBufferPointer<UInt8>) -> String {
        String(decoding: key, as: UTF8.self)
    }

    private static func article(_ kind: JSONScanner.Kind) -> String {
        switch kind {
        case .object, .array: "an \(kind.rawValue)"
        case .boolean: kind.rawValue
        default: "a \(kind.rawValue)"
        }
    }

    private static func time(_ seconds: Int64, _ offset: Int) -> String {
        Timestamp.format(seconds: seconds, offset: offset)
    }
}
