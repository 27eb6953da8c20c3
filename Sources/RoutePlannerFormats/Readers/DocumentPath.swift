import RoutePlanner

/// Where a value is in a vessel-schedules document, kept as positions and written as a JSON path, such as
/// `$[3].vesselSchedules[0].transportCalls[5].timestamps[1].eventDateTime`, only when a problem is reported.
///
/// A path is a few integers, so the reader carries one to every value of a document of hundreds of megabytes
/// without making a string for each.
struct DocumentPath: Hashable, CustomStringConvertible {
    /// A member of an object of the document: its name, or the names down to it from the object the path
    /// reaches (`vessel.name`).
    enum Member: UInt8 {
        case carrierServiceCode, carrierServiceName, vesselSchedules, vessel, vesselName, vesselIMONumber, transportCalls
        case transportCallReference, carrierExportVoyageNumber, location, unLocationCode, locationName
        case timestamps, eventTypeCode, eventClassifierCode, eventDateTime
        case cutOffTimes, cutOffDateTimeCode, cutOffDateTime

        var text: String {
            switch self {
            case .vesselName: "vessel.name"
            case .vesselIMONumber: "vessel.vesselIMONumber"
            case .unLocationCode: "location.UNLocationCode"
            case .locationName: "location.locationName"
            case .carrierServiceCode: "carrierServiceCode"
            case .carrierServiceName: "carrierServiceName"
            case .vesselSchedules: "vesselSchedules"
            case .vessel: "vessel"
            case .transportCalls: "transportCalls"
            case .transportCallReference: "transportCallReference"
            case .carrierExportVoyageNumber: "carrierExportVoyageNumber"
            case .location: "location"
            case .timestamps: "timestamps"
            case .eventTypeCode: "eventTypeCode"
            case .eventClassifierCode: "eventClassifierCode"
            case .eventDateTime: "eventDateTime"
            case .cutOffTimes: "cutOffTimes"
            case .cutOffDateTimeCode: "cutOffDateTimeCode"
            case .cutOffDateTime: "cutOffDateTime"
            }
        }
    }

    private var service: Int32 = -1, vesselSchedule: Int32 = -1, call: Int32 = -1
    /// A list of a call (`timestamps` or `cutOffTimes`) and the position in it.
    private var list: Member?, item: Int32 = -1
    private var member: Member?

    /// The document itself, `$`.
    init() {}

    /// The service schedule at a position of the document.
    init(service: Int) {
        self.service = Int32(clamping: service)
    }

    /// The vessel schedule at a position of this service schedule.
    func vesselSchedule(_ index: Int) -> DocumentPath {
        var path = self
        path.vesselSchedule = Int32(clamping: index)
        return path
    }

    /// The path in a document that has `count` more service schedules before this path's: where a part of a
    /// document read by itself (from a service schedule on) is in the whole.
    func afterServices(_ count: Int) -> DocumentPath {
        var path = self
        if service >= 0 { path.service = Int32(clamping: Int(service) + count) }
        return path
    }

    /// The transport call at a position of this vessel schedule.
    func call(_ index: Int) -> DocumentPath {
        var path = self
        path.call = Int32(clamping: index)
        return path
    }

    /// The element at a position of one of this call's lists.
    func item(_ list: Member, _ index: Int) -> DocumentPath {
        var path = self
        path.list = list
        path.item = Int32(clamping: index)
        return path
    }

    /// A member of the value this path reaches.
    func member(_ member: Member) -> DocumentPath {
        var path = self
        path.member = member
        return path
    }

    var description: String {
        var text = "$"
        if service >= 0 { text += "[\(service)]" }
        if vesselSchedule >= 0 { text += ".vesselSchedules[\(vesselSchedule)]" }
        if call >= 0 { text += ".transportCalls[\(call)]" }
        if let list { text += ".\(list.text)[\(item)]" }
        if let member { text += "." + member.text }
        return text
    }
}
