import Foundation
import RoutePlanner

extension VesselScheduleReader {
    /// The members DCSA Commercial Schedules 1.0.3 defines for each object the reader reads (docs/dcsa/CS_v1.0.3.yaml),
    /// those the reader uses first.
    enum StandardMembers {
        static let serviceSchedule: [StaticString] = ["carrierServiceCode", "carrierServiceName", "vesselSchedules", "universalServiceReference"]
        static let vesselSchedule: [StaticString] = ["vessel", "isDummyVessel", "transportCalls"]
        static let vessel: [StaticString] = [
            "name", "vesselIMONumber", "MMSINumber", "flag", "callSign", "operatorCarrierCode", "operatorCarrierCodeListProvider",
        ]
        static let transportCall: [StaticString] = [
            "transportCallReference", "carrierImportVoyageNumber", "location", "timestamps", "carrierExportVoyageNumber", "cutOffTimes",
            "portVisitReference", "universalImportVoyageReference", "universalExportVoyageReference",
        ]
        static let location: [StaticString] = ["UNLocationCode", "locationName", "facilityName", "address", "addressLines", "facilitySMDGCode"]
        static let timestamp: [StaticString] = ["eventTypeCode", "eventClassifierCode", "eventDateTime"]
        static let cutOffTime: [StaticString] = ["cutOffDateTimeCode", "cutOffDateTime"]
    }

    /// The keys of one object as they are read: which of the members the standard defines for it were given, and
    /// the other keys, so that a key given twice is found.
    struct ObjectKeys {
        /// The members the standard defines for the object.
        let members: [StaticString]
        /// Where the object is.
        let path: DocumentPath
        /// The members given, a bit each by their position in ``members``.
        private(set) var given: UInt32 = 0
        /// The keys given that are not members.
        fileprivate var others: Set<String> = []
        /// The last key read, whose value the scanner is in or past.
        fileprivate var last: UnsafeBufferPointer<UInt8>?

        init(_ members: [StaticString], at path: DocumentPath) {
            precondition(members.count <= 32, "an object's members are counted in 32 bits")
            self.members = members
            self.path = path
        }

        /// Whether the object gave a member the standard defines.
        func has(_ member: StaticString) -> Bool {
            guard let position = position(of: Key(UnsafeBufferPointer(start: member.utf8Start, count: member.utf8CodeUnitCount))) else { return false }
            return given & (1 << position) != 0
        }

        /// The position of a key among ``members``.
        fileprivate func position(of key: Key) -> Int? {
            for index in members.indices where members[index] ~= key { return index }
            return nil
        }

        fileprivate mutating func note(_ position: Int) -> Bool {
            let bit: UInt32 = 1 << position
            defer { given |= bit }
            return given & bit == 0
        }
    }

    /// The next key of an object, positioned at its value; `nil` when the object ends.
    ///
    /// Reports a key given twice (an error) and a key the standard does not define for the object (a warning, with a
    /// member it may be a misspelling of), each at the key's JSON path; and the flaws of the text (``JSONScanner/flaws``)
    /// found in the last key's value or in this key, at that key's path.
    mutating func nextKey(_ json: inout JSONScanner, _ keys: inout ObjectKeys) throws(JSONScanner.SyntaxError) -> Key? {
        if !json.flaws.isEmpty { reportFlaws(&json, at: keys.last.map { Self.path(keys.path, key: $0) } ?? keys.path.description) }
        guard let bytes = try json.nextKey(first: keys.last == nil) else { return nil }
        keys.last = bytes
        if !json.flaws.isEmpty { reportFlaws(&json, at: Self.path(keys.path, key: bytes)) }
        let key = Key(bytes)
        let offset = json.bytes.baseAddress!.distance(to: bytes.baseAddress!) - 1
        if let position = keys.position(of: key) {
            if !keys.note(position) {
                error(offset, at: Self.path(keys.path, key: bytes), "the key \(quoted(keys.members[position].description)) is given twice in one object")
            }
            return key
        }
        let isEscaped = memchr(bytes.baseAddress!, Int32(UInt8(ascii: "\\")), bytes.count) != nil
        let text = isEscaped ? JSONScanner.unescape(bytes) : String(decoding: bytes, as: UTF8.self)
        if !keys.others.insert(text).inserted {
            error(offset, at: Self.path(keys.path, key: bytes), "the key \(quoted(text)) is given twice in one object")
        } else if isEscaped, keys.members.contains(where: { $0.description == text }) {
            error(
                offset, at: Self.path(keys.path, key: bytes),
                "the key \(quoted(text)) is written with escapes; route-planner matches keys as written: write it without escapes")
        } else {
            warning(offset, at: Self.path(keys.path, key: bytes), "unknown key \(quoted(text)) is ignored\(Self.suggestion(for: text, among: keys.members))")
        }
        return key
    }

    /// Reports the scanner's flaws as errors at a path.
    mutating func reportFlaws(_ json: inout JSONScanner, at path: String?) {
        for flaw in json.takeFlaws() { error(flaw.offset, at: path, flaw.message) }
    }

    /// The JSON path of a key of the object at `path`: `.name`, or `["name"]` for a key that is not a plain name.
    static func path(_ path: DocumentPath, key: UnsafeBufferPointer<UInt8>) -> String {
        let text = JSONScanner.unescape(key)
        let isPlain =
            !text.isEmpty
            && text.utf8.enumerated().allSatisfy { index, byte in
                byte == UInt8(ascii: "_") || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                    || index > 0 && (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            }
        guard !isPlain else { return path.description + "." + text }
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": escaped += "\\\""
            case "\\": escaped += "\\\\"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                escaped += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return path.description + "[\"" + escaped + "\"]"
    }

    /// ` (did you mean "member"?)` for the member a key is closest to, when it is one or two edits away (one for a
    /// member of fewer than 8 characters) or differs only in case; else empty.
    static func suggestion(for key: String, among members: [StaticString]) -> String {
        let typed = Array(key.lowercased().utf8)
        guard typed.count <= 64 else { return "" }
        var best: (member: String, distance: Int)?
        for member in members.map(\.description) {
            let name = Array(member.lowercased().utf8)
            let distance = editDistance(typed, name)
            if distance <= (name.count >= 8 ? 2 : 1), distance < best?.distance ?? .max { best = (member, distance) }
        }
        return best.map { " (did you mean \(quoted($0.member))?)" } ?? ""
    }

    /// The Levenshtein distance between two words: the fewest insertions, deletions and substitutions that make one
    /// the other.
    ///
    /// - Complexity: O(*m* × *n*) for words of lengths *m* and *n*.
    private static func editDistance(_ a: [UInt8], _ b: [UInt8]) -> Int {
        var previous = Array(0...b.count), current = previous
        for i in a.indices {
            current[0] = i + 1
            for j in b.indices {
                current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (a[i] == b[j] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
