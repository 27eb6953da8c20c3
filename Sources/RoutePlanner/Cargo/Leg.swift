import Foundation

/// The part of an itinerary that rides one voyage, from the location where the cargo is loaded to the
/// location where it is discharged.
///
/// A leg is made of consecutive movements of its voyage, so it is always a real sailing of that voyage;
/// the vessel may call at other ports between loading and discharge while the cargo stays aboard. Where the
/// vessel goes on as another voyage, cargo that stays aboard rides a leg of each (``continuesAboard(from:)``):
/// its "load" and "discharge" there are no handling.
public struct Leg: Hashable, Sendable {
    /// The voyage the cargo rides.
    public let voyage: Voyage
    /// The positions in `voyage.movements` of the movements the cargo rides.
    public let movementIndices: Range<Int>
    /// The port where the cargo is loaded.
    public let loadLocation: Location
    /// The port where the cargo is discharged.
    public let unloadLocation: Location
    /// Which calls at their ports the load and the discharge are, when `voyage` is a stand-in for the voyage the leg
    /// was planned on and so cannot tell; part of the leg's identity, as they name its calls.
    private let keptCalls: KeptCalls?

    private struct KeptCalls: Hashable, Sendable {
        let load: Int, unload: Int
    }

    /// Creates a leg riding `voyage` over the movements at `movementIndices`.
    ///
    /// The range must be a non-empty range of the voyage's movements, the first must depart from
    /// `loadLocation` and the last must arrive at `unloadLocation`; anything else is a programming error.
    public init(voyage: Voyage, movementIndices: Range<Int>, loadLocation: Location, unloadLocation: Location) {
        self.init(voyage: voyage, movementIndices: movementIndices, loadLocation: loadLocation, unloadLocation: unloadLocation, keptCalls: nil)
    }

    /// Creates a leg kept as it was planned, riding a stand-in for its voyage (one movement from the load to the
    /// discharge, say) that no longer tells which calls at their ports they were: the `loadCall`-th call at the load
    /// port and the `unloadCall`-th at the unload port (``Voyage/callNumber(at:)``).
    ///
    /// The range must be as ``init(voyage:movementIndices:loadLocation:unloadLocation:)`` requires, and the call
    /// numbers at least 1.
    public init(voyage: Voyage, movementIndices: Range<Int>, loadLocation: Location, unloadLocation: Location, loadCall: Int, unloadCall: Int) {
        precondition(loadCall >= 1 && unloadCall >= 1, "calls at a port are numbered from 1")
        self.init(
            voyage: voyage, movementIndices: movementIndices, loadLocation: loadLocation, unloadLocation: unloadLocation,
            keptCalls: KeptCalls(load: loadCall, unload: unloadCall))
    }

    private init(voyage: Voyage, movementIndices: Range<Int>, loadLocation: Location, unloadLocation: Location, keptCalls: KeptCalls?) {
        precondition(!movementIndices.isEmpty, "a leg rides at least one movement")
        precondition(
            movementIndices.lowerBound >= 0 && movementIndices.upperBound <= voyage.movements.count,
            "movements \(movementIndices) are not all movements of voyage \(voyage.number)")
        precondition(
            voyage.movements[movementIndices.lowerBound].departureLocation == loadLocation.code,
            "the leg's first movement on voyage \(voyage.number) does not depart from \(loadLocation.code)")
        precondition(
            voyage.movements[movementIndices.upperBound - 1].arrivalLocation == unloadLocation.code,
            "the leg's last movement on voyage \(voyage.number) does not arrive at \(unloadLocation.code)")
        self.voyage = voyage
        self.movementIndices = movementIndices
        self.loadLocation = loadLocation
        self.unloadLocation = unloadLocation
        self.keptCalls = keptCalls
    }

    /// Which call at the load port the load is: 1 for the voyage's first call there, and so on
    /// (``Voyage/callNumber(at:)``). With ``unloadCall``, it finds the leg on its voyage as the voyage is published
    /// again (``ScheduleNetwork/sailing(_:)``).
    public var loadCall: Int { keptCalls?.load ?? voyage.callNumber(at: movementIndices.lowerBound) }
    /// Which call at the unload port the discharge is, as ``loadCall`` counts.
    public var unloadCall: Int { keptCalls?.unload ?? voyage.callNumber(at: movementIndices.upperBound) }

    /// Whether the cargo stays aboard from `previous` into this leg: `previous` rides its voyage to its last
    /// call, and this leg rides from its first call the voyage the vessel goes on as (``Voyage/continuation``).
    ///
    /// Such a pair of legs is no change of vessel: no transshipment time, cut-off or handling applies between them.
    public func continuesAboard(from previous: Leg) -> Bool {
        previous.voyage.continuation == voyage.number && previous.movementIndices.upperBound == previous.voyage.movements.count
            && movementIndices.lowerBound == 0
    }

    /// The movements the cargo rides, in sailing order.
    public var movements: ArraySlice<CarrierMovement> { voyage.movements[movementIndices] }
    /// The time the vessel leaves the load location.
    public var loadTime: Date { voyage.movements[movementIndices.lowerBound].departureTime }
    /// The time the vessel reaches the unload location.
    public var unloadTime: Date { voyage.movements[movementIndices.upperBound - 1].arrivalTime }
    /// The offset from UTC, in seconds, of the load port's local time at the load time: the schedule's own
    /// offset for that call when it gave one (DCSA input), otherwise the port's time zone, otherwise `nil`.
    public var loadUTCOffset: Int? {
        voyage.movements[movementIndices.lowerBound].departureUTCOffset
            ?? loadLocation.timeZone.map { $0.secondsFromGMT(for: loadTime) }
    }
    /// The offset from UTC, in seconds, of the unload port's local time at the unload time, found as
    /// ``loadUTCOffset`` is.
    public var unloadUTCOffset: Int? {
        voyage.movements[movementIndices.upperBound - 1].arrivalUTCOffset
            ?? unloadLocation.timeZone.map { $0.secondsFromGMT(for: unloadTime) }
    }
    /// The cut-off times of the call where the cargo is loaded.
    public var cutOffTimes: [CutOffTime] { voyage.movements[movementIndices.lowerBound].cutOffTimes }
    /// The ports the vessel calls at after loading, up to and including the unload location.
    public var calls: [UnLocode] { movements.map(\.arrivalLocation) }
    /// The nautical miles the cargo sails on this leg; `nil` when a movement's distance is unknown.
    public var distance: Double? { Self.total(movements.map(\.distance), scale: 10) }
    /// The CO2e per TEU of this leg in kilograms, to the gram; `nil` when a movement's is unknown.
    public var co2ePerTEU: Double? { Self.total(movements.map(\.co2ePerTEU), scale: 1_000) }
    /// What this leg's ``co2ePerTEU`` rests on, as documents name it: the network's estimate for its mode
    /// (``EmissionModel/estimate(for:)``) when a movement's CO2e is estimated, else `nil` (the schedule's or the
    /// haulier's figures, or none).
    public var co2eEstimate: String? {
        movements.contains(where: \.co2eIsEstimated) ? EmissionModel.estimate(for: voyage.mode) : nil
    }

    /// The sum of amounts, each rounded to `1 / scale` and added as whole units so that the sum does not
    /// depend on the order; `nil` when one is unknown (or beyond 10¹², which no network holds).
    static func total(_ amounts: some Sequence<Double?>, scale: Double) -> Double? {
        var units: Int64 = 0
        for amount in amounts {
            guard let amount, abs(amount) < 1e12 else { return nil }
            units &+= Int64((amount * scale).rounded())
        }
        return Double(units) / scale
    }
}
