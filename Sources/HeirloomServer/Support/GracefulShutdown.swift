import Vapor

/// On SIGTERM: stop taking connections, let the requests in flight finish (uploads and their transcoding
/// included), give running batch analyses a moment, then let the rest of shutdown close the database.
///
/// Registered after every other lifecycle handler, so it runs first when the application shuts down.
struct GracefulShutdown: LifecycleHandler {
    /// How long requests in flight may take to finish; the HTTP server waits as long for its connections.
    static let requestGrace: Duration = .seconds(30)
    /// How long running batch analyses may take to finish before they are cancelled (they resume on restart).
    static let jobGrace: Duration = .seconds(10)

    let requests: InFlightRequests

    func shutdownAsync(_ application: Application) async {
        // Stops accepting and closes idle keep-alive connections; waits for open ones up to shutdownTimeout.
        await application.server.shutdown()
        if await !requests.waitUntilIdle(timeout: Self.requestGrace) {
            application.logger.warning("Shutting down with \(requests.count) requests still being answered")
        }
        await application.heirloom.batchRunner.stopAll(grace: Self.jobGrace)
    }
}
