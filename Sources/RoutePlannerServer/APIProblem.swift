/// A problem of a request to the lifecycle API: the field (a member of the body, a parameter of the path or the
/// query) it concerns, or `nil` for the request as a whole, and what to do about it.
struct APIProblem: Encodable, Hashable, Sendable {
    let field: String?
    let message: String
    /// The domain error's name, for a request that is valid but cannot be carried out (`cargoNotFound`).
    var code: String? = nil
}
