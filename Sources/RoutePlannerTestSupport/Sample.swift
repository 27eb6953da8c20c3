import Foundation
import RoutePlanner
import RoutePlannerApplication

/// The sample schedule (see SampleVoyages) and a Hong Kong to Stockholm booking on it, for the use case tests.
public enum Sample {
    public static let network = SampleVoyages.network()
    public static let schedule = InMemoryScheduleRepository(network: network)

    /// Hong Kong to Stockholm, ready 1 March, due 15 April (midnight).
    public static let specification = try! RouteSpecification(
        origin: "HKHKG", destination: "SESTO", readyTime: SampleVoyages.day(3, 1), arrivalDeadline: SampleVoyages.day(4, 15))

    /// AE1-0100W Hong Kong → Rotterdam (30 March), NF-0310N Rotterdam → Stockholm (1 to 5 April).
    public static let fastest = try! network.earliestArrival(for: specification)

    /// A date-time with a zone, such as `2026-03-01T00:00:00Z`.
    public static func utc(_ text: String) -> Date { try! Date(text, strategy: .iso8601) }
    /// The planning date of the tests that book: the sample schedule sails from March 2026.
    public static let asOf: @Sendable () -> Date = { SampleVoyages.day(2, 1) }

    /// Cargo ABC123 (or another id), routed on the fastest itinerary unless told, with events.
    public static func cargo(
        _ trackingId: TrackingId = "ABC123", teu: Int = 1, routed: Bool = true, customerId: CustomerId? = nil, events: [HandlingEvent] = []
    ) throws -> Cargo {
        var cargo = try Cargo(trackingId: trackingId, teu: teu, specification: specification, customerId: customerId)
        if routed { try cargo.assign(to: fastest) }
        for event in events { try cargo.register(event) }
        return cargo
    }

    /// An event reported when it happened.
    public static func event(_ kind: HandlingEvent.Kind, _ location: UnLocode, _ voyage: VoyageNumber? = nil, _ time: Date) -> HandlingEvent {
        try! HandlingEvent(kind: kind, location: location, voyage: voyage, completionTime: time, registrationTime: time)
    }

    public static let receive = event(.receive, "HKHKG", nil, SampleVoyages.day(3, 1))
    public static let loadInHongKong = event(.load, "HKHKG", "AE1-0100W", SampleVoyages.day(3, 2))
    public static let unloadInRotterdam = event(.unload, "NLRTM", "AE1-0100W", SampleVoyages.day(3, 30))
    public static let unloadInHamburg = event(.unload, "DEHAM", "AE1-0100W", SampleVoyages.day(4, 1))
    public static let claim = event(.claim, "SESTO", nil, SampleVoyages.day(4, 6))

    /// A temporary file path, unique to the call.
    public static func temporaryFile(_ name: String) -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("route-planner-tests-\(UUID().uuidString)-\(name)")
    }
}
