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

    /// The longest a shutdown takes; the systemd unit's TimeoutStopSec leaves a margin over it.
    static var longest: Duration { requestGrace + jobGrace }

    let requests: InFlightRequests

    func shutdownAsync(_ application: Application) async {
        let started = ContinuousClock.now
        // Stops accepting and closes idle keep-alive connections; waits for open ones up to shutdownTimeout.
        await application.server.shutdown()
        // One grace for requests in all: what the server's own wait used is not given again.
        let left = max(.zero, Self.requestGrace - (ContinuousClock.now - started))
        if await !requests.waitUntilIdle(timeout: left) {
            application.logger.warning("Shutting down with \(requests.count) requests still being answered")
        }
        await application.hub.batchRunner.stopAll(grace: Self.jobGrace)
    }
}
