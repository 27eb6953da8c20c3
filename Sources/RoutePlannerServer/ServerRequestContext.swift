import Hummingbird
import NIOCore

/// The context of a request to the server: Hummingbird's, with the client's address, which the desk counts failed
/// logins under.
struct ServerRequestContext: RequestContext, RemoteAddressRequestContext {
    var coreContext: CoreRequestContextStorage
    /// The address of the connection's other end.
    let remoteAddress: SocketAddress?

    init(source: ApplicationRequestContextSource) {
        coreContext = CoreRequestContextStorage(source: source)
        remoteAddress = source.channel.remoteAddress
    }
}
