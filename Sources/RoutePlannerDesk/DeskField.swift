import RoutePlannerApplication

/// A use case's form field as the desk names it: in its forms, its links and its field errors.
///
/// This file is the one place the desk names the fields of the use cases' forms. A field's name is its Swift
/// name, unless its conformance here gives another: the route search reads `from`, `to`, `k` and `sort`, as its
/// deep links have them.
protocol DeskField: FormField {
    /// The field's name in the desk's forms and links.
    var name: String { get }
}

extension DeskField {
    var name: String { rawValue }
}

extension RouteCargoForm.Field: DeskField {
    var name: String {
        switch self {
        case .origin: "from"
        case .destination: "to"
        case .limit: "k"
        case .order: "sort"
        default: rawValue
        }
    }
}

extension ScenarioForm.Field: DeskField {
    var name: String {
        switch self {
        case .cancelVoyages: "cancelVoyage"
        case .closePorts: "closePort"
        case .delays: "delay"
        case .capacities: "capacity"
        }
    }
}

extension BookCargoForm.Field: DeskField {
    var name: String {
        switch self {
        case .origin: "from"
        case .destination: "to"
        default: rawValue
        }
    }
}

extension ImportBookingsForm.Field: DeskField {
    var name: String {
        switch self {
        case .file: "bookings"
        case .customer: rawValue
        }
    }
}

extension ShowPortScheduleForm.Field: DeskField {
    var name: String {
        switch self {
        case .port: "code"
        default: rawValue
        }
    }
}

extension AcceptOptionsForm.Field: DeskField {
    var name: String {
        switch self {
        case .choices: "choice"
        case .standing, .confirm: rawValue
        }
    }
}

extension ApplyCarrierEventsForm.Field: DeskField {}
extension AssignRoutesForm.Field: DeskField {}
extension AssignToRouteForm.Field: DeskField {}
extension CancelBookingForm.Field: DeskField {}
extension ConfirmAssignmentForm.Field: DeskField {}
extension ChangeDestinationForm.Field: DeskField {}
extension ListCargoForm.Field: DeskField {}
extension ListDisruptionsForm.Field: DeskField {}
extension NoFields: DeskField {}
extension RegisterCustomerForm.Field: DeskField {}
extension RegisterHandlingEventForm.Field: DeskField {}
extension ReRouteCargoForm.Field: DeskField {}
extension ShowVesselSchedulesForm.Field: DeskField {}
extension TrackCargoForm.Field: DeskField {}

/// A view state as the desk shows it: its field errors keyed by the desk's names.
typealias DeskState<Content: Hashable & Sendable> = ViewState<Content, String>

extension ViewState where Field: DeskField {
    /// The state with its field errors keyed by the desk's names.
    var named: DeskState<Content> { renamingFields(\.name) }
}

extension ValidationError where Field: DeskField {
    /// The messages keyed by the desk's names.
    var named: [String: String] { Dictionary(messages(naming: \.name), uniquingKeysWith: { first, _ in first }) }
}

extension FormData {
    /// The first value of a field, or `""` when it is not given.
    subscript<Field: DeskField>(_ field: Field) -> String { self[field.name] }

    /// Every value of a field, in order.
    func all<Field: DeskField>(_ field: Field) -> [String] { all(field.name) }

    /// Whether a field's box is ticked.
    func isTicked<Field: DeskField>(_ field: Field) -> Bool { isTicked(field.name) }

    /// Whether any value is given for a field.
    func contains<Field: DeskField>(_ field: Field) -> Bool { contains(field.name) }

    /// Adds a field's value at the end.
    mutating func append<Field: DeskField>(_ field: Field, _ value: String) { append(field.name, value) }
}

extension DeskForm.Field {
    /// A control of a use case's field, under the desk's name for it.
    init<Name: DeskField>(
        _ field: Name, _ label: String, hint: String? = nil, kind: Kind = .text, required: Bool = false, suggestions: [DeskForm.Suggestion] = []
    ) {
        self.init(field.name, label, hint: hint, kind: kind, required: required, suggestions: suggestions)
    }
}
extension LogInForm.Field: DeskField {}
