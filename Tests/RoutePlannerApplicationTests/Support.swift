import Foundation
import RoutePlanner
import RoutePlannerApplication
import RoutePlannerTestSupport

/// The sample schedule (see SampleVoyages) and a Hong Kong to Stockholm booking on it, for the use case tests.
enum Sample {
    static let network = SampleVoyages.network()
    static let schedule = InMemoryScheduleRepository(network: network)

    /// Hong Kong to Stockholm, ready 1 March, due 15 April (midnight).
    static let specification = try! RouteSpecification(
        origin: "HKHKG", destination: "SESTO", readyTime: SampleVoyages.day(3, 1), arrivalDeadline: SampleVoyages.day(4, 15))

    /// AE1-0100W Hong Kong → Rotterdam (30 March), NF-0310N Rotterdam → Stockholm (1 to 5 April).
    static let fastest = try! network.earliestArrival(for: specification)

    /// A date-time with a zone, such as `2026-03-01T00:00:00Z`.
    static func utc(_ text: String) -> Date { try! Date(text, strategy: .iso8601) }
    /// The planning date of the tests that book: the sample schedule sails from March 2026.
    static let asOf: @Sendable () -> Date = { SampleVoyages.day(2, 1) }

    /// Cargo ABC123 (or another id), routed on the fastest itinerary unless told, with events.
    static func cargo(
        _ trackingId: TrackingId = "ABC123", teu: Int = 1, routed: Bool = true, customerId: CustomerId? = nil, events: [HandlingEvent] = []
    ) throws -> Cargo {
        var cargo = try Cargo(trackingId: trackingId, teu: teu, specification: specification, customerId: customerId)
        if routed { try cargo.assign(to: fastest) }
        for event in events { try cargo.register(event) }
        return cargo
    }

    /// An event reported when it happened.
    static func event(_ kind: HandlingEvent.Kind, _ location: UnLocode, _ voyage: VoyageNumber? = nil, _ time: Date) -> HandlingEvent {
        try! HandlingEvent(kind: kind, location: location, voyage: voyage, completionTime: time, registrationTime: time)
    }

    static let receive = event(.receive, "HKHKG", nil, SampleVoyages.day(3, 1))
    static let loadInHongKong = event(.load, "HKHKG", "AE1-0100W", SampleVoyages.day(3, 2))
    static let unloadInRotterdam = event(.unload, "NLRTM", "AE1-0100W", SampleVoyages.day(3, 30))
    static let unloadInHamburg = event(.unload, "DEHAM", "AE1-0100W", SampleVoyages.day(4, 1))
    static let claim = event(.claim, "SESTO", nil, SampleVoyages.day(4, 6))

    /// A temporary file path, unique to the call.
    static func temporaryFile(_ name: String) -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("route-planner-tests-\(UUID().uuidString)-\(name)")
    }
}

extension Itinerary {
    /// The voyages of the legs, for compact expectations.
    var voyageNumbers: [String] { legs.map(\.voyage.number.rawValue) }
}

extension Itinerary {
    /// Each leg as voyage, ports and times: what identifies it whatever the capacities of the network it came from.
    var legKeys: [String] {
        legs.map {
            "\($0.voyage.number) \($0.loadLocation.code) \($0.loadTime.timeIntervalSince1970) \($0.unloadLocation.code) \($0.unloadTime.timeIntervalSince1970)"
        }
    }
}

extension ViewState {
    /// The state with a described content's text in place of the content, to compare with what a planner reads.
    func text<Response>() -> ViewState<String, Field> where Content == Described<Response> {
        switch self {
        case .idle: .idle
        case .loading: .loading
        case .success(let described): .success(described.text)
        case .validationFailure(let fields): .validationFailure(fields)
        case .failure(let failure): .failure(failure)
        }
    }
}

extension ViewState {
    /// The message of each invalid field; empty in any other state.
    var fieldErrors: [Field: String] {
        if case .validationFailure(let fields) = self { fields } else { [:] }
    }

    /// The failure's message, if the state is one.
    var failureMessage: String? {
        if case .failure(let failure) = self { failure.message } else { nil }
    }
}
