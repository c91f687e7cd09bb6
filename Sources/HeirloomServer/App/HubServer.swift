import HeirloomCore
import NIOConcurrencyHelpers
import NIOCore
import Vapor

/// Vapor's HTTP server, plus a second plain-http listener on the home-network address when the main one does
/// not already answer there (say, it listens on 127.0.0.1 behind a TLS proxy): the Memory Palace app can only
/// reach an IPv4 address over http.
final class HubServer: Server {
    private let application: Application
    private let made = NIOLockedValueBox<HTTPServer?>(nil)
    private let endpoint: LANEndpoint
    private let extra = NIOLockedValueBox<HTTPServer?>(nil)

    private init(application: Application, endpoint: LANEndpoint) {
        self.application = application
        self.endpoint = endpoint
    }

    /// Vapor's HTTP server, made when first needed, with the routes and the configuration as they are then: a
    /// hub in a test, which is never started, never builds its router for it.
    private var main: HTTPServer {
        made.withLockedValue { server in
            if let server { return server }
            let new = HTTPServer(
                application: application, responder: application.responder.current,
                configuration: application.http.server.configuration, on: application.eventLoopGroup)
            server = new
            return new
        }
    }

    /// Makes the application's one hub server; `configure` calls it once, before anything else runs. Vapor asks its
    /// server factory again on every `app.server`, so the server that was started must be the one that is shut
    /// down; and a part of `app.storage` made later, from two tasks at once, can drop the other's (its setter
    /// copies the whole storage), which crashed `serve` at start.
    static func install(_ application: Application) {
        application.storage[Key.self] = HubServer(application: application, endpoint: application.hub.lan)
        application.servers.use { app in
            guard let server = app.storage[Key.self] else { fatalError("configure installs the hub server") }
            return server
        }
    }

    private struct Key: StorageKey {
        typealias Value = HubServer
    }

    var onShutdown: EventLoopFuture<Void> { main.onShutdown }

    /// Where the main server listens once started (a test's port 0 made real).
    var localAddress: SocketAddress? { made.withLockedValue { $0 }?.localAddress }

    func start(address: BindAddress?) async throws {
        try await main.start(address: address)
        guard let lan = lanListener() else { return }
        do {
            try await lan.server.start(address: .hostname(lan.host, port: lan.port))
            listening(lan)
        } catch {
            cannotListen(lan, error)
        }
    }

    @available(*, noasync)
    func start(address: BindAddress?) throws {
        try main.start(address: address)
        guard let lan = lanListener() else { return }
        do {
            try lan.server.start(address: .hostname(lan.host, port: lan.port))
            listening(lan)
        } catch {
            cannotListen(lan, error)
        }
    }

    private func listening(_ lan: (server: HTTPServer, host: String, port: Int)) {
        extra.withLockedValue { $0 = lan.server }
        endpoint.listening(port: lan.server.localAddress?.port ?? lan.port)
    }

    /// The hub keeps serving on its main address; the devices page then warns that phones cannot connect.
    private func cannotListen(_ lan: (server: HTTPServer, host: String, port: Int), _ error: any Error) {
        endpoint.unavailable()
        application.logger.warning(
            "Cannot listen on the home-network address \(lan.host):\(lan.port) (\(error)); phones using the Memory Palace app cannot connect. Set HEIRLOOM_LAN_ADDRESS to this computer's address, or off."
        )
    }

    /// The extra listener to start, or nil when the main server already answers on the home-network address.
    private func lanListener() -> (server: HTTPServer, host: String, port: Int)? {
        guard let bound = main.localAddress, let boundPort = bound.port else { return nil }
        if endpoint.waitsForExplicitAddress {
            application.logger.notice(
                "HEIRLOOM_PUBLIC_URL is https, so no plain-http listener is opened on the home network for the Memory Palace app. Set HEIRLOOM_LAN_ADDRESS to this computer's home-network address to open one."
            )
        }
        guard let host = endpoint.address?.host else { return nil }
        let port = endpoint.fixedPort ?? boundPort
        if port == boundPort, LANAddress.isCovered(host, byBind: bound.ipAddress ?? "") {
            endpoint.listening(port: boundPort)
            return nil
        }
        var configuration = main.configuration
        configuration.address = .hostname(host, port: port)
        // Plain http: only the Memory Palace app's calls are answered there.
        let server = HTTPServer(
            application: application, responder: HomeNetworkResponder(hub: application.responder.current),
            configuration: configuration, on: application.eventLoopGroup)
        return (server, host, port)
    }

    /// Shuts down what was started; a server never made (a test's hub) has nothing to stop.
    func shutdown() async {
        if let lan = extra.withLockedValue({ $0 }) { await lan.shutdown() }
        if let server = made.withLockedValue({ $0 }) { await server.shutdown() }
    }

    @available(*, noasync)
    func shutdown() {
        extra.withLockedValue { $0 }?.shutdown()
        made.withLockedValue { $0 }?.shutdown()
    }
}

extension Application {
    /// Where the hub's server listens, once `serve` (or a test) started it.
    var hubServerAddress: SocketAddress? { (server as? HubServer)?.localAddress }
}
