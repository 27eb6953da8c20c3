import Foundation

/// The latest time by which a task must be done for cargo to sail from a port call, as a carrier publishes
/// it: a DCSA `CutOffTime`.
///
/// A call's cut-offs belong to the movement that departs from it. The router honours those that decide
/// whether a container may board: see ``CutOffCode/appliesToLoading(of:dangerousGoods:)`` and
/// ``CutOffCode/transshipment``.
public struct CutOffTime: Hashable, Sendable {
    /// What must be done by ``time``.
    public var code: CutOffCode
    /// The latest time for it.
    public var time: Date

    /// Creates a cut-off time.
    public init(_ code: CutOffCode, _ time: Date) {
        self.code = code
        self.time = time
    }
}

/// The kinds of cut-off time of DCSA Commercial Schedules 1.0 (`cutOffDateTimeCode`).
public enum CutOffCode: String, CaseIterable, Hashable, Sendable, Comparable {
    /// Documentation cut-off.
    case documentation = "DCO"
    /// VGM (verified gross mass) cut-off.
    case verifiedGrossMass = "VCO"
    /// FCL (full container) delivery cut-off.
    case fullContainerDelivery = "FCO"
    /// LCL (less than a container) delivery cut-off.
    case lessThanContainerDelivery = "LCO"
    /// Port cut-off.
    case port = "PCO"
    /// Empty container pick-up.
    case emptyContainerPickUp = "ECP"
    /// Earliest full-container delivery.
    case earliestFullContainerDelivery = "EFC"
    /// Reefer cut-off.
    case reefer = "RCO"
    /// Dangerous goods cut-off.
    case dangerousGoods = "DGC"
    /// Out-of-gauge and break-bulk cut-off.
    case outOfGauge = "OBC"
    /// Transshipment cut-off: the latest arrival of cargo that changes onto this call's departure.
    case transshipment = "TCO"
    /// Standard booking acceptance.
    case standardBookingAcceptance = "STA"
    /// Special booking acceptance.
    case specialBookingAcceptance = "SPA"
    /// Customs acceptance.
    case customsAcceptance = "CUA"
    /// Advanced filing cut-off.
    case advancedFiling = "AFC"

    /// Whether cargo of this type must be ready by this cut-off to be loaded at its origin.
    ///
    /// Dry cargo: FCO, DCO, VCO and PCO. Reefer cargo: those and RCO. Dangerous goods: those and DGC.
    public func appliesToLoading(of cargoType: CargoType, dangerousGoods: Bool) -> Bool {
        switch self {
        case .fullContainerDelivery, .documentation, .verifiedGrossMass, .port: true
        case .reefer: cargoType == .reefer
        case .dangerousGoods: dangerousGoods
        default: false
        }
    }

    public static func < (lhs: CutOffCode, rhs: CutOffCode) -> Bool { lhs.rawValue < rhs.rawValue }
}
