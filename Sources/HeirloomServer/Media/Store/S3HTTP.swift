import AsyncHTTPClient
import Vapor

/// The HTTP client of the hub's S3 stores: one per app, with `S3Client`'s timeouts, shut down with the app.
struct S3HTTP: LifecycleHandler {
    private struct Key: StorageKey {
        typealias Value = HTTPClient
    }

    let client: HTTPClient

    static func client(_ app: Application) -> HTTPClient {
        if let client = app.storage[Key.self] { return client }
        let client = HTTPClient(
            eventLoopGroupProvider: .shared(app.eventLoopGroup), configuration: S3Client.httpConfiguration())
        app.storage[Key.self] = client
        app.lifecycle.use(S3HTTP(client: client))
        return client
    }

    func shutdownAsync(_ application: Application) async {
        try? await client.shutdown()
    }
}
