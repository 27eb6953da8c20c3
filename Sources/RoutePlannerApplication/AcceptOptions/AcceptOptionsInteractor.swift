import Foundation
import RoutePlanner

/// What accepting options did to each disrupted cargo chosen, or would do when not confirmed.
public struct AcceptOptionsResponse: Hashable, Sendable {
    /// Why a cargo chosen was left as it was.
    public enum Reason: Hashable, Sendable {
        /// No open cargo the user sees has the tracking id.
        case notFound
        /// The schedule does not disrupt it: its status says what it needs instead.
        case notDisrupted(Delivery.Status)
        /// It was chosen by an option's number, and was offered no options yet.
        case noOffer
        /// It was chosen by an option's number beyond the options it was offered.
        case notOffered(position: Int, count: Int)
        /// The option chosen is no longer among its options from where it is, under the room the other cargo take (the
        /// schedule or the room on it changed since they were offered), or no longer fits it.
        case optionGone
        /// It has no options from where it is, and why.
        case noOptions(DomainError)
        /// Another request changed it after it was read: nothing was written for it.
        case changedMeanwhile

        /// `notFound`, `notDisrupted`, `noOffer`, `notOffered`, `optionGone`, `noOptions` or `changedMeanwhile`.
        public var code: String {
            switch self {
            case .notFound: "notFound"
            case .notDisrupted: "notDisrupted"
            case .noOffer: "noOffer"
            case .notOffered: "notOffered"
            case .optionGone: "optionGone"
            case .noOptions: "noOptions"
            case .changedMeanwhile: "changedMeanwhile"
            }
        }
    }

    /// One cargo chosen.
    public struct Entry: Hashable, Sendable {
        public let trackingId: TrackingId
        /// The cargo as it was before; `nil` when not found.
        public let cargo: CargoSummary?
        /// The option it was to take.
        public let option: AcceptOptionsRequest.Option
        /// The option it takes beside its itinerary as planned, and the cargo after; `nil` when it is left as it was.
        public let change: OptionChange?
        public let after: CargoSummary?
        /// Why it was left as it was; `nil` when it takes the option.
        public let reason: Reason?

        public init(
            trackingId: TrackingId, cargo: CargoSummary?, option: AcceptOptionsRequest.Option, change: OptionChange?, after: CargoSummary?, reason: Reason?
        ) {
            self.trackingId = trackingId
            self.cargo = cargo
            self.option = option
            self.change = change
            self.after = after
            self.reason = reason
        }
    }

    /// Every cargo chosen, in tracking id order.
    public let entries: [Entry]
    /// Whether the options were assigned; `false` for a preview, which wrote nothing.
    public let confirmed: Bool
    /// Business time, which standings are read at.
    public let asOf: Date

    public init(entries: [Entry], confirmed: Bool, asOf: Date) {
        self.entries = entries
        self.confirmed = confirmed
        self.asOf = asOf
    }

    /// The cargo that take their option, and those left as they were.
    public var rerouted: [Entry] { entries.filter { $0.change != nil } }
    public var left: [Entry] { entries.filter { $0.change == nil } }
}

/// Assigns the disrupted cargo a planner chose the options chosen, or says what that would change: the disruption
/// workbench's accept.
///
/// Each cargo chosen (and, with a standing, each disrupted cargo of that standing) is re-planned from where it is as
/// `Replanning.replan(_:in:limit:accepting:only:)` does after a batch of events: its options searched again on the
/// schedule as it now sails, under the room every other open cargo takes, in tracking id order, each cargo that takes
/// an option holding its room before the next is searched. A cargo takes the option chosen only while it is still among
/// them; an option's number is read from the options it was last offered. Without ``AcceptOptionsRequest/confirm``
/// nothing is written; with it, the cargo that take an option are written in one transaction, each only while it is
/// still as it was read (`CargoRepository.save(_:unlessChangedSince:)`), and each one changed meanwhile is named.
public struct AcceptOptionsInteractor: UseCase {
    private let index: CargoIndex
    private let principal: Principal
    private let cargoRepository: any CargoRepository
    private let offers: any CargoRepository
    private let voyages: any VoyageRepository
    private let now: @Sendable () -> Date

    /// The options searched per cargo: as many as a batch of events offers, or as many as the cargo's last offer held
    /// when the choice names one of them.
    static let searchLimit = 3

    /// - Parameters:
    ///   - index: The open cargo as the schedule now sails, kept current.
    ///   - principal: Who accepts, who sees only the cargo `Principal.sees(_:)` lets it.
    ///   - cargo: Where the cargo are written, each change recorded as the principal's.
    ///   - offers: The offers of the cargo, read only for the cargo the index lets the principal see; `cargo` when not
    ///     given.
    ///   - voyages: The schedule as it now sails.
    ///   - now: Business time, which standings are read at.
    public init(
        index: CargoIndex, principal: Principal, cargo: any CargoRepository, offers: (any CargoRepository)? = nil, voyages: any VoyageRepository,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.index = index
        self.principal = principal
        cargoRepository = cargo
        self.offers = offers ?? cargo
        self.voyages = voyages
        self.now = now
    }

    public func execute(_ request: AcceptOptionsRequest) async -> Result<AcceptOptionsResponse, DomainError> {
        do {
            let asOf = now()
            let network = try await voyages.network()
            let open = try await index.openCargo()
            let seen = Dictionary(
                try await index.cargo(seenBy: principal).map { ($0.summary.trackingId, $0.summary) }, uniquingKeysWith: { first, _ in first })
            var options = request.choices
            if let standing = request.standing {
                for summary in seen.values where summary.delivery.status == .disrupted && summary.standing(at: asOf) == standing {
                    options[summary.trackingId] = options[summary.trackingId] ?? .best
                }
            }
            var left: [TrackingId: AcceptOptionsResponse.Reason] = [:], choices: [TrackingId: Replanning.Choice] = [:]
            var limit = Self.searchLimit
            // The offers of the cargo chosen by an option's number or reference, read at once.
            let offered = try await offers.offers(
                for: options.filter { if case .best = $0.value { false } else { seen[$0.key]?.delivery.status == .disrupted } }.map(\.key))
            for (trackingId, option) in options {
                guard let summary = seen[trackingId] else {
                    left[trackingId] = .notFound
                    continue
                }
                guard summary.delivery.status == .disrupted else {
                    left[trackingId] = .notDisrupted(summary.delivery.status)
                    continue
                }
                switch option {
                case .best: choices[trackingId] = .best
                case .reference(let reference):
                    choices[trackingId] = .option(reference)
                    limit = max(limit, offered[trackingId]?.itineraries.count ?? 0)
                case .position(let position):
                    guard let offered = offered[trackingId]?.itineraries, !offered.isEmpty else {
                        left[trackingId] = .noOffer
                        continue
                    }
                    guard offered.indices.contains(position) else {
                        left[trackingId] = .notOffered(position: position, count: offered.count)
                        continue
                    }
                    choices[trackingId] = .option(offered[position].reference)
                    limit = max(limit, offered.count)
                }
            }
            var cargo = Dictionary(open.map { ($0.trackingId, $0) }, uniquingKeysWith: { first, _ in first })
            guard
                let outcome = Replanning.replan(
                    &cargo, in: network, limit: min(limit, RouteCargoRequest.maximumLimit), accepting: choices, only: Set(choices.keys))
            else { return .failure(.cancelled) }
            var taken: [TrackingId: OptionChange] = [:]
            for each in outcome.disrupted {
                if let option = each.taken {
                    taken[each.trackingId] = OptionChange(option, against: each.planned)
                } else if case .failure(let failure) = each.options {
                    left[each.trackingId] = .noOptions(.replanning(failure, of: cargo[each.trackingId]!, in: network))
                } else {
                    left[each.trackingId] = .optionGone
                }
            }
            // A cargo the index called disrupted that the schedule it read since no longer disrupts.
            for trackingId in choices.keys where taken[trackingId] == nil && left[trackingId] == nil {
                left[trackingId] = .notDisrupted(cargo[trackingId].map { CargoSummary($0, over: network).delivery.status } ?? .onTrack)
            }
            if request.confirm, !taken.isEmpty {
                let written = taken.keys.sorted().compactMap { cargo[$0] }
                for trackingId in try await cargoRepository.save(written, unlessChangedSince: open.filter { taken[$0.trackingId] != nil }) {
                    taken[trackingId] = nil
                    left[trackingId] = .changedMeanwhile
                }
            }
            let entries = options.keys.sorted().map { trackingId in
                AcceptOptionsResponse.Entry(
                    trackingId: trackingId, cargo: seen[trackingId], option: options[trackingId]!, change: taken[trackingId],
                    after: taken[trackingId] == nil ? nil : cargo[trackingId].map { CargoSummary($0, over: network) }, reason: left[trackingId])
            }
            return .success(AcceptOptionsResponse(entries: entries, confirmed: request.confirm, asOf: asOf))
        } catch {
            return .failure(.repository(error))
        }
    }
}
