import RoutePlannerApplication

/// A use case's form field as the command line names it: its flag or its argument, in the messages of field
/// errors.
///
/// This file is the one place the command line names the fields of the use cases' forms. A field's name is its
/// Swift name in kebab case (`maxTransshipments`: `--max-transshipments`), unless its conformance here gives
/// another; a flag of one letter is written with one dash (`-k`), an argument in angle brackets (`<tracking-id>`).
protocol CommandLineField: FormField {
    /// The flag's or the argument's name, without dashes.
    var flag: String { get }
    /// Whether the field is given as an argument (by its place), not as a flag.
    var isArgument: Bool { get }
    /// The field as written on the command line: `--from`, `-k`, `<tracking-id>`.
    var option: String { get }
}

extension CommandLineField {
    var flag: String { kebabCase }
    var isArgument: Bool { false }

    /// The field's Swift name in kebab case: `maxTransshipments` is `max-transshipments`.
    var kebabCase: String { rawValue.replacing(/[A-Z]/) { "-" + $0.output.lowercased() } }

    /// The field as written on the command line: `--from`, `-k`, `<tracking-id>`.
    var option: String { isArgument ? "<\(flag)>" : (flag.count == 1 ? "-" : "--") + flag }
}

extension RouteCargoForm.Field: CommandLineField {
    var flag: String {
        switch self {
        case .origin: "from"
        case .destination: "to"
        case .limit: "k"
        case .avoidVoyages: "avoid-voyage"
        case .order: "sort"
        case .maxTransitDays: "max-transit"
        default: kebabCase
        }
    }

    var isArgument: Bool { self == .trackingId }
}

extension ScenarioForm.Field: CommandLineField {
    var flag: String {
        switch self {
        case .cancelVoyages: "cancel-voyage"
        case .closePorts: "close-port"
        case .delays: "delay"
        case .capacities: "capacity"
        }
    }
}

extension BookCargoForm.Field: CommandLineField {
    var flag: String {
        switch self {
        case .origin: "from"
        case .destination: "to"
        case .maxTransitDays: "max-transit"
        default: kebabCase
        }
    }
}

extension ImportBookingsForm.Field: CommandLineField {
    var flag: String {
        switch self {
        case .file: "bookings"
        case .customer: "customer"
        }
    }
}

extension ImportHandlingReportForm.Field: CommandLineField {
    var flag: String { "events" }
}

extension RegisterHandlingEventForm.Field: CommandLineField {
    var flag: String {
        switch self {
        case .completionTime: "time"
        case .registrationTime: "registered"
        default: kebabCase
        }
    }

    var isArgument: Bool { self == .trackingId }
}

extension CancelBookingForm.Field: CommandLineField {
    var isArgument: Bool { self == .trackingId }
}

extension ChangeDestinationForm.Field: CommandLineField {
    var flag: String {
        switch self {
        case .destination: "to"
        default: kebabCase
        }
    }

    var isArgument: Bool { self == .trackingId }
}

extension ReRouteCargoForm.Field: CommandLineField {
    var flag: String {
        switch self {
        case .limit: "k"
        case .avoidVoyages: "avoid-voyage"
        default: kebabCase
        }
    }

    var isArgument: Bool { self == .trackingId }
}

extension AssignRoutesForm.Field: CommandLineField {
    var flag: String {
        switch self {
        case .modelFile: "model-mps"
        default: kebabCase
        }
    }
}

extension AssignToRouteForm.Field: CommandLineField {
    var isArgument: Bool { true }
}

extension RegisterCustomerForm.Field: CommandLineField {
    var flag: String { self == .renames ? "rename" : kebabCase }
    var isArgument: Bool { self != .renames }
}

extension TrackCargoForm.Field: CommandLineField {
    var isArgument: Bool { true }
}

extension ListCargoForm.Field: CommandLineField {}

extension ShowPortScheduleForm.Field: CommandLineField {
    var isArgument: Bool { self == .port }
}

extension ShowVesselSchedulesForm.Field: CommandLineField {
    var flag: String { self == .vesselIMONumber ? "vessel-imo-number" : kebabCase }
}
extension NoFields: CommandLineField {}

extension AddUserForm.Field: CommandLineField {
    var isArgument: Bool { self == .name }
    var option: String { self == .password ? "the password (standard input)" : isArgument ? "<\(flag)>" : "--" + flag }
}

extension ChangePasswordForm.Field: CommandLineField {
    var isArgument: Bool { self == .name }
    var option: String { self == .password ? "the password (standard input)" : "<\(flag)>" }
}

extension RemoveUserForm.Field: CommandLineField {
    var isArgument: Bool { true }
}

extension CreateTokenForm.Field: CommandLineField {
    var isArgument: Bool { self == .user }
}

extension ListTokensForm.Field: CommandLineField {
    var flag: String { "of" }
}

extension RevokeTokenForm.Field: CommandLineField {
    var isArgument: Bool { true }
}
