/// What kind of container a cargo travels in, as DCSA names it (`cargoType`): it decides which cut-off
/// times apply when the cargo is loaded.
public enum CargoType: String, CaseIterable, Hashable, Sendable {
    /// A dry container.
    case dry = "DRY"
    /// A refrigerated container, which needs a reefer plug and meets the reefer cut-off.
    case reefer = "REEFER"
}
