import DCSACommercialSchedules
import Foundation
import RoutePlanner
import RoutePlannerApplication

extension RouteDocument {
    /// The options as DCSA Commercial Schedules 1.0.3 point-to-point routings: the body of a
    /// `GET /v1/point-to-point-routes` response, an array of `PointToPoint` valid against the specification in
    /// docs/dcsa/CS_v1.0.3.yaml.
    ///
    /// See ``pointToPoint(_:numberedFrom:)`` for what each routing holds.
    public static func dcsa(_ response: RouteCargoResponse) -> String {
        encode(pointToPoint(response.itineraries))
    }

    /// The itineraries as DCSA point-to-point routings, the types generated from the specification.
    ///
    /// Each routing carries the option's `Itinerary.reference` as its `routingReference` and its position as its
    /// `solutionNumber`, counted from `first`. Times are in the local time of their call: the offset the schedule
    /// gave (DCSA input), else the port's time zone (`time_zone` in locations.csv), else UTC. A value that the
    /// standard would not accept (a voyage number of more than 50 characters, a code with a 0 or 1 where UN/LOCODE
    /// allows none) is left out rather than written invalid; docs/DCSA.md maps every field. A vessel's leg is a
    /// `VesselTransport`, a barge's a `BargeTransport`, a train's and a truck's an `OtherTransport` (`RAIL`, `TRUCK`);
    /// each place is written with its facility type (`Location.facility`).
    public static func pointToPoint(_ itineraries: [Itinerary], numberedFrom first: Int = 1) -> [Components.Schemas.PointToPoint] {
        itineraries.enumerated().map { position, itinerary in
            let firstLeg = itinerary.legs[0], lastLeg = itinerary.legs[itinerary.legs.count - 1]
            return Components.Schemas.PointToPoint(
                placeOfReceipt: .init(
                    facilityTypeCode: firstLeg.loadLocation.facility.rawValue, location: DCSAText.location(firstLeg.loadLocation),
                    dateTime: DateText.timestamp(firstLeg.loadTime, utcOffset: firstLeg.loadUTCOffset)),
                placeOfDelivery: .init(
                    facilityTypeCode: lastLeg.unloadLocation.facility.rawValue, location: DCSAText.location(lastLeg.unloadLocation),
                    dateTime: DateText.timestamp(lastLeg.unloadTime, utcOffset: lastLeg.unloadUTCOffset)),
                cutOffTimes: DCSAText.cutOffTimes(firstLeg.cutOffTimes, utcOffset: firstLeg.loadUTCOffset),
                solutionNumber: Int32(clamping: first + position),
                routingReference: itinerary.reference,
                transitTime: Int32(clamping: transitDays(itinerary)),
                solutionFootprint: DCSAText.tonnes(itinerary.co2ePerTEU).map { .init(co2e: $0) },
                legs: itinerary.legs.enumerated().map { position, leg in
                    Components.Schemas.Leg(
                        sequenceNumber: Int32(position + 1), transport: DCSAText.transport(leg.voyage),
                        departure: .init(
                            facilityTypeCode: leg.loadLocation.facility.rawValue, location: DCSAText.location(leg.loadLocation),
                            dateTime: DateText.timestamp(leg.loadTime, utcOffset: leg.loadUTCOffset)),
                        arrival: .init(
                            facilityTypeCode: leg.unloadLocation.facility.rawValue, location: DCSAText.location(leg.unloadLocation),
                            dateTime: DateText.timestamp(leg.unloadTime, utcOffset: leg.unloadUTCOffset)),
                        footprint: DCSAText.tonnes(leg.co2ePerTEU).map { .init(co2e: $0) },
                        cutOffTimes: DCSAText.cutOffTimes(leg.cutOffTimes, utcOffset: leg.loadUTCOffset))
                })
        }
    }
}
