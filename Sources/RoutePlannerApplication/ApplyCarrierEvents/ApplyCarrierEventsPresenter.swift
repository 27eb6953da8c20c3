import Foundation
import RoutePlanner

/// A batch of carriers' events as a planner reads it, with the response itself for what a view computes.
public struct CarrierEventsView: Hashable, Sendable {
    public let response: ApplyCarrierEventsResponse
    /// "12 events: 9 applied to the schedule, now version 3; 1 outranked; 1 applied before; 1 handling registered.", or
    /// "2 voyages published again: 1 changed the schedule, now version 4; 1 as published before."
    public let summary: String
    /// What each voyage published again changed: "AE1-0100W: omits SGSIN; adds JPTYO; 3 calls at other times".
    public let republished: [String]
    /// Each event refused, and each set aside, at its JSON path.
    public let refused: [String]
    public let setAside: [String]
    /// "2 cargo disrupted; 41 still arrive in time."
    public let cargoSummary: String
    public let disrupted: [DisruptedCargoView]
}

/// One disrupted cargo as a planner reads it.
public struct DisruptedCargoView: Hashable, Sendable, Identifiable {
    public let cargo: CargoTrackingView
    /// "misses the connection to leg 2 at SGSIN", "arrives 1 day 2 hours after its deadline".
    public let disruption: String
    /// When its itinerary was planned to arrive.
    public let plannedArrival: String
    /// "from SGSIN, ready Thu 12 Mar 2026, 08:00 UTC", when it could be routed.
    public let from: String?
    /// The options, best first, numbered from 1.
    public let options: [DisruptionOptionView]
    /// Why there are no options.
    public let problem: String?
    /// Whether the schedule disrupted it before this batch.
    public let disruptedBefore: Bool

    public var id: TrackingId { cargo.trackingId }
}

/// An option for a disrupted cargo, and what changes with it.
public struct DisruptionOptionView: Hashable, Sendable {
    public let itinerary: ItineraryViewModel
    /// "arrives 1 day 4 hours later, USD 35.00 more per TEU, 120 kg less CO2e per TEU".
    public let change: String
    /// Whether it was assigned (`--accept best`).
    public let accepted: Bool
}

/// Writes what a batch of carriers' events did, and each disrupted cargo's options.
public struct ApplyCarrierEventsPresenter: Presenter {
    /// The fields of the form whose errors it presents.
    public typealias Field = ApplyCarrierEventsForm.Field
    public var format: PlannerFormat

    public init(format: PlannerFormat = PlannerFormat()) {
        self.format = format
    }

    public func content(for response: ApplyCarrierEventsResponse) -> CarrierEventsView {
        var parts: [String]
        if let voyages = response.publishedVoyages {
            parts = [
                "\(PlannerFormat.plural(voyages, "voyage")) published again: \(response.republished.count) changed the schedule, now version \(response.version)"
            ]
            if response.duplicates > 0 { parts.append("\(response.duplicates) as published before") }
        } else {
            parts = ["\(PlannerFormat.plural(response.count, "event")): \(response.applied) applied to the schedule, now version \(response.version)"]
            if response.outranked > 0 { parts.append("\(response.outranked) outranked by events known") }
            if response.duplicates > 0 { parts.append("\(response.duplicates) applied before") }
        }
        if response.handled > 0 { parts.append("\(PlannerFormat.plural(response.handled, "handling")) registered") }
        if !response.refused.isEmpty { parts.append("\(response.refused.count) refused") }
        if !response.setAside.isEmpty { parts.append("\(response.setAside.count) set aside") }
        let disrupted = response.disrupted.map(view)
        return CarrierEventsView(
            response: response, summary: parts.joined(separator: "; ") + ".", republished: response.republished.map(Self.text),
            refused: response.refused.map(\.description),
            setAside: response.setAside.map(\.description),
            cargoSummary: Self.cargoSummary(response),
            disrupted: disrupted)
    }

    /// "3 cargo disrupted: 2 by this batch, 1 before it; 41 still arrive in time.", and with `--accept best`, which of
    /// them were assigned their best option and which were left for a planner to choose.
    static func cargoSummary(_ response: ApplyCarrierEventsResponse) -> String {
        let (new, before) = (response.disruptedByBatch, response.disruptedBeforeBatch)
        var text = "\(PlannerFormat.count(response.disrupted.count)) cargo disrupted"
        if before > 0 { text += ": \(PlannerFormat.count(new)) by this batch, \(PlannerFormat.count(before)) before it" }
        text += "; \(PlannerFormat.count(response.undisturbed)) still \(response.undisturbed == 1 ? "arrives" : "arrive") in time."
        guard response.acceptedBest else { return text }
        let accepted = response.disrupted.count(where: \.accepted)
        text += " \(PlannerFormat.count(accepted)) of those this batch disrupted took their best option"
        if before > 0 {
            text +=
                "; the \(PlannerFormat.count(before)) disrupted before it \(before == 1 ? "was" : "were") left as \(before == 1 ? "it was" : "they were"): "
                + "accept their options on the disruptions screen or with route-planner events accept"
        }
        return text + "."
    }

    private func view(_ entry: ApplyCarrierEventsResponse.Disrupted) -> DisruptedCargoView {
        let options: [DisruptionOptionView], problem: String?
        switch entry.options {
        case .success(let found):
            options =
                entry.specification.map { specification in
                    found.enumerated().map { index, option in
                        DisruptionOptionView(
                            itinerary: format.itinerary(specification, option.itinerary), change: Self.change(option), accepted: entry.accepted && index == 0)
                    }
                } ?? []
            problem = found.isEmpty ? "no options" : nil
        case .failure(let error):
            (options, problem) = ([], format.message(for: error))
        }
        return DisruptedCargoView(
            cargo: format.tracking(entry.cargo), disruption: format.disruption(entry.cause), plannedArrival: format.dateTime(entry.plannedArrival),
            from: entry.specification.map { "from \($0.origin), ready \(format.dateTime($0.readyTime))" }, options: options, problem: problem,
            disruptedBefore: entry.disruptedBefore)
    }

    /// "AE1-0100W: omits SGSIN; adds JPTYO (call 2 there); 3 calls at other times".
    static func text(_ republication: LiveSchedule.Republication) -> String {
        func calls(_ references: [CallReference]) -> String {
            references.map { call in
                guard let sequence = call.sequence, sequence > 1 else { return call.port.rawValue }
                return "\(call.port) (call \(sequence) there)"
            }.joined(separator: ", ")
        }
        var parts: [String] = []
        if !republication.omitted.isEmpty { parts.append("omits \(calls(republication.omitted))") }
        if !republication.added.isEmpty { parts.append("adds \(calls(republication.added))") }
        if republication.moved > 0 { parts.append("\(PlannerFormat.plural(republication.moved, "call")) at other times") }
        if parts.isEmpty { parts.append("other cut-offs or time zones") }
        return "\(republication.voyage): " + parts.joined(separator: "; ")
    }

    /// "arrives 1 day 4 hours later, USD 35.00 more per TEU, 120 kg less CO2e per TEU".
    static func change(_ option: ApplyCarrierEventsResponse.Option) -> String {
        let seconds = Double(option.arrivalChange.components.seconds)
        var parts = [seconds == 0 ? "arrives as planned" : "arrives \(PlannerFormat.duration(abs(seconds))) \(seconds > 0 ? "later" : "earlier")"]
        if let cost = option.costChange, cost != 0 { parts.append("\(PlannerFormat.money(abs(cost))) \(cost > 0 ? "more" : "less") per TEU") }
        if let co2e = option.co2eChange, co2e != 0 { parts.append("\(PlannerFormat.kilograms(abs(co2e))) \(co2e > 0 ? "more" : "less") CO2e per TEU") }
        return parts.joined(separator: ", ")
    }
}

public typealias ApplyCarrierEventsCoordinator = Coordinator<ApplyCarrierEventsInteractor, ApplyCarrierEventsPresenter>
