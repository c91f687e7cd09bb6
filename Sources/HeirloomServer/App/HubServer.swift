import HeirloomCore
import NIOConcurrencyHelpers
import NIOCore
import Vapor

/// Vapor's HTTP server, plus a second plain-http listener on the home-network address when the main one does
/// not already answer there (say, it listens on 127.0.0.1 behind a TLS proxy): the Memory Palace app can only
/// reach an IPv4 address over http.
final class HubServer: Server {
    private let application: Application
    private let main: HTTPServer
    private let endpoint: LANEndpoint
    private let extra = NIOLockedValueBox<HTTPServer?>(nil)

    private init(application: Application, endpoint: LANEndpoint) {
        self.application = application
        self.main = application.http.server.shared
        self.endpoint = endpoint
    }

    /// The application's one hub server: Vapor asks its server factory again on every `app.server`, so the
    /// server that was started must be the one that is shut down. Made under a lock: two callers at start-up
    /// (`serve` and the shut-down handler) could otherwise each make one, and the one `serve` started be dropped
    /// while it listens, which Vapor stops with an assertion (a crash seen at start in e2e/http).
    static func shared(_ application: Application) -> HubServer {
        making.withLock {
            if let existing = application.storage[Key.self] { return existing }
            let made = HubServer(application: application, endpoint: application.hub.lan)
            application.storage[Key.self] = made
            return made
        }
    }

    private static let making = NIOLock()

    private struct Key: StorageKey {
        typealias Value = HubServer
    }

    var onShutdown: EventLoopFuture<Void> { main.onShutdown }

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

    func shutdown() async {
        if let lan = extra.withLockedValue({ $0 }) { await lan.shutdown() }
        await main.shutdown()
    }

    @available(*, noasync)
    func shutdown() {
        extra.withLockedValue { $0 }?.shutdown()
        main.shutdown()
    }
}
