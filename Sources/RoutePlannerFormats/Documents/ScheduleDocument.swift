import DCSACommercialSchedules
import Foundation
import RoutePlanner
import RoutePlannerApplication

/// A network's voyages as DCSA Commercial Schedules 1.0.3 documents: vessel schedules (the body of
/// `GET /v1/vessel-schedules`, which `DCSAImporter` reads back into the same voyages) and port schedules (the
/// body of `GET /v1/port-schedules`).
///
/// Times are the calls' local times (`PortCall`), as estimates (`EST`): a schedule is a plan, not a report.
/// A voyage without a service is its own service: its voyage number is the service's code (its first 11
/// characters, DCSA's limit) and name. A voyage whose number DCSA cannot carry (more than 50 characters, or
/// spaces around it) is left out, since every call must name its voyage.
public enum ScheduleDocument {
    /// A port schedule, as the body of `GET /v1/port-schedules` holds it: a list of one.
    public static func dcsa(_ response: ShowPortScheduleResponse) -> String {
        RouteDocument.encode([portSchedule(response.location, calls: response.calls)])
    }

    /// The vessel schedules of the voyages found, as the body of `GET /v1/vessel-schedules` holds them.
    public static func dcsa(_ response: ShowVesselSchedulesResponse) -> String {
        RouteDocument.encode(serviceSchedules(response.schedules.map { ($0.voyage, $0.calls) }))
    }

    /// Vessel schedules: one `ServiceSchedule` per service, ordered by service code, with one `VesselSchedule`
    /// per voyage holding the calls given for it, in order. A voyage that a given voyage of the same service goes
    /// on as (`Voyage.continuation`) joins that voyage's vessel schedule when both calls where they meet are
    /// given: the call is one transport call, arriving on the first voyage (`carrierImportVoyageNumber`) and
    /// leaving on the next (`carrierExportVoyageNumber`), as `DCSAImporter` reads it back.
    public static func serviceSchedules(_ voyages: [(voyage: Voyage, calls: [PortCall])]) -> [Components.Schemas.ServiceSchedule] {
        let position = Dictionary(voyages.enumerated().map { ($1.voyage.number, $0) }, uniquingKeysWith: { first, _ in first })
        // Each voyage the vessel goes on as, where both meet in the calls given.
        var next: [Int: Int] = [:]
        for (index, (voyage, calls)) in voyages.enumerated() {
            guard let number = voyage.continuation, let following = position[number], following != index,
                calls.last?.departure == nil, calls.last?.position == voyage.movements.count,
                voyages[following].calls.first?.position == 0, service(voyages[following].voyage).code == service(voyage).code
            else { continue }
            next[index] = following
        }
        let continued = Set(next.values)
        var services: [String: (name: String, schedules: [Components.Schemas.VesselSchedule])] = [:]
        for start in voyages.indices where !continued.contains(start) {
            var transportCalls: [Components.Schemas.TransportCall] = []
            var stretch: Int? = start
            var seen: Set<Int> = []
            while let index = stretch, seen.insert(index).inserted {
                let (voyage, calls) = voyages[index]
                guard let number = voyageNumber(voyage) else { break }
                var own = calls.map { transportCall($0, number: number) }
                if let arriving = transportCalls.last, !own.isEmpty {
                    // The call where the vessel turns: arriving on the voyage before, leaving on this one.
                    own[0].carrierImportVoyageNumber = arriving.carrierImportVoyageNumber
                    own[0].transportCallReference = arriving.transportCallReference
                    own[0].timestamps = arriving.timestamps + own[0].timestamps
                    transportCalls.removeLast()
                }
                transportCalls += own
                stretch = next[index]
            }
            guard !transportCalls.isEmpty else { continue }
            let voyage = voyages[start].voyage, service = self.service(voyage), vessel = DCSAText.vessel(voyage)
            services[service.code, default: (service.name, [])].schedules.append(
                Components.Schemas.VesselSchedule(vessel: vessel, isDummyVessel: vessel?.vesselIMONumber == nil, transportCalls: transportCalls))
        }
        return services.sorted { $0.key < $1.key }.map { code, service in
            Components.Schemas.ServiceSchedule(carrierServiceName: service.name, carrierServiceCode: code, vesselSchedules: service.schedules)
        }
    }

    /// A call of a voyage as DCSA's transport call.
    private static func transportCall(_ call: PortCall, number: String) -> Components.Schemas.TransportCall {
        Components.Schemas.TransportCall(
            transportCallReference: "\(number)/\(call.position + 1)", carrierImportVoyageNumber: number,
            carrierExportVoyageNumber: call.departure == nil ? nil : number,
            cutOffTimes: DCSAText.cutOffTimes(call.cutOffTimes, utcOffset: call.departureUTCOffset),
            location: Components.Schemas.TransportCallLocation(
                locationName: DCSAText.text(call.location.name, maximumLength: 100, truncating: true),
                unLocationCode: DCSAText.unLocationCode(call.location.code)),
            timestamps: timestamps(call))
    }

    /// The port schedule of a port: each call given, as its voyage's vessel, service and timestamps.
    public static func portSchedule(_ location: Location, calls: [PortCall]) -> Components.Schemas.PortSchedule {
        Components.Schemas.PortSchedule(
            location: Components.Schemas.PortScheduleLocation(
                locationName: DCSAText.text(location.name, maximumLength: 100, truncating: true),
                unLocationCode: DCSAText.unLocationCode(location.code)),
            vesselSchedules: calls.compactMap { call in
                guard let number = voyageNumber(call.voyage) else { return nil }
                let service = self.service(call.voyage), vessel = DCSAText.vessel(call.voyage)
                return Components.Schemas.Schedule(
                    servicePartners: [
                        Components.Schemas.ServicePartnerSchedule(
                            carrierServiceName: service.name, carrierServiceCode: service.code, carrierImportVoyageNumber: number,
                            carrierExportVoyageNumber: number)
                    ],
                    vessel: vessel, isDummyVessel: vessel?.vesselIMONumber == nil, timestamps: timestamps(call),
                    cutOffTimes: DCSAText.cutOffTimes(call.cutOffTimes, utcOffset: call.departureUTCOffset))
            })
    }

    /// A voyage's number as DCSA's voyage numbers take it, or `nil`.
    private static func voyageNumber(_ voyage: Voyage) -> String? {
        let number = voyage.number.rawValue
        return DCSAText.text(number, maximumLength: 50, truncating: false) == number ? number : nil
    }

    /// The code and name of a voyage's service.
    private static func service(_ voyage: Voyage) -> (code: String, name: String) {
        let code =
            DCSAText.text(voyage.service, maximumLength: 11, truncating: false)
            ?? DCSAText.text(voyage.number.rawValue, maximumLength: 11, truncating: true) ?? voyage.number.rawValue
        return (code, DCSAText.text(voyage.serviceName, maximumLength: 50, truncating: true) ?? code)
    }

    /// The estimated arrival and departure of a call, in its local time.
    private static func timestamps(_ call: PortCall) -> [Components.Schemas.Timestamp] {
        var timestamps: [Components.Schemas.Timestamp] = []
        if let arrival = call.arrival {
            timestamps.append(
                .init(
                    eventTypeCode: .arri, eventClassifierCode: .est, eventDateTime: DateText.timestamp(arrival, utcOffset: call.arrivalUTCOffset)))
        }
        if let departure = call.departure {
            timestamps.append(
                .init(
                    eventTypeCode: .depa, eventClassifierCode: .est,
                    eventDateTime: DateText.timestamp(departure, utcOffset: call.departureUTCOffset)))
        }
        return timestamps
    }
}
