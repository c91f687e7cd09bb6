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

/// At `serve`'s start, asks the bucket the media are kept in for one key: a wrong key or secret, or a bucket that
/// does not exist, stops the hub with the service's own words instead of failing every upload later. A service
/// that does not answer only gives a warning: the hub serves, and media answer 503 until it is back.
struct S3AccessCheck: LifecycleHandler {
    func willBootAsync(_ app: Application) async throws {
        guard app.environment.arguments.dropFirst().first ?? "serve" == "serve",
            let blobs = try? app.hub.media.locations.open(app.hub.media.locations.configured) as? S3Blobs
        else { return }
        do {
            try await blobs.client.checkAccess()
        } catch let error as S3Error where error.status != nil && !error.isTransient {
            throw ConfigError(variable: "HEIRLOOM_MEDIA_URL", problem: "\(blobs.location): \(error)")
        } catch {
            app.logger.warning("The media store \(blobs.location) does not answer yet: \(error)")
        }
    }
}
