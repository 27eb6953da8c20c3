import DCSACommercialSchedules
import Foundation
import RoutePlanner
import RoutePlannerApplication

/// The values that every DCSA Commercial Schedules document writes the same way: locations, vessels and their
/// services, cut-off times and footprints, each within the limits the specification sets.
public enum DCSAText {

    /// A port, by its name and its UN/LOCODE where the code is one DCSA's pattern accepts.
    static func location(_ location: Location) -> Components.Schemas.Location {
        Components.Schemas.Location(
            locationName: text(location.name, maximumLength: 100, truncating: true), unLocationCode: unLocationCode(location.code))
    }

    /// The code, or `nil` for one DCSA's UN/LOCODE pattern (`^[A-Z]{2}[A-Z2-9]{3}$`) refuses: it allows the digits
    /// 2 to 9 only in the last three characters.
    static func unLocationCode(_ code: UnLocode) -> String? {
        isUNLocationCode(code.rawValue) ? code.rawValue : nil
    }

    /// Whether a text is a code of DCSA's UN/LOCODE pattern, `^[A-Z]{2}[A-Z2-9]{3}$`.
    public static func isUNLocationCode(_ text: String) -> Bool {
        text.utf8.count == 5
            && text.utf8.enumerated().allSatisfy { index, byte in
                (0x41...0x5A).contains(byte) || (index >= 2 && (0x32...0x39).contains(byte))
            }
    }

    /// The vessel of a voyage, or `nil` when the schedule names none (or only values DCSA refuses).
    static func vessel(_ voyage: Voyage) -> Components.Schemas.Vessel? {
        let name = text(voyage.vessel, maximumLength: 50, truncating: true)
        let number = voyage.vesselIMONumber.flatMap { number in
            (7...8).contains(number.utf8.count) && number.utf8.allSatisfy { (0x30...0x39).contains($0) } ? number : nil
        }
        return name == nil && number == nil ? nil : Components.Schemas.Vessel(vesselIMONumber: number, name: name)
    }

    /// A leg's transport: the voyage's vessel, service and voyage number.
    static func transport(_ voyage: Voyage) -> Components.Schemas.Leg.TransportPayload {
        let partners = [
            Components.Schemas.ServicePartner(
                carrierServiceName: text(voyage.serviceName, maximumLength: 50, truncating: true),
                carrierServiceCode: text(voyage.service, maximumLength: 11, truncating: false),
                carrierExportVoyageNumber: text(voyage.number.rawValue, maximumLength: 50, truncating: false))
        ]
        switch voyage.mode {
        case .vessel: return .VesselTransport(Components.Schemas.VesselTransport(modeOfTransport: .vessel, servicePartners: partners, vessel: vessel(voyage)))
        case .barge: return .BargeTransport(Components.Schemas.BargeTransport(modeOfTransport: .barge, servicePartners: partners))
        case .rail: return .OtherTransport(Components.Schemas.OtherTransport(modeOfTransport: .rail))
        case .truck: return .OtherTransport(Components.Schemas.OtherTransport(modeOfTransport: .truck))
        }
    }

    /// The cut-offs of a call in its local time, or `nil` for a call without any.
    static func cutOffTimes(_ cutOffs: [CutOffTime], utcOffset: Int?) -> [Components.Schemas.CutOffTime]? {
        cutOffs.isEmpty
            ? nil
            : cutOffs.map {
                Components.Schemas.CutOffTime(cutOffDateTimeCode: $0.code.rawValue, cutOffDateTime: DateText.timestamp($0.time, utcOffset: utcOffset))
            }
    }

    /// A `footprint` or `solutionFootprint` value: kilograms of CO2e as tonnes, from whole grams, so that the
    /// tonnes print as the grams do, with no binary remainder.
    static func tonnes(_ kilograms: Double?) -> Double? {
        kilograms.map { ($0 * 1_000).rounded() / 1_000_000 }
    }

    /// A text as DCSA's free-text fields take it (`^\S(?:.*\S)?$`, at most `maximumLength` characters): on one
    /// line, without surrounding spaces; a longer text is cut when `truncating`, otherwise left out; a blank one
    /// is left out.
    static func text(_ text: String?, maximumLength: Int, truncating: Bool) -> String? {
        guard let text else { return nil }
        var line = text.split(whereSeparator: \.isNewline).joined(separator: " ").trimmingCharacters(in: .whitespaces)
        if line.count > maximumLength {
            guard truncating else { return nil }
            line = String(line.prefix(maximumLength)).trimmingCharacters(in: .whitespaces)
        }
        return line.isEmpty ? nil : line
    }
}
