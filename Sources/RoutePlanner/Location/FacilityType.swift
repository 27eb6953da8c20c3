/// What kind of place a location is, by DCSA's facility type codes: a seaport's terminal, an inland terminal, a depot,
/// a customer's place.
public enum FacilityType: String, CaseIterable, Hashable, Sendable, Codable {
    /// A port terminal (`POTE`): where vessels call.
    case portTerminal = "POTE"
    /// An inland terminal (`INTE`): a barge or rail terminal.
    case inlandTerminal = "INTE"
    /// A depot (`DEPO`), where containers are kept.
    case depot = "DEPO"
    /// A customer's place (`CLOC`): a factory, a warehouse.
    case customerLocation = "CLOC"
    /// A container freight station (`COFS`).
    case containerFreightStation = "COFS"
    /// Off-dock storage (`OFFD`).
    case offDockStorage = "OFFD"
    /// A rail ramp (`RAMP`).
    case ramp = "RAMP"
}
