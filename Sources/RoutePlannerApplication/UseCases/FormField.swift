/// The fields of a form, as a type: the keys of its validation errors.
///
/// Each form declares its fields as an enumeration (`RouteCargoForm.Field`), whose raw values are the fields'
/// names in Swift. A front end maps the cases to its own names in one place: the command line to its flags, an
/// API to its query parameters, the desk to its form's names.
public protocol FormField: RawRepresentable, CaseIterable, Comparable, Hashable, Sendable where RawValue == String {}

extension FormField {
    /// Fields in the order of their names, so that messages come out the same every time.
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// The fields of a form that has none, such as the customer list's. (An enumeration without cases cannot declare a
/// raw type, so its raw value is written out; there is no value to have one.)
public enum NoFields: FormField {
    public init?(rawValue: String) { nil }
    public var rawValue: String { switch self {} }
}
