/// Where a server listens and the bounds it keeps.
public struct ServerConfiguration: Sendable {
    /// The address to listen on: loopback unless told otherwise.
    public var host: String
    /// The port to listen on; 0 takes a free one (``ScheduleServer/run(onServerRunning:)`` says which).
    public var port: Int
    /// The longest a point-to-point search may run before it is answered 503.
    public var searchBudget: Duration
    /// The longest a connection may stay idle, or take to send its request, before it is closed.
    public var idleTimeout: Duration
    /// The most bytes of a request's target (path and query); its header fields may take eight times as many.
    public var maximumRequestBytes: Int
    /// The addresses of proxies in front of the server (one that ends TLS, say), whose `X-Forwarded-For` names the
    /// client: failed logins are then counted under the client's address, not the proxy's.
    public var trustedProxies: Set<String>

    public init(
        host: String = "127.0.0.1", port: Int = 8080, searchBudget: Duration = .seconds(2), idleTimeout: Duration = .seconds(30),
        maximumRequestBytes: Int = 8 * 1024, trustedProxies: Set<String> = []
    ) {
        self.trustedProxies = trustedProxies
        self.host = host
        self.port = port
        self.searchBudget = searchBudget
        self.idleTimeout = idleTimeout
        self.maximumRequestBytes = maximumRequestBytes
    }

    /// Whether an address is a loopback one (`127.0.0.0/8`, `::1`, `localhost`), which only this machine reaches.
    public static func isLoopback(_ host: String) -> Bool {
        let host = host.lowercased()
        if host == "localhost" || host == "::1" || host == "[::1]" { return true }
        let octets = host.split(separator: ".", omittingEmptySubsequences: false)
        return octets.count == 4 && octets[0] == "127" && octets.allSatisfy { UInt8($0) != nil }
    }
}
