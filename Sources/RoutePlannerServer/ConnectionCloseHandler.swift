import NIOCore
import NIOHTTP1

/// Closes a connection after the answer to a request that does not keep it alive: an HTTP/1.0 request without
/// `Connection: keep-alive`, or any request with `Connection: close` however it is spelt.
///
/// Hummingbird closes a connection after a request whose `Connection` field is exactly `close`, and reads requests
/// as HTTP types, which have no version. This handler sits where the requests are still HTTP/1 heads, just after
/// the decoder: it gives such a request `Connection: close`, and its answer too, so that the client knows.
final class ConnectionCloseHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    /// Whether each request read and not yet answered closes its connection, in order (requests may be pipelined).
    private var closes = CircularBuffer<Bool>()

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard case .head(var head) = unwrapInboundIn(data) else { return context.fireChannelRead(data) }
        closes.append(!head.isKeepAlive)
        if !head.isKeepAlive { head.headers.replaceOrAdd(name: "connection", value: "close") }
        context.fireChannelRead(wrapInboundOut(.head(head)))
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        guard case .head(var head) = unwrapOutboundIn(data), let closes = closes.popFirst(), closes else {
            return context.write(data, promise: promise)
        }
        head.headers.replaceOrAdd(name: "connection", value: "close")
        context.write(wrapOutboundOut(.head(head)), promise: promise)
    }

    /// Puts a ``ConnectionCloseHandler`` just after the HTTP/1 decoder when it is added, from where Hummingbird
    /// adds its additional handlers (after the decoded requests are made HTTP types); then passes everything on.
    final class Installer: ChannelInboundHandler, RemovableChannelHandler {
        typealias InboundIn = NIOAny

        func handlerAdded(context: ChannelHandlerContext) {
            let pipeline = context.pipeline.syncOperations
            do {
                let decoder = try pipeline.context(handlerType: ByteToMessageHandler<HTTPRequestDecoder>.self)
                try pipeline.addHandler(ConnectionCloseHandler(), position: .after(decoder.handler))
            } catch {
                assertionFailure("No HTTP/1 request decoder to follow in the pipeline: \(error)")
            }
        }
    }
}
