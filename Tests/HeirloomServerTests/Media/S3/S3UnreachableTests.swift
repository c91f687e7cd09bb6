import AsyncHTTPClient
import Foundation
import Logging
import NIOCore
import NIOPosix
import Testing

@testable import HeirloomServer

/// A dead or stalled service is an error, soon, and never a wait without end. These need no S3 service.
@Suite("S3 client: a dead or slow service")
struct S3UnreachableTests {
    @Test("a closed port is reported as such within the connect timeout")
    func closedPort() async throws {
        // given an endpoint where nothing listens
        let peer = try await LoopbackPeer.start(answer: nil)
        try await peer.stop()
        try await withClient(port: peer.port) { client in
            // when
            let error = await #expect(throws: S3Error.self) { try await client.put("a", body: ByteBuffer(string: "a")) }
            // then it is said to be refused (no clock is read: on a busy machine any bound would flake)
            #expect(
                error?.description
                    == "could not reach the S3 service at http://127.0.0.1:\(peer.port): connection refused")
        }
    }

    @Test("a service that never answers times out")
    func silentService() async throws {
        // given a service that takes the request and says nothing
        let peer = try await LoopbackPeer.start(answer: nil)
        try await withClient(port: peer.port, timeouts: S3Client.Timeouts(request: .seconds(2))) { client in
            // when
            let error = await #expect(throws: S3Error.self) { try await client.head("a") }
            // then the client's own 2 s timeout ended it, in its words (the service's default would be 60 s)
            #expect(error?.description == "the S3 service at http://127.0.0.1:\(peer.port) did not answer in time")
        }
        try await peer.stop()
    }

    @Test("a download whose body stops coming times out")
    func stalledBody() async throws {
        // given a service that sends the head and three of a hundred bytes, then nothing
        let peer = try await LoopbackPeer.start(answer: "HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\nabc")
        try await withClient(port: peer.port, readTimeout: .seconds(1)) { client in
            let download = try await client.get("a")
            // when the body is read
            let error = await #expect(throws: S3Error.self) { _ = try await TestS3.read(download) }
            // then
            #expect(error?.description == "the S3 service at http://127.0.0.1:\(peer.port) did not answer in time")
        }
        try await peer.stop()
    }

    private func withClient(
        port: Int, readTimeout: TimeAmount = .seconds(60), timeouts: S3Client.Timeouts = S3Client.Timeouts(),
        _ body: (S3Client) async throws -> Void
    ) async throws {
        let httpClient = HTTPClient(
            eventLoopGroupProvider: .singleton, configuration: S3Client.httpConfiguration(readTimeout: readTimeout))
        let settings = S3Settings(
            endpoint: URL(string: "http://127.0.0.1:\(port)")!, bucket: "heirloom-test", accessKeyID: "AKID",
            secretAccessKey: "secret")
        do {
            try await body(
                S3Client(settings: settings, httpClient: httpClient, logger: Logger(label: "test"), timeouts: timeouts))
        } catch {
            try await httpClient.shutdown()
            throw error
        }
        try await httpClient.shutdown()
    }
}

/// A TCP peer on loopback that reads requests and answers `answer` once per connection (or nothing at all).
private struct LoopbackPeer {
    let channel: Channel
    let port: Int

    static func start(answer: String?) async throws -> LoopbackPeer {
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(Answerer(answer: answer))
                }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        return LoopbackPeer(channel: channel, port: channel.localAddress?.port ?? 0)
    }

    func stop() async throws { try await channel.close() }

    private final class Answerer: ChannelInboundHandler {
        typealias InboundIn = ByteBuffer
        typealias OutboundOut = ByteBuffer
        let answer: String?
        var answered = false

        init(answer: String?) { self.answer = answer }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            guard let answer, !answered else { return }
            answered = true
            context.writeAndFlush(wrapOutboundOut(ByteBuffer(string: answer)), promise: nil)
        }
    }
}
