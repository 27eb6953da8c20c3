import Foundation
import RoutePlanner

extension RouteDocument {
    /// The options as DCSA Commercial Schedules 1.0.3 point-to-point routings: the body of a
    /// `GET /v1/point-to-point-routes` response, an array of `PointToPoint` valid against the specification in
    /// docs/dcsa/CS_v1.0.3.yaml.
    ///
    /// Each routing carries the option's ``Itinerary/reference`` as its `routingReference` and its position from
    /// 1 as its `solutionNumber`. Times are in the local time of their call: the offset the schedule gave (DCSA
    /// input), else the port's time zone (`time_zone` in locations.csv), else UTC. A value that the standard would
    /// not accept (a voyage number of more than 50 characters, a code with a 0 or 1 where UN/LOCODE allows none) is
    /// left out rather than written invalid; docs/DCSA.md maps every field.
    public static func dcsa(_ response: RouteCargoResponse) -> String {
        encode(response.itineraries.enumerated().map { position, itinerary in
            PointToPoint(itinerary, solutionNumber: position + 1)
        })
    }
}

/// A DCSA `PointToPoint` routing.
private struct PointToPoint: Encodable {
    let placeOfReceipt: Place
    let placeOfDelivery: Place
    let cutOffTimes: [CutOff]?
    let solutionNumber: Int
    let routingReference: String
    let transitTime: Int
    let solutionFootprint: Footprint?
    let legs: [Leg]

    init(_ itinerary: Itinerary, solutionNumber: Int) {
        let first = itinerary.legs[0], last = itinerary.legs[itinerary.legs.count - 1]
        placeOfReceipt = Place(first.loadLocation, at: first.loadTime, utcOffset: first.loadUTCOffset)
        placeOfDelivery = Place(last.unloadLocation, at: last.unloadTime, utcOffset: last.unloadUTCOffset)
        cutOffTimes = CutOff.list(first.cutOffTimes, utcOffset: first.loadUTCOffset)
        self.solutionNumber = solutionNumber
        routingReference = itinerary.reference
        transitTime = RouteDocument.transitDays(itinerary)
        solutionFootprint = Footprint(kilograms: itinerary.co2ePerTEU)
        legs = itinerary.legs.enumerated().map { position, leg in
            Leg(
                sequenceNumber: position + 1, transport: VesselTransport(leg.voyage),
                departure: Place(leg.loadLocation, at: leg.loadTime, utcOffset: leg.loadUTCOffset),
                arrival: Place(leg.unloadLocation, at: leg.unloadTime, utcOffset: leg.unloadUTCOffset),
                cutOffTimes: CutOff.list(leg.cutOffTimes, utcOffset: leg.loadUTCOffset), footprint: Footprint(kilograms: leg.co2ePerTEU))
        }
    }

    /// A `footprint` or `solutionFootprint`: the CO2e of one TEU, in tonnes.
    struct Footprint: Encodable {
        let co2e: Double

        init?(kilograms: Double?) {
            guard let kilograms else { return nil }
            // From whole grams, so that the tonnes print as the grams do, with no binary remainder.
            co2e = (kilograms * 1_000).rounded() / 1_000_000
        }
    }

    struct Leg: Encodable {
        let sequenceNumber: Int
        let transport: VesselTransport
        let departure: Place
        let arrival: Place
        let cutOffTimes: [CutOff]?
        let footprint: Footprint?
    }

    /// A `PlaceOfReceipt`, `PlaceOfDelivery`, `PlaceOfDeparture` or `PlaceOfArrival`: a port terminal.
    struct Place: Encodable {
        let facilityTypeCode = "POTE"
        let location: Location
        let dateTime: String

        init(_ location: RoutePlanner.Location, at time: Date, utcOffset: Int?) {
            self.location = Location(location)
            dateTime = RouteDocument.timestamp(time, utcOffset: utcOffset)
        }
    }

    struct Location: Encodable {
        let locationName: String?
        let UNLocationCode: String?

        init(_ location: RoutePlanner.Location) {
            locationName = dcsaText(location.name, maximumLength: 100, truncating: true)
            let code = location.code.rawValue
            // DCSA's UN/LOCODE pattern allows the digits 2 to 9 only in the last three characters.
            UNLocationCode = code.utf8.count == 5 && code.utf8.enumerated().allSatisfy { index, byte in
                (0x41...0x5A).contains(byte) || (index >= 2 && (0x32...0x39).contains(byte))
            } ? code : nil
        }
    }

    struct VesselTransport: Encodable {
        let modeOfTransport = "VESSEL"
        let vessel: Vessel?
        let servicePartners: [ServicePartner]

        init(_ voyage: Voyage) {
            let vessel = Vessel(
                name: dcsaText(voyage.vessel, maximumLength: 50, truncating: true),
                vesselIMONumber: voyage.vesselIMONumber.flatMap { number in
                    (7...8).contains(number.utf8.count) && number.utf8.allSatisfy { (0x30...0x39).contains($0) } ? number : nil
                })
            self.vessel = vessel.name == nil && vessel.vesselIMONumber == nil ? nil : vessel
            servicePartners = [
                ServicePartner(
                    carrierServiceName: dcsaText(voyage.serviceName, maximumLength: 50, truncating: true),
                    carrierServiceCode: dcsaText(voyage.service, maximumLength: 11, truncating: false),
                    carrierExportVoyageNumber: dcsaText(voyage.number.rawValue, maximumLength: 50, truncating: false))
            ]
        }
    }

    struct Vessel: Encodable {
        let name: String?
        let vesselIMONumber: String?
    }

    struct ServicePartner: Encodable {
        let carrierServiceName: String?
        let carrierServiceCode: String?
        let carrierExportVoyageNumber: String?
    }

    struct CutOff: Encodable {
        let cutOffDateTimeCode: String
        let cutOffDateTime: String

        /// The cut-offs of a call in its local time, or `nil` for a call without any.
        static func list(_ cutOffs: [CutOffTime], utcOffset: Int?) -> [CutOff]? {
            cutOffs.isEmpty ? nil : cutOffs.map {
                CutOff(cutOffDateTimeCode: $0.code.rawValue, cutOffDateTime: RouteDocument.timestamp($0.time, utcOffset: utcOffset))
            }
        }
    }
}

/// A text as DCSA's free-text fields take it (`^\S(?:.*\S)?$`, at most `maximumLength` characters): on one line,
/// without surrounding spaces; a longer text is cut when `truncating`, otherwise left out; a blank one is left out.
private func dcsaText(_ text: String?, maximumLength: Int, truncating: Bool) -> String? {
    guard let text else { return nil }
    var line = text.split(whereSeparator: \.isNewline).joined(separator: " ").trimmingCharacters(in: .whitespaces)
    if line.count > maximumLength {
        guard truncating else { return nil }
        line = String(line.prefix(maximumLength)).trimmingCharacters(in: .whitespaces)
    }
    return line.isEmpty ? nil : line
}
