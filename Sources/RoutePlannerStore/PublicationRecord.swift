import Foundation
import RoutePlanner

/// A voyage published again as the `calls` column of `schedulePublication` keeps it: what the live schedule reads of a
/// publication (`LiveSchedule.republish(_:)`), each movement's ports, times (seconds since 1970), UTC offsets and its
/// departure call's cut-offs, as JSON.
struct PublicationRecord: Codable {
    struct Movement: Codable {
        var from, to: String
        var departure, arrival: Int64
        var departureOffset, arrivalOffset: Int?
        var cutOffs: [CutOff]
    }

    struct CutOff: Codable {
        var code: String
        var time: Int64
    }

    var vesselIMONumber: String?
    var movements: [Movement]

    /// The record of a publication.
    init(_ voyage: Voyage) {
        vesselIMONumber = voyage.vesselIMONumber
        movements = voyage.movements.map { movement in
            Movement(
                from: movement.departureLocation.rawValue, to: movement.arrivalLocation.rawValue, departure: movement.departureTime.storedSeconds,
                arrival: movement.arrivalTime.storedSeconds, departureOffset: movement.departureUTCOffset, arrivalOffset: movement.arrivalUTCOffset,
                cutOffs: movement.cutOffTimes.map { CutOff(code: $0.code.rawValue, time: $0.time.storedSeconds) })
        }
    }

    /// The column's text of a publication.
    static func json(_ voyage: Voyage) throws -> String {
        String(decoding: try JSONEncoder().encode(PublicationRecord(voyage)), as: UTF8.self)
    }

    /// The publication of voyage `number` a column's text keeps.
    static func voyage(_ number: String, json: String, store: String) throws(StoreError) -> Voyage {
        guard let number = VoyageNumber(number), let record = try? JSONDecoder().decode(PublicationRecord.self, from: Data(json.utf8)),
            !record.movements.isEmpty
        else { throw .database(path: store, message: "a publication of voyage \(number) cannot be read") }
        var movements: [CarrierMovement] = []
        for movement in record.movements {
            guard let from = UnLocode(movement.from), let to = UnLocode(movement.to) else {
                throw .database(path: store, message: "a publication of voyage \(number) cannot be read")
            }
            var cutOffs: [CutOffTime] = []
            for cutOff in movement.cutOffs {
                guard let code = CutOffCode(rawValue: cutOff.code) else {
                    throw .database(path: store, message: "a publication of voyage \(number) cannot be read")
                }
                cutOffs.append(CutOffTime(code, Date(timeIntervalSince1970: TimeInterval(cutOff.time))))
            }
            movements.append(
                CarrierMovement(
                    from: from, to: to, departure: Date(timeIntervalSince1970: TimeInterval(movement.departure)),
                    arrival: Date(timeIntervalSince1970: TimeInterval(movement.arrival)), capacity: 0,
                    cutOffTimes: cutOffs, departureUTCOffset: movement.departureOffset, arrivalUTCOffset: movement.arrivalOffset))
        }
        return Voyage(number: number, movements: movements, vesselIMONumber: record.vesselIMONumber)
    }
}

/// What a publication changed, as the `changes` column of `schedulePublication` keeps it (JSON): the calls it omitted and
/// added, each its port and which call there it is, and how many it moved.
struct PublicationChangesRecord: Codable {
    struct Call: Codable {
        var port: String
        var call: Int
    }

    var omitted, added: [Call]
    var moved: Int
    var changesNothing: Bool

    /// The column's text of a publication's changes.
    static func json(_ changes: LiveSchedule.Republication) throws -> String {
        func calls(_ references: [CallReference]) -> [Call] { references.map { Call(port: $0.port.rawValue, call: $0.sequence ?? 1) } }
        let record = PublicationChangesRecord(
            omitted: calls(changes.omitted), added: calls(changes.added), moved: changes.moved, changesNothing: changes.changesNothing)
        return String(decoding: try JSONEncoder().encode(record), as: UTF8.self)
    }

    /// The changes of a publication of voyage `number` a column's text keeps.
    static func changes(_ number: String, json: String, store: String) throws(StoreError) -> LiveSchedule.Republication {
        guard let voyage = VoyageNumber(number), let record = try? JSONDecoder().decode(PublicationChangesRecord.self, from: Data(json.utf8)) else {
            throw .database(path: store, message: "a publication of voyage \(number) cannot be read")
        }
        func calls(_ records: [Call]) throws(StoreError) -> [CallReference] {
            var references: [CallReference] = []
            for record in records {
                guard let port = UnLocode(record.port), record.call >= 1 else {
                    throw .database(path: store, message: "a publication of voyage \(number) cannot be read")
                }
                references.append(CallReference(voyage: voyage, port: port, sequence: record.call))
            }
            return references
        }
        return LiveSchedule.Republication(
            voyage: voyage, omitted: try calls(record.omitted), added: try calls(record.added), moved: record.moved, changesNothing: record.changesNothing)
    }
}

extension Date {
    /// Whole seconds since 1970, as a publication's record keeps times.
    fileprivate var storedSeconds: Int64 { Int64(timeIntervalSince1970.rounded(.down)) }
}
