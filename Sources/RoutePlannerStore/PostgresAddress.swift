import Foundation

/// Where a PostgreSQL store is: `postgres://USER@HOST[:PORT]/DATABASE`, with `?sslmode=disable`, `prefer` (the
/// default), `require` or `verify-full`, as PostgreSQL's own clients read them.
///
/// The password is never part of the address, which shows in process lists and shell histories: it comes from
/// `PGPASSWORD`, as for PostgreSQL's own tools.
public struct PostgresAddress: Hashable, Sendable, CustomStringConvertible {
    /// Whether TLS is used for the connection, and whether the server's certificate is checked, as libpq's
    /// `sslmode` says.
    public enum TLSMode: String, Hashable, Sendable, CaseIterable {
        /// Never.
        case disable
        /// When the server offers it, without checking its certificate: against eavesdroppers, not impostors.
        case prefer
        /// Always, without checking the server's certificate; the connection fails without TLS.
        case require
        /// Always, with the server's certificate checked against the system's trusted roots and the host name.
        case verifyFull = "verify-full"
    }

    /// The role the store connects as.
    public let user: String
    /// The server's host name or address.
    public let host: String
    /// The server's port: 5432 unless the address names another.
    public let port: Int
    /// The database that holds the store.
    public let database: String
    /// Whether the connection uses TLS, and checks the server's certificate.
    public let tls: TLSMode

    /// Whether a store location names a PostgreSQL database rather than an SQLite file.
    public static func names(_ location: String) -> Bool {
        let lowered = location.lowercased()
        return lowered.hasPrefix("postgres://") || lowered.hasPrefix("postgresql://")
    }

    /// Reads an address, with every problem it has.
    ///
    /// - Throws: ``StoreError/address(_:problems:)``.
    public init(_ text: String) throws(StoreError) {
        var problems: [String] = []
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased(), ["postgres", "postgresql"].contains(scheme) else {
            throw .address(Self.redacted(text), problems: ["it is not an address of the form postgres://USER@HOST[:PORT]/DATABASE"])
        }
        if components.password != nil {
            problems.append("it holds a password, which any user of the machine can read in a command line: give it in PGPASSWORD instead")
        }
        let user = components.user ?? ""
        if user.isEmpty { problems.append("it names no user (postgres://USER@HOST/DATABASE)") }
        let host = components.host ?? ""
        if host.isEmpty { problems.append("it names no host") }
        let port = components.port ?? 5432
        if let written = Self.portText(text), Int(written).map({ (1...65_535).contains($0) }) != true {
            problems.append("its port '\(written)' is not a number from 1 to 65535")
        }
        let database = String(components.path.drop { $0 == "/" })
        if database.isEmpty || database.contains("/") { problems.append("it names no database (postgres://USER@HOST/DATABASE)") }
        for (part, value) in [("user", user), ("database", database)]
        where value.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            problems.append("its \(part) holds a control character")
        }
        let names = (components.queryItems ?? []).map(\.name)
        for name in Set(names).sorted() where names.filter({ $0 == name }).count > 1 { problems.append("it gives \(name) more than once") }
        var tls = TLSMode.prefer
        for item in components.queryItems ?? [] {
            switch (item.name, item.value.flatMap(TLSMode.init(rawValue:))) {
            case ("sslmode", let mode?): tls = mode
            case ("sslmode", nil):
                problems.append("sslmode '\(item.value ?? "")' is none of " + TLSMode.allCases.map(\.rawValue).joined(separator: ", "))
            case ("password", _):
                problems.append("it holds a password, which any user of the machine can read in a command line: give it in PGPASSWORD instead")
            default: problems.append("it has a parameter '\(item.name)', which is not sslmode")
            }
        }
        if components.fragment != nil { problems.append("it has a fragment (#...)") }
        guard problems.isEmpty else { throw .address(Self.redacted(text), problems: problems) }
        self.user = user
        self.host = host
        self.port = port
        self.database = database
        self.tls = tls
    }

    /// The address without a password.
    public var description: String {
        var components = URLComponents()
        components.scheme = "postgres"
        components.user = user
        components.host = host
        components.port = port == 5432 ? nil : port
        components.path = "/" + database
        if tls != .prefer { components.queryItems = [URLQueryItem(name: "sslmode", value: tls.rawValue)] }
        return components.string ?? "postgres://\(user)@\(host)/\(database)"
    }

    /// The port as written after the host (`nil` when none is), read from the text, since a port too large for a
    /// number reads as none from `URLComponents`.
    private static func portText(_ text: String) -> String? {
        guard let scheme = text.range(of: "://") else { return nil }
        var authority = text[scheme.upperBound...]
        if let end = authority.firstIndex(where: { "/?#".contains($0) }) { authority = authority[..<end] }
        if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
        if let bracket = authority.lastIndex(of: "]") { authority = authority[authority.index(after: bracket)...] }
        guard let colon = authority.lastIndex(of: ":") else { return nil }
        return String(authority[authority.index(after: colon)...])
    }

    /// An address as given, without what may hold a password: a password after the user shows as `…`, and so does a
    /// query that names one. It reads the text alone, so that an address too broken to parse is never repeated with
    /// its password.
    static func redacted(_ text: String) -> String {
        var rest = Substring(text)
        var shown = ""
        if let scheme = rest.range(of: "://") {
            shown = String(rest[..<scheme.upperBound])
            rest = rest[scheme.upperBound...]
        }
        if let at = rest.lastIndex(of: "@") {
            let userInfo = rest[..<at]
            shown += (userInfo.firstIndex(of: ":").map { userInfo[..<$0] + ":…" } ?? userInfo) + "@"
            rest = rest[rest.index(after: at)...]
        }
        if let query = rest.firstIndex(where: { $0 == "?" || $0 == "#" }), rest[query...].lowercased().contains("password") {
            return shown + rest[..<query] + "?…"
        }
        return shown + rest
    }
}
