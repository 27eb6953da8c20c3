import RoutePlannerApplication

/// A use case's form field as the command line names it: its flag, in the messages of field errors.
///
/// This file is the one place the command line names the fields of the use cases' forms. A field's flag is its
/// Swift name in kebab case (`maxTransshipments`: `--max-transshipments`), unless its conformance here gives
/// another; a flag of one letter is written with one dash (`-k`).
protocol CommandLineField: FormField {
    /// The flag's name, without dashes.
    var flag: String { get }
}

extension CommandLineField {
    var flag: String { kebabCase }

    /// The field's Swift name in kebab case: `maxTransshipments` is `max-transshipments`.
    var kebabCase: String { rawValue.replacing(/[A-Z]/) { "-" + $0.output.lowercased() } }

    /// The flag as written on the command line: `--from`, `-k`.
    var option: String { (flag.count == 1 ? "-" : "--") + flag }
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
}

extension ChangeDestinationForm.Field: CommandLineField {
    var flag: String {
        switch self {
        case .destination: "to"
        default: kebabCase
        }
    }
}

extension ReRouteCargoForm.Field: CommandLineField {
    var flag: String {
        switch self {
        case .limit: "k"
        case .avoidVoyages: "avoid-voyage"
        default: kebabCase
        }
    }
}

extension AssignRoutesForm.Field: CommandLineField {
    var flag: String {
        switch self {
        case .modelFile: "model-mps"
        default: kebabCase
        }
    }
}

extension AssignToRouteForm.Field: CommandLineField {}
extension ListCargoForm.Field: CommandLineField {}
extension ListCustomersForm.Field: CommandLineField {}
extension RegisterCustomerForm.Field: CommandLineField {}
extension TrackCargoForm.Field: CommandLineField {}
