import Foundation
import RoutePlanner

/// What accepting options did, or would do, as a planner reads it, with the response itself for what a view computes.
public struct AcceptOptionsView: Hashable, Sendable {
    /// One cargo chosen.
    public struct Cargo: Hashable, Sendable {
        public let entry: AcceptOptionsResponse.Entry
        /// "RP000001 for ACME, CNSHA → NLRTM".
        public let cargo: String
        /// "option 2", "its best option".
        public let option: String
        /// "arrives Tue 10 Mar 2026, 08:00 UTC via CNSHA → SGSIN → NLRTM: arrives 1 day later, USD 35.00 more per TEU";
        /// `nil` when it is left as it was.
        public let change: String?
        /// How it stands against its deadline after the change, "fine: 2 days to spare"; `nil` when it is left as it was.
        public let standing: String?
        /// Why it is left as it was.
        public let reason: String?
    }

    public let response: AcceptOptionsResponse
    /// "2 cargo re-routed; 1 left as it was." or, before confirming, "2 cargo would be re-routed; 1 would be left as it
    /// was. Nothing is written until you confirm."
    public let summary: String
    public let cargo: [Cargo]
}

/// Writes what accepting options did, or would do: each cargo re-routed with what changes, each left as it was with why.
public struct AcceptOptionsPresenter: Presenter {
    /// The fields of the form whose errors it presents.
    public typealias Field = AcceptOptionsForm.Field
    public var format: PlannerFormat

    public init(format: PlannerFormat = PlannerFormat()) {
        self.format = format
    }

    public func content(for response: AcceptOptionsResponse) -> AcceptOptionsView {
        let (rerouted, left) = (response.rerouted.count, response.left.count)
        let summary =
            response.confirmed
            ? "\(PlannerFormat.count(rerouted)) cargo re-routed; \(PlannerFormat.count(left)) left as \(left == 1 ? "it was" : "they were")."
            : "\(PlannerFormat.count(rerouted)) cargo would be re-routed; \(PlannerFormat.count(left)) would be left as \(left == 1 ? "it is" : "they are"). "
                + "Nothing is written until you confirm."
        return AcceptOptionsView(
            response: response, summary: summary,
            cargo: response.entries.map { entry in
                var change: String?, standing: String?
                if let option = entry.change, let after = entry.after {
                    let itinerary = format.itinerary(after.specification, option.itinerary)
                    change = "\(itinerary.route), arriving \(itinerary.arrival): \(ApplyCarrierEventsPresenter.change(option))"
                    let tracking = format.tracking(after, asOf: response.asOf)
                    standing = tracking.standing
                }
                let described = entry.cargo.map { cargo in
                    "\(cargo.trackingId)\(cargo.customerId.map { " for \($0)" } ?? ""), \(cargo.specification.origin) → \(cargo.specification.destination)"
                }
                return AcceptOptionsView.Cargo(
                    entry: entry, cargo: described ?? entry.trackingId.rawValue, option: entry.option.description, change: change, standing: standing,
                    reason: entry.reason.map(text))
            })
    }

    /// A cargo's choice as ``AcceptOptionsForm/choices`` reads it, to confirm what a preview showed: the option it would
    /// take by its reference, so that the confirmation takes exactly that option or leaves the cargo as it is; or the
    /// choice as it was made, for a cargo left as it is.
    public static func confirmation(_ entry: AcceptOptionsResponse.Entry) -> String {
        let id = entry.trackingId.rawValue
        if let change = entry.change { return id + "=" + change.itinerary.reference }
        switch entry.option {
        case .best: return id
        case .position(let position): return id + "=\(position + 1)"
        case .reference(let reference): return id + "=" + reference
        }
    }

    /// Why a cargo is left as it was: "the schedule no longer disrupts it: it is on track".
    public func text(_ reason: AcceptOptionsResponse.Reason) -> String {
        switch reason {
        case .notFound: "no open cargo you see has this tracking id"
        case .notDisrupted(let status): "the schedule does not disrupt it: it is \(status)"
        case .noOffer: "it was offered no options yet: choose its best option, or find its options first"
        case .notOffered(let position, let count):
            "it was offered \(PlannerFormat.plural(count, "option")), so there is no option \(position + 1)"
        case .optionGone:
            "the option chosen is no longer among its options: the schedule or the room on it changed since; choose among its options again"
        case .noOptions(let error): "it has no options from where it is: \(format.message(for: error))"
        case .changedMeanwhile: "it changed while this was done: nothing was written for it; look at it again"
        }
    }
}

public typealias AcceptOptionsCoordinator = Coordinator<AcceptOptionsInteractor, AcceptOptionsPresenter>
