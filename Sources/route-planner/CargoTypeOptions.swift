import ArgumentParser

/// The cargo type a specification is routed for: which cut-off times of the origin's calls apply.
struct CargoTypeOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "DRY or REEFER (DCSA's names): a reefer must also meet the reefer cut-off (RCO). Default: DRY.", valueName: "type"))
    var cargoType: String?

    @Flag(help: "The cargo holds dangerous goods: it must also meet the dangerous goods cut-off (DGC).")
    var dangerousGoods = false

    @Option(
        help: ArgumentHelp(
            "The longest transit from loading at the origin to discharge at the destination, in days (decimals allowed), up to 3650. Default: no limit.",
            valueName: "days"))
    var maxTransit: String?

    /// Whether any of the options was given.
    var isGiven: Bool { cargoType != nil || dangerousGoods || maxTransit != nil }
}
