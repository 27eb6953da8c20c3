import Foundation
import RoutePlanner

/// Reads the voyages of a DCSA Commercial Schedules 1.0 vessel-schedules document (an array of
/// `ServiceSchedule`), collecting every problem with its JSON path.
///
/// A vessel schedule's transport calls become movements from each call to the next; a movement belongs to
/// the export voyage of the call it departs from, and consecutive movements of one voyage make a
/// `Voyage`. A call's time is its latest known timestamp of each type: ACT over EST over PLN, and the
/// later of two of one classifier. The cut-off times of a call belong to the movement that departs it.
///
/// The keys of each object it reads are checked against the members the standard defines for it
/// (``StandardMembers``): a required one missing and a key given twice are errors, another key a warning.
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
        var firstPath: DocumentPath
        var firstOffset: Int
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
    /// The voyages read, before capacities are known.
    private(set) var sailings = Sailings()

    /// The voyages read, handed over: the reader keeps none, so that changing them copies nothing.
    mutating func takeSailings() -> Sailings {
        defer { sailings = Sailings() }
        return sailings
    }
    /// Where each voyage read starts: the path of its first call.
    private(set) var voyagePath: [VoyageNumber: DocumentPath] = [:]
    /// The transport call references seen, with where they are.
    private var references = CallReferenceIndex(expectedCount: 0)
    /// The last export voyage number read, with its text in the document.
    private var lastExportVoyage: (text: UnsafeBufferPointer<UInt8>, number: VoyageNumber)?

    /// Documents of this many bytes or more are read in two parts side by side (``read(_:)``).
    let halvingSize: Int
    /// Whether the document was read in two parts, joined.
    private(set) var wasReadInParts = false

    /// Creates a reader that reports up to `errorLimit` errors one by one and reads documents of `halvingSize`
    /// bytes or more in two parts side by side (8 MB unless a test says otherwise).
    init(errorLimit: Int, halvingSize: Int = 8 << 20) {
        self.errorLimit = errorLimit
        self.halvingSize = halvingSize
    }

    var hasErrors: Bool { errorCount > 0 }

    mutating func error(_ offset: Int, _ path: DocumentPath?, _ message: @autoclosure () -> String) {
        error(offset, at: path?.description, message())
    }

    /// Reports an error at a JSON path written out.
    mutating func error(_ offset: Int, at path: @autoclosure () -> String?, _ message: @autoclosure () -> String) {
        errorCount += 1
        guard errorCount <= errorLimit else { return }
        problems.append(Problem(offset: offset, path: path(), severity: .error, message: message()))
    }

    mutating func warning(_ offset: Int, _ path: DocumentPath?, _ message: @autoclosure () -> String) {
        warning(offset, at: path?.description, message())
    }

    /// Reports a warning at a JSON path written out.
    mutating func warning(_ offset: Int, at path: @autoclosure () -> String?, _ message: @autoclosure () -> String) {
        guard problems.count < errorLimit * 10 else { return }
        problems.append(Problem(offset: offset, path: path(), severity: .warning, message: message()))
    }

    // MARK: The document

    /// Reads the whole document into a new reader; a syntax error ends the reading with one problem at its place.
    ///
    /// A document of ``halvingSize`` bytes or more is read in two parts on two threads: its service schedules
    /// from the first to a guessed one near the middle (``secondPartStart(of:)``), and from that one to the end.
    /// The guess holds when the first part's reading reaches it between two service schedules; then the second
    /// part's voyages, ports and references join the first's. When the guess does not hold, the first part's
    /// reading went on to the end by itself. When either part has a problem, or a voyage or a reference of the
    /// second is one of the first's, the document is read again in one pass, so that every message is as that
    /// pass gives it. The result is always the one pass's.
    mutating func read(_ bytes: UnsafeBufferPointer<UInt8>) {
        if bytes.count >= halvingSize, let start = Self.secondPartStart(of: bytes) {
            nonisolated(unsafe) var first = self, second = self
            nonisolated(unsafe) var servicesBefore: Int?
            nonisolated(unsafe) let document = bytes
            DispatchQueue.concurrentPerform(iterations: 2) { part in
                if part == 0 {
                    servicesBefore = first.readServices(document, stoppingAt: start)
                } else {
                    second.readServices(document, from: start)
                }
            }
            guard let servicesBefore else {
                self = first
                return
            }
            if first.problems.isEmpty && second.problems.isEmpty && first.errorCount == 0 && second.errorCount == 0
                && first.join(second, document: document, servicesBefore: servicesBefore)
            {
                self = first
                wasReadInParts = true
                return
            }
        }
        _ = readServices(bytes, stoppingAt: nil)
    }

    /// Reads the document's service schedules from the start; `stop`, when given, is where a second part starts.
    /// Returns how many service schedules come before it when the reading reaches it between two of them (and
    /// stops there), else `nil` (having read to the end).
    private mutating func readServices(_ bytes: UnsafeBufferPointer<UInt8>, stoppingAt stop: Int?) -> Int? {
        var json = JSONScanner(bytes)
        // The first part's reader takes the second part's voyages and references in the end.
        reserveCapacity(for: bytes.count)
        do {
            let kind = try json.kind()
            guard kind == .array else {
                error(
                    json.offset(), DocumentPath(), "expected an array of service schedules (the body of GET /v1/vessel-schedules), found \(Self.article(kind))")
                return nil
            }
            try json.enterArray()
            return try readElements(&json, stoppingAt: stop)
        } catch {
            reportFlaws(&json, at: nil)
            self.error(error.offset, nil, error.message)
            return nil
        }
    }

    /// Reads the service schedules from `start`, the first of a second part (after the comma that follows a
    /// service schedule of the document's array), to the end, numbering them from 0.
    private mutating func readServices(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) {
        var json = JSONScanner(bytes, insideArrayAt: start)
        reserveCapacity(for: bytes.count - start)
        do {
            _ = try readElements(&json, stoppingAt: nil)
        } catch {
            reportFlaws(&json, at: nil)
            self.error(error.offset, nil, error.message)
        }
    }

    /// Reads the service schedules of the document's array from where `json` is (its start, or an element after
    /// a comma) to its end and the end of the text, numbering them from 0; stops at `stop` when it reaches it
    /// between two of them, returning how many it read.
    private mutating func readElements(_ json: inout JSONScanner, stoppingAt stop: Int?) throws(JSONScanner.SyntaxError) -> Int? {
        var service = 0
        while try json.nextElement(first: service == 0) {
            if json.offset() == stop { return service }
            try readService(&json, path: DocumentPath(service: service))
            if !json.flaws.isEmpty { reportFlaws(&json, at: DocumentPath(service: service).description) }
            service += 1
        }
        if !json.isAtEnd() { error(json.offset(), nil, "unexpected text after the array of service schedules") }
        return nil
    }

    /// Makes room for the references and movements of `count` bytes of a document.
    private mutating func reserveCapacity(for count: Int) {
        // A call takes some 350 bytes of a carrier's document: room for more movements than that leaves is never
        // copied as it grows, and costs no memory where it is not written.
        references = CallReferenceIndex(expectedCount: count / 350)
        sailings.reserveCapacity(movements: count / 256)
    }

    /// Where a second part of a document likely starts: the `{` of the first object past the middle whose first
    /// key is `carrierServiceCode` or `carrierServiceName` and that follows a comma; `nil` when there is none. Only
    /// a guess: the key may be inside a string, or the object elsewhere than in the document's array.
    static func secondPartStart(of bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        let needle = Array(#""carrierService"#.utf8)
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 }
        var from = bytes.count / 2
        while from < bytes.count, let quote = memchr(base + from, Int32(UInt8(ascii: "\"")), bytes.count - from) {
            let key = base.distance(to: quote.assumingMemoryBound(to: UInt8.self))
            from = key + 1
            guard key + needle.count <= bytes.count, memcmp(base + key, needle, needle.count) == 0 else { continue }
            var brace = key - 1
            while brace > 0 && isSpace(bytes[brace]) { brace -= 1 }
            guard brace > 0, bytes[brace] == UInt8(ascii: "{") else { continue }
            var comma = brace - 1
            while comma > 0 && isSpace(bytes[comma]) { comma -= 1 }
            if bytes[comma] == UInt8(ascii: ",") { return brace }
        }
        return nil
    }

    /// Joins what `other` read of a second part of `document` after this reader's `servicesBefore` service
    /// schedules: its ports (renumbered as this reader's), voyages and references. `false` when one of its voyages
    /// or references is one of this reader's too (a problem that reading in one pass reports); this reader is then
    /// left part joined.
    private mutating func join(_ other: VesselScheduleReader, document: UnsafeBufferPointer<UInt8>, servicesBefore: Int) -> Bool {
        for (number, path) in other.voyagePath {
            guard voyagePath[number] == nil else { return false }
            voyagePath[number] = path.afterServices(servicesBefore)
        }
        // The second part's references were checked among themselves; against the first part's, on both cores
        // (the reading is over, so they are not added).
        let seen = references, theirs = other.references.entries
        nonisolated(unsafe) let bytes = document
        nonisolated(unsafe) var repeatsInFirstHalf = false, repeatsInSecondHalf = false
        DispatchQueue.concurrentPerform(iterations: 2) { half in
            let entries = half == 0 ? theirs[..<(theirs.count / 2)] : theirs[(theirs.count / 2)...]
            let repeats = entries.contains { entry in
                seen.entry(equalTo: UnsafeBufferPointer(rebasing: bytes[entry.offset..<(entry.offset + Int(entry.length))]), of: bytes) != nil
            }
            if half == 0 { repeatsInFirstHalf = repeats } else { repeatsInSecondHalf = repeats }
        }
        guard !repeatsInFirstHalf && !repeatsInSecondHalf else { return false }
        var renumbered: [Int32] = []
        for port in other.ports {
            let key = UnLocode.packed(port.code.rawValue.utf8)
            if let index = portIndex[key] {
                if ports[Int(index)].name == nil { ports[Int(index)].name = port.name }
                renumbered.append(index)
            } else {
                renumbered.append(Int32(ports.count))
                portIndex[key] = Int32(ports.count)
                ports.append(
                    Port(code: port.code, name: port.name, firstPath: port.firstPath.afterServices(servicesBefore), firstOffset: port.firstOffset))
            }
        }
        sailings.append(other.sailings, ports: renumbered)
        return true
    }

    private mutating func readService(_ json: inout JSONScanner, path: DocumentPath) throws(JSONScanner.SyntaxError) {
        let offset = json.offset()
        guard try expect(.object, &json, path) else { return }
        try json.enterObject()
        var code: String?, name: String?
        var hasCode = false
        let firstVoyage = sailings.voyageCount
        var keys = ObjectKeys(StandardMembers.serviceSchedule, at: path)
        while let key = try nextKey(&json, &keys) {
            switch key {
            case "carrierServiceCode":
                hasCode = true
                code = try text(&json, path.member(.carrierServiceCode))
            case "carrierServiceName": name = try text(&json, path.member(.carrierServiceName))
            case "vesselSchedules":
                let listOffset = json.offset()
                guard try expect(.array, &json, path.member(.vesselSchedules)) else { continue }
                try json.enterArray()
                var index = 0
                while try json.nextElement(first: index == 0) {
                    try readVesselSchedule(&json, path: path.vesselSchedule(index))
                    index += 1
                }
                if index == 0 { warning(listOffset, path.member(.vesselSchedules), "no vessel schedules: nothing sails in this service") }
            default: try json.skipValue()
            }
        }
        if !hasCode { error(offset, path, "no carrierServiceCode") }
        if !keys.has("carrierServiceName") { error(offset, path, "no carrierServiceName") }
        if !keys.has("vesselSchedules") { error(offset, path, "no vesselSchedules: a service schedule lists its vessels' calls there") }
        for index in firstVoyage..<sailings.voyageCount {
            sailings.service[index] = code
            sailings.serviceName[index] = name
        }
    }

    private mutating func readVesselSchedule(_ json: inout JSONScanner, path: DocumentPath) throws(JSONScanner.SyntaxError) {
        let offset = json.offset()
        guard try expect(.object, &json, path) else { return }
        try json.enterObject()
        var vessel: String?, imo: String?
        var calls: [Call] = []
        var keys = ObjectKeys(StandardMembers.vesselSchedule, at: path)
        while let key = try nextKey(&json, &keys) {
            switch key {
            case "vessel":
                guard try expect(.object, &json, path.member(.vessel)) else { continue }
                try json.enterObject()
                var vesselKeys = ObjectKeys(StandardMembers.vessel, at: path.member(.vessel))
                while let key = try nextKey(&json, &vesselKeys) {
                    switch key {
                    case "name": vessel = try text(&json, path.member(.vesselName))
                    case "vesselIMONumber":
                        let valueOffset = json.offset()
                        imo = try text(&json, path.member(.vesselIMONumber))
                        if let number = imo, !CSVImporter.isIMONumber(number) {
                            error(valueOffset, path.member(.vesselIMONumber), "\(quoted(number)) is not an IMO number: 7 or 8 digits")
                            imo = nil
                        }
                    default: try json.skipValue()
                    }
                }
            case "transportCalls":
                guard try expect(.array, &json, path.member(.transportCalls)) else { continue }
                try json.enterArray()
                while try json.nextElement(first: calls.isEmpty) {
                    calls.append(try readCall(&json, path: path.call(calls.count)))
                }
            default: try json.skipValue()
            }
        }
        if !keys.has("isDummyVessel") { error(offset, path, "no isDummyVessel (true or false)") }
        makeVoyages(calls, vessel: vessel, imo: imo, path: path, offset: offset)
    }

    // MARK: Transport calls

    private mutating func readCall(_ json: inout JSONScanner, path: DocumentPath) throws(JSONScanner.SyntaxError) -> Call {
        var call = Call(offset: json.offset())
        guard try expect(.object, &json, path) else { return call }
        try json.enterObject()
        var hasReference = false, hasLocation = false
        var keys = ObjectKeys(StandardMembers.transportCall, at: path)
        while let key = try nextKey(&json, &keys) {
            switch key {
            case "transportCallReference":
                let valueOffset = json.offset()
                guard try expect(.string, &json, path.member(.transportCallReference)) else { continue }
                hasReference = true
                noteReference(try json.string().text, offset: valueOffset, bytes: json.bytes, path: path)
            case "carrierExportVoyageNumber":
                let valueOffset = json.offset()
                guard try expect(.string, &json, path.member(.carrierExportVoyageNumber)) else { continue }
                let (text, isEscaped) = try json.string()
                // Consecutive calls mostly sail the same voyage: its number is made once.
                if !isEscaped, let last = lastExportVoyage, last.text.count == text.count,
                    text.isEmpty || memcmp(last.text.baseAddress!, text.baseAddress!, text.count) == 0
                {
                    call.exportVoyage = last.number
                    continue
                }
                call.exportVoyage = VoyageNumber(isEscaped ? JSONScanner.unescape(text) : String(decoding: text, as: UTF8.self))
                if let number = call.exportVoyage {
                    if !isEscaped { lastExportVoyage = (text, number) }
                } else {
                    error(valueOffset, path.member(.carrierExportVoyageNumber), "the voyage number is blank")
                }
            case "location":
                hasLocation = true
                try readLocation(&json, path: path, into: &call)
            case "timestamps":
                guard try expect(.array, &json, path.member(.timestamps)) else { continue }
                try json.enterArray()
                while try json.nextElement(first: call.timestampCount == 0) {
                    try readTimestamp(&json, path: path.item(.timestamps, call.timestampCount), into: &call)
                    call.timestampCount += 1
                }
            case "cutOffTimes":
                guard try expect(.array, &json, path.member(.cutOffTimes)) else { continue }
                try json.enterArray()
                var index = 0
                while try json.nextElement(first: index == 0) {
                    try readCutOff(&json, path: path.item(.cutOffTimes, index), into: &call)
                    index += 1
                }
            default: try json.skipValue()
            }
        }
        if !hasReference { error(call.offset, path, "no transportCallReference") }
        if !keys.has("carrierImportVoyageNumber") { error(call.offset, path, "no carrierImportVoyageNumber") }
        if !hasLocation { error(call.offset, path, "no location: route-planner knows ports by their UN/LOCODE") }
        if call.timestampCount == 0 { error(call.offset, path, "no timestamps: a call needs its ARRI or DEPA time") }
        return call
    }

    /// Reads a call's `location`; `path` is the call's.
    private mutating func readLocation(_ json: inout JSONScanner, path callPath: DocumentPath, into call: inout Call) throws(JSONScanner.SyntaxError) {
        let path = callPath.member(.location)
        let offset = json.offset()
        guard try expect(.object, &json, path) else { return }
        try json.enterObject()
        var code: UnLocode?, known: Int32?
        // The name is decoded only when it is kept: for a port's first call that names it.
        var name: (text: UnsafeBufferPointer<UInt8>, isEscaped: Bool)?
        var hasCode = false
        var keys = ObjectKeys(StandardMembers.location, at: path)
        while let key = try nextKey(&json, &keys) {
            switch key {
            case "UNLocationCode":
                hasCode = true
                let valueOffset = json.offset()
                guard try expect(.string, &json, callPath.member(.unLocationCode)) else { continue }
                let (bytes, isEscaped) = try json.string()
                // A port seen before, by the very bytes of its code: nothing to check or make again.
                if !isEscaped, let index = portIndex[UnLocode.packed(bytes)] {
                    (code, known) = (ports[Int(index)].code, index)
                    continue
                }
                let text = isEscaped ? JSONScanner.unescape(bytes) : String(decoding: bytes, as: UTF8.self)
                (code, known) = (UnLocode(text), nil)
                if code == nil {
                    error(valueOffset, callPath.member(.unLocationCode), "malformed UN/LOCODE \(quoted(text)): expected 2 letters and 3 letters or digits")
                }
            case "locationName":
                guard try expect(.string, &json, callPath.member(.locationName)) else { continue }
                name = try json.string()
            default: try json.skipValue()
            }
        }
        guard let code else {
            if !hasCode { error(offset, path, "no UNLocationCode: route-planner knows ports by their UN/LOCODE") }
            return
        }
        func decodedName() -> String? {
            name.map { $0.isEscaped ? JSONScanner.unescape($0.text) : String(decoding: $0.text, as: UTF8.self) }
        }
        if let known {
            call.port = known
            if ports[Int(known)].name == nil { ports[Int(known)].name = decodedName() }
            return
        }
        let key = UnLocode.packed(code.rawValue.utf8)
        if let index = portIndex[key] {
            call.port = index
            if ports[Int(index)].name == nil { ports[Int(index)].name = decodedName() }
        } else {
            call.port = Int32(ports.count)
            portIndex[key] = call.port
            ports.append(Port(code: code, name: decodedName(), firstPath: path, firstOffset: offset))
        }
    }

    private mutating func readTimestamp(_ json: inout JSONScanner, path: DocumentPath, into call: inout Call) throws(JSONScanner.SyntaxError) {
        let offset = json.offset()
        guard try expect(.object, &json, path) else { return }
        try json.enterObject()
        var type: Name?, classifier: Name?, time: (seconds: Int64, offset: Int)?
        var hasTime = false
        var keys = ObjectKeys(StandardMembers.timestamp, at: path)
        while let key = try nextKey(&json, &keys) {
            switch key {
            case "eventTypeCode": type = try name(&json, path.member(.eventTypeCode), among: Self.eventTypes)
            case "eventClassifierCode": classifier = try name(&json, path.member(.eventClassifierCode), among: Self.classifiers)
            case "eventDateTime":
                hasTime = true
                time = try dateTime(&json, path.member(.eventDateTime))
            default: try json.skipValue()
            }
        }
        // PLN, EST and ACT rank 1, 2 and 3.
        let rank = classifier?.index.map { $0 + 1 }
        let (isArrival, isDeparture) = (type?.index == 0, type?.index == 1)
        if classifier == nil {
            error(offset, path, "no eventClassifierCode (PLN, EST or ACT)")
        } else if let text = classifier?.otherText {
            error(offset, path.member(.eventClassifierCode), "\(quoted(text)) is not PLN, EST or ACT")
        }
        if type == nil {
            error(offset, path, "no eventTypeCode (ARRI or DEPA)")
        } else if let text = type?.otherText {
            error(offset, path.member(.eventTypeCode), "\(quoted(text)) is not ARRI or DEPA")
        }
        if !hasTime { error(offset, path, "no eventDateTime") }
        guard let rank, let time else {
            if isArrival { call.hasBadArrival = true }
            if isDeparture { call.hasBadDeparture = true }
            return
        }
        if isArrival && rank >= call.arrivalRank && (rank > call.arrivalRank || time.seconds > call.arrival) {
            (call.arrival, call.arrivalOffset, call.arrivalRank) = (time.seconds, time.offset, rank)
        } else if isDeparture && rank >= call.departureRank && (rank > call.departureRank || time.seconds > call.departure) {
            (call.departure, call.departureOffset, call.departureRank) = (time.seconds, time.offset, rank)
        }
    }

    private mutating func readCutOff(_ json: inout JSONScanner, path: DocumentPath, into call: inout Call) throws(JSONScanner.SyntaxError) {
        let offset = json.offset()
        guard try expect(.object, &json, path) else { return }
        try json.enterObject()
        var codeText: String?, time: (seconds: Int64, offset: Int)?
        var hasTime = false
        var keys = ObjectKeys(StandardMembers.cutOffTime, at: path)
        while let key = try nextKey(&json, &keys) {
            switch key {
            case "cutOffDateTimeCode": codeText = try text(&json, path.member(.cutOffDateTimeCode))
            case "cutOffDateTime":
                hasTime = true
                time = try dateTime(&json, path.member(.cutOffDateTime))
            default: try json.skipValue()
            }
        }
        guard let codeText else {
            error(offset, path, "no cutOffDateTimeCode")
            return
        }
        if !hasTime { error(offset, path, "no cutOffDateTime") }
        guard let code = CutOffCode(rawValue: codeText) else {
            warning(offset, path.member(.cutOffDateTimeCode), "unknown cut-off code \(quoted(codeText)) is ignored")
            return
        }
        if let time { call.cutOffs.append(CutOffTime(code, Date(seconds: time.seconds))) }
    }

    /// Remembers a call's reference, reporting one seen before.
    private mutating func noteReference(_ text: UnsafeBufferPointer<UInt8>, offset: Int, bytes: UnsafeBufferPointer<UInt8>, path: DocumentPath) {
        if let seen = references.insert(text, of: bytes, path: path) {
            error(
                offset, path.member(.transportCallReference),
                "transportCallReference \(quoted(String(decoding: text, as: UTF8.self))) is also the reference of \(seen.path)")
        }
    }

    // MARK: From calls to voyages

    private mutating func makeVoyages(_ calls: [Call], vessel: String?, imo: String?, path: DocumentPath, offset: Int) {
        let before = errorCount
        for (index, call) in calls.enumerated() where call.timestampCount > 0 {
            let callPath = path.call(index)
            if index > 0 && call.arrivalRank == 0 && !call.hasBadArrival { error(call.offset, callPath, "no ARRI timestamp") }
            guard index < calls.count - 1 else { continue }
            if call.departureRank == 0 && !call.hasBadDeparture { error(call.offset, callPath, "no DEPA timestamp") }
            if call.exportVoyage == nil {
                error(call.offset, callPath, "no carrierExportVoyageNumber: the sailing to the next call belongs to it")
            }
            if index > 0 && call.arrivalRank > 0 && call.departureRank > 0 && call.departure < call.arrival {
                error(
                    call.offset, callPath,
                    "departs \(Self.time(call.departure, call.departureOffset)) before it arrives \(Self.time(call.arrival, call.arrivalOffset))")
            }
            let next = calls[index + 1]
            if call.departureRank > 0 && next.arrivalRank > 0 && next.arrival <= call.departure {
                error(
                    next.offset, path.call(index + 1),
                    "arrives \(Self.time(next.arrival, next.arrivalOffset)), not after the call before it departs \(Self.time(call.departure, call.departureOffset))"
                )
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
            let callPath = path.call(start)
            if let seen = voyagePath[number] {
                error(
                    calls[start].offset, callPath,
                    "voyage \(number) sails again here; it already sails from \(seen): a voyage is one run of calls of one vessel")
            } else {
                voyagePath[number] = callPath
                // The vessel goes on from the call where this voyage ends as the next one, with its cargo aboard.
                sailings.beginVoyage(
                    number, vessel: vessel, vesselIMONumber: imo, continuation: end < calls.count - 1 ? calls[end].exportVoyage : nil)
                for index in start..<end {
                    let from = calls[index], to = calls[index + 1]
                    sailings.append(
                        from: from.port, to: to.port, departure: from.departure, arrival: to.arrival, departureOffset: from.departureOffset,
                        arrivalOffset: to.arrivalOffset, cutOffs: from.cutOffs)
                }
                sailings.endVoyage()
            }
            start = end
        }
    }

    // MARK: Values

    /// Reports a value of another kind than expected and skips it; `true` when the kind is right.
    private mutating func expect(_ kind: JSONScanner.Kind, _ json: inout JSONScanner, _ path: DocumentPath) throws(JSONScanner.SyntaxError) -> Bool {
        let found = try json.kind()
        guard found != kind else { return true }
        if found != .null || kind != .string {
            error(json.offset(), path, "expected \(Self.article(kind)), found \(Self.article(found))")
        }
        try json.skipValue()
        return false
    }

    private mutating func text(_ json: inout JSONScanner, _ path: DocumentPath) throws(JSONScanner.SyntaxError) -> String? {
        guard try expect(.string, &json, path) else { return nil }
        return try json.decodedString()
    }

    /// A string value that may be one of a few names: which one, by its index, or else its text.
    private struct Name {
        var index: Int?
        /// The text of a value that is none of the names.
        var otherText: String?
    }

    /// The names of event types and classifiers, by their ``Name/index``.
    private static let eventTypes: [StaticString] = ["ARRI", "DEPA"], classifiers: [StaticString] = ["PLN", "EST", "ACT"]

    /// A string value and which of `names` it is, found without making a `String` when it is one of them
    /// unescaped; `nil` when the value is not a string (reported unless it is `null`).
    private mutating func name(_ json: inout JSONScanner, _ path: DocumentPath, among names: [StaticString])
        throws(JSONScanner.SyntaxError) -> Name?
    {
        guard try expect(.string, &json, path) else { return nil }
        let (bytes, isEscaped) = try json.string()
        if !isEscaped, let index = names.firstIndex(where: { $0 ~= Key(bytes) }) { return Name(index: index) }
        let text = isEscaped ? JSONScanner.unescape(bytes) : String(decoding: bytes, as: UTF8.self)
        let index = names.firstIndex { $0.description == text }
        return Name(index: index, otherText: index == nil ? text : nil)
    }

    /// A date-time with its offset, or `nil` with the problem reported.
    private mutating func dateTime(_ json: inout JSONScanner, _ path: DocumentPath) throws(JSONScanner.SyntaxError) -> (seconds: Int64, offset: Int)? {
        let offset = json.offset()
        guard try expect(.string, &json, path) else { return nil }
        let (text, isEscaped) = try json.string()
        // The value's text is made only for a message.
        let parsed = isEscaped ? Timestamp.parseWithOffset(Array(JSONScanner.unescape(text).utf8)) : Timestamp.parseWithOffset(text)
        if case .success((.dateTime(let seconds), let zone)) = parsed, Date(seconds: seconds).isSupported { return (seconds, zone) }
        let value = isEscaped ? JSONScanner.unescape(text) : String(decoding: text, as: UTF8.self)
        switch parsed {
        case .success((.dateTime(let seconds), let zone)):
            guard Date(seconds: seconds).isSupported else {
                error(offset, path, "\(quoted(value)) is outside the years 1 to 9999")
                return nil
            }
            return (seconds, zone)
        case .success((.date, _)):
            error(offset, path, "\(quoted(value)) is a date; DCSA gives a local date-time with its offset, such as \(quoted(value + "T08:00:00+01:00"))")
        case .failure(.missingZone):
            error(
                offset, path,
                "\(quoted(value)) has no UTC offset; DCSA times are local with their offset, as in \(quoted(value + "+01:00")), or \(quoted(value + "Z")) for UTC"
            )
        case .failure(.malformed):
            error(offset, path, "\(quoted(value)) is not a date-time with an offset, such as 2026-03-02T08:00:00+08:00")
        }
        return nil
    }

    /// A key of the document, matched against the names the reader knows without making a `String`.
    struct Key {
        let bytes: UnsafeBufferPointer<UInt8>

        init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

        static func ~= (name: StaticString, key: Key) -> Bool {
            name.utf8CodeUnitCount == key.bytes.count
                && (key.bytes.isEmpty || memcmp(name.utf8Start, key.bytes.baseAddress!, key.bytes.count) == 0)
        }
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
