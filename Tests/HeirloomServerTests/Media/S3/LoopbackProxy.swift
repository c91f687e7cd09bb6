import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix

/// A TCP proxy on loopback in front of a service, which a test can cut off (the listener and every open
/// connection) to play the service going down in the middle of a call, for one client only.
final class LoopbackProxy: Sendable {
    let port: Int
    private let listener: Channel
    private let connections: NIOLockedValueBox<[Channel]>

    private init(port: Int, listener: Channel, connections: NIOLockedValueBox<[Channel]>) {
        self.port = port
        self.listener = listener
        self.connections = connections
    }

    /// Forwards connections to `host`:`port`.
    static func start(to host: String, port targetPort: Int) async throws -> LoopbackProxy {
        let connections = NIOLockedValueBox<[Channel]>([])
        let listener = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .childChannelInitializer { inbound in
                ClientBootstrap(group: inbound.eventLoop)
                    .channelInitializer { outbound in
                        outbound.eventLoop.makeCompletedFuture {
                            try outbound.pipeline.syncOperations.addHandler(Forwarder(to: inbound))
                        }
                    }
                    .connect(host: host, port: targetPort)
                    .flatMapThrowing { outbound in
                        connections.withLockedValue { $0 += [inbound, outbound] }
                        try inbound.pipeline.syncOperations.addHandler(Forwarder(to: outbound))
                    }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        return LoopbackProxy(port: listener.localAddress?.port ?? 0, listener: listener, connections: connections)
    }

    /// Stops listening and cuts every connection.
    func cut() async {
        try? await listener.close()
        for channel in connections.withLockedValue({ $0 }) { try? await channel.close() }
    }

    /// Passes what one side reads to the other, and a close along.
    private final class Forwarder: ChannelInboundHandler, Sendable {
        typealias InboundIn = ByteBuffer
        let peer: Channel

        init(to peer: Channel) { self.peer = peer }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            peer.writeAndFlush(Self.unwrapInboundIn(data), promise: nil)
        }

        func channelInactive(context: ChannelHandlerContext) {
            peer.close(promise: nil)
            context.fireChannelInactive()
        }
    }
}
