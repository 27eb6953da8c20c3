import Foundation
import RoutePlanner

/// The rules of ``ScheduleNetwork/disruption(of:from:boardingFrom:specification:departedAt:)`` written out plainly over
/// a schedule's voyages, and random carriers' events, for checking the live schedule and what it disrupts.
public enum BruteForceDisruption {
    /// One to six events on random calls of random voyages: arrivals and departures up to 6 hours early or 30 late,
    /// of random classifiers and creation times, some sent twice.
    public static func randomEvents(_ voyages: [Voyage], using generator: inout SplitMix64) -> [VesselCallEvent] {
        var events: [VesselCallEvent] = []
        for index in 0..<Int.random(in: 1...6, using: &generator) {
            let voyage = voyages.randomElement(using: &generator)!
            let movements = voyage.movements
            let ports = [movements[0].departureLocation] + movements.map(\.arrivalLocation)
            let call = Int.random(in: 0...movements.count, using: &generator)
            let kind: VesselCallEvent.Kind = call == 0 ? .departure : call == movements.count ? .arrival : Bool.random(using: &generator) ? .arrival : .departure
            let published = kind == .arrival ? movements[call - 1].arrivalTime : movements[call].departureTime
            let sequence = ports[...call].count { $0 == ports[call] }
            events.append(VesselCallEvent(
                id: "E\(index)", created: Date(timeIntervalSince1970: 1_767_225_600) + Double(Int.random(in: 0...3, using: &generator) * 3600), kind: kind,
                classifier: VesselCallEvent.Classifier.allCases.randomElement(using: &generator)!,
                time: published + Double(Int.random(in: -6...30, using: &generator) * 3600),
                call: CallReference(voyage: voyage.number, port: ports[call], sequence: sequence)))
            if Int.random(in: 0..<4, using: &generator) == 0 { events.append(events.last!) }
        }
        return events
    }

    /// The rules of ``ScheduleNetwork/disruption(of:from:boardingFrom:specification:departedAt:)``, written out over
    /// the live voyages.
    public static func recheck(
        _ itinerary: Itinerary, from first: Int, ready: Date?, _ specification: RouteSpecification, departedAt: Date?, on voyages: [Voyage]
    ) -> ItineraryDisruption? {
        let legs = itinerary.legs
        let byNumber = Dictionary(uniqueKeysWithValues: voyages.map { ($0.number, $0) })
        func live(_ index: Int) -> [CarrierMovement]? {
            guard index >= 0, let voyage = byNumber[legs[index].voyage.number], legs[index].movementIndices.upperBound <= voyage.movements.count
            else { return nil }
            let now = Array(voyage.movements[legs[index].movementIndices])
            let same = zip(now, legs[index].movements).allSatisfy { $0.departureLocation == $1.departureLocation && $0.arrivalLocation == $1.arrivalLocation }
            return same ? now : nil
        }
        for index in first..<legs.count where live(index) == nil { return .legNoLongerSails(leg: index, voyage: legs[index].voyage.number) }
        func tco(_ movement: CarrierMovement) -> Date? { movement.cutOffTimes.filter { $0.code == .transshipment }.map(\.time).min() }
        let port = legs[first].loadLocation.code
        if let ready, let boarding = live(first)?.first {
            var codes: Set<CutOffCode> = [.fullContainerDelivery, .documentation, .verifiedGrossMass, .port]
            if specification.cargoType == .reefer { codes.insert(.reefer) }
            if specification.containsDangerousGoods { codes.insert(.dangerousGoods) }
            let latest = first > 0 ? boarding.departureTime
                : boarding.cutOffTimes.filter { codes.contains($0.code) }.map(\.time).reduce(boarding.departureTime, min)
            if boarding.departureTime < ready || latest < ready { return first == 0 ? .missesDeparture(at: port) : .missesConnection(leg: first, at: port) }
            if first > 0, !legs[first].continuesAboard(from: legs[first - 1]), let before = live(first - 1)?.last, let cutOff = tco(boarding),
               before.arrivalTime > cutOff {
                return .missesConnection(leg: first, at: port)
            }
        }
        for index in legs.indices where index > first {
            let arrival = live(index - 1)!.last!.arrivalTime, onward = live(index)!.first!
            let at = legs[index].loadLocation
            if legs[index].continuesAboard(from: legs[index - 1]) {
                if byNumber[legs[index - 1].voyage.number]?.continuation == legs[index].voyage.number && onward.departureTime >= arrival { continue }
                return .missesConnection(leg: index, at: at.code)
            }
            if onward.departureTime < arrival + TimeInterval(at.transshipmentTime.components.seconds) || (tco(onward).map { arrival > $0 } ?? false) {
                return .missesConnection(leg: index, at: at.code)
            }
        }
        let arrival = live(legs.count - 1)!.last!.arrivalTime
        if arrival > specification.arrivalDeadline { return .arrivesLate(by: .seconds(arrival.timeIntervalSince(specification.arrivalDeadline))) }
        if let limit = specification.maximumTransitTime {
            let transit = Duration.seconds(arrival.timeIntervalSince(departedAt ?? live(0)?.first?.departureTime ?? live(first)!.first!.departureTime))
            if transit > limit { return .exceedsTransitTime(by: transit - limit) }
        }
        return nil
    }
}
