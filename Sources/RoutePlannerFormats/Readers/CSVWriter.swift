import Foundation
import RoutePlanner

/// Writes networks and bookings in the CSV formats that ``CSVImporter`` reads, so that they read back equal.
public enum CSVWriter {
    /// The locations file of a network.
    public static func locations(of network: ScheduleNetwork) -> String {
        let hasZones = network.locations.contains { $0.timeZone != nil }
        let hasCosts = network.locations.contains { $0.handlingCostPerTEU != nil || $0.transshipmentCostPerTEU != nil }
        let hasGates = network.locations.contains { $0.gateHours != nil }
        let hasFacilities = network.locations.contains { $0.facility != .portTerminal }
        let hasModeTimes = network.locations.contains { !$0.transshipmentTimesByMode.isEmpty }
        var lines = [
            "unlocode,name,country,transshipment_hours,latitude,longitude" + (hasZones ? ",time_zone" : "")
                + (hasCosts ? ",handling_cost_per_teu,transshipment_cost_per_teu" : "") + (hasGates ? ",gate_hours" : "") + (hasFacilities ? ",facility" : "")
                + (hasModeTimes ? ",transshipment_hours_by_mode" : "")
        ]
        for location in network.locations {
            let hours = Double(location.transshipmentTime.wholeSeconds) / 3600
            var fields = [
                location.code.rawValue, field(location.name), String(location.code.country), number(hours),
                location.coordinates.map { number($0.latitude) } ?? "", location.coordinates.map { number($0.longitude) } ?? "",
            ]
            if hasZones { fields.append(location.timeZone?.identifier ?? "") }
            if hasCosts { fields += [location.handlingCostPerTEU.map(number) ?? "", location.transshipmentCostPerTEU.map(number) ?? ""] }
            if hasGates { fields.append(location.gateHours.map { field($0.description) } ?? "") }
            if hasFacilities { fields.append(location.facility.rawValue) }
            if hasModeTimes { fields.append(field(ModeTransshipmentHours.text(location.transshipmentTimesByMode))) }
            lines.append(fields.joined(separator: ","))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The haulage table of a network's hauls: one row per haul, each direction its own, so that it reads back as the
    /// same hauls (a row the other way stands for that direction); `capacity_teu_per_day` where a haul has one. A CO2e
    /// estimated from the distance is left empty, so that reading it back estimates it again.
    public static func haulage(of network: ScheduleNetwork) -> String {
        let hasCapacities = network.haulage.contains { $0.capacityPerDay != nil }
        var lines = ["from,to,hours,distance_km,cost_per_teu,co2e_kg_per_teu" + (hasCapacities ? ",capacity_teu_per_day" : "")]
        for haul in network.haulage {
            var fields = [
                haul.from.rawValue, haul.to.rawValue, number(Double(haul.duration.wholeSeconds) / 3_600), haul.distance.map(number) ?? "",
                haul.costPerTEU.map(number) ?? "", haul.co2eIsEstimated && haul.distance != nil ? "" : haul.co2ePerTEU.map(number) ?? "",
            ]
            if hasCapacities { fields.append(haul.capacityPerDay.map(String.init) ?? "") }
            lines.append(fields.joined(separator: ","))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The schedule file of a network: one row per movement, voyage by voyage, with the columns of the
    /// IMO numbers, service names, distances (given or estimated), CO2e (as given: an estimated one is left empty, so that
    /// reading the file back estimates it again and says so), continuations, modes and cut-off codes that the network
    /// has. (Its hauls are a haulage table's, which ``haulage(of:)`` writes.)
    public static func schedule(of network: ScheduleNetwork) -> String {
        let voyages = network.voyages
        let hasIMO = voyages.contains { $0.vesselIMONumber != nil }, hasNames = voyages.contains { $0.serviceName != nil }
        let hasEmissions = voyages.contains { $0.movements.contains { $0.distance != nil || $0.co2ePerTEU != nil } }
        let hasLimits = voyages.contains { $0.movements.contains { $0.weightCapacity != nil || $0.reeferPlugs != nil } }
        let hasContinuations = voyages.contains { $0.continuation != nil }
        let hasModes = voyages.contains { $0.mode != .vessel }
        let codes = Set(voyages.flatMap { $0.movements.flatMap { $0.cutOffTimes.map(\.code) } })
        let cutOffCodes = CutOffCode.allCases.filter(codes.contains)
        var text =
            "voyage,from,to,departure,arrival,capacity_teu,vessel,service" + (hasIMO ? ",vessel_imo" : "")
            + (hasNames ? ",service_name" : "") + (hasEmissions ? ",distance_nm,co2e_kg_per_teu" : "")
            + (hasLimits ? ",capacity_tonnes,reefer_plugs" : "") + (hasContinuations ? ",continues_as" : "") + (hasModes ? ",mode" : "")
            + cutOffCodes.map { ",cut_off_" + $0.rawValue.lowercased() }.joined() + "\n"
        for voyage in voyages {
            for movement in voyage.movements {
                var fields = [
                    field(voyage.number.rawValue), movement.departureLocation.rawValue, movement.arrivalLocation.rawValue,
                    DateText.timestamp(movement.departureTime), DateText.timestamp(movement.arrivalTime),
                    movement.capacity == Int(Int32.max) ? "" : String(movement.capacity),
                    field(voyage.vessel ?? ""), field(voyage.service ?? ""),
                ]
                if hasIMO { fields.append(voyage.vesselIMONumber ?? "") }
                if hasNames { fields.append(field(voyage.serviceName ?? "")) }
                if hasEmissions {
                    fields += [
                        movement.distance.map(number) ?? "", movement.co2eIsEstimated && movement.distance != nil ? "" : movement.co2ePerTEU.map(number) ?? "",
                    ]
                }
                if hasLimits { fields += [movement.weightCapacity.map(String.init) ?? "", movement.reeferPlugs.map(String.init) ?? ""] }
                if hasContinuations { fields.append(field(voyage.continuation?.rawValue ?? "")) }
                if hasModes { fields.append(voyage.mode.rawValue) }
                for code in cutOffCodes {
                    // A call has one time per code in a CSV row; the earliest stands for several.
                    fields.append(movement.cutOffTimes.filter { $0.code == code }.map(\.time).min().map(DateText.timestamp) ?? "")
                }
                text += fields.joined(separator: ",") + "\n"
            }
        }
        return text
    }

    /// A bookings file.
    public static func bookings(_ bookings: [Booking]) -> String {
        let hasTypes = bookings.contains { $0.specification.cargoType != .dry || $0.specification.containsDangerousGoods }
        let hasTransits = bookings.contains { $0.specification.maximumTransitTime != nil }
        let hasWeights = bookings.contains { $0.weight != nil }
        var text =
            "booking,origin,destination,ready,deadline,teu,revenue_per_teu" + (hasTypes ? ",cargo_type,dangerous_goods" : "")
            + (hasTransits ? ",max_transit_days" : "") + (hasWeights ? ",weight_tonnes" : "") + "\n"
        for booking in bookings {
            let specification = booking.specification
            let transit = specification.maximumTransitTime.map { number(Double($0.components.seconds) / 86_400) } ?? ""
            text +=
                ([
                    field(booking.id), specification.origin.rawValue, specification.destination.rawValue,
                    DateText.timestamp(specification.readyTime), DateText.timestamp(specification.arrivalDeadline), String(booking.teu),
                    booking.revenuePerTEU.map(number) ?? "",
                ] + (hasTypes ? [specification.cargoType.rawValue, String(specification.containsDangerousGoods)] : [])
                + (hasTransits ? [transit] : []) + (hasWeights ? [booking.weight.map(number) ?? ""] : [])).joined(separator: ",") + "\n"
        }
        return text
    }

    /// A field, quoted when it holds a comma, a quote, a line break or surrounding spaces.
    ///
    /// A text that a spreadsheet would take for a formula, one that starts with `=`, `+`, `-`, `@`, a tab or a
    /// carriage return (`=HYPERLINK(…)` as a booking reference), is written after a `'` and quoted, as OWASP's
    /// guidance on CSV injection has it, so that a spreadsheet shows it as text. ``CSVImporter`` reads such a field
    /// back without the `'`.
    public static func field(_ value: String) -> String {
        let isFormula = value.unicodeScalars.first.map(formulaStarts.contains) == true
        let text = isFormula ? "'" + value : value
        let needsQuotes =
            isFormula || text.contains { $0 == "," || $0 == "\"" || $0.isNewline } || text.first?.isWhitespace == true
            || text.last?.isWhitespace == true
        return needsQuotes ? "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : text
    }

    /// The first characters that make a spreadsheet read a cell as a formula.
    static let formulaStarts: Set<Unicode.Scalar> = ["=", "+", "-", "@", "\t", "\r"]

    /// A field's text as ``field(_:)`` wrote it: without the `'` it puts before a text a spreadsheet would take for a
    /// formula.
    static func unescaped(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard scalars.first == "'", let second = scalars.dropFirst().first, formulaStarts.contains(second) else { return text }
        return String(text.dropFirst())
    }

    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }
}
