import Foundation
import NIOConcurrencyHelpers
import Vapor

/// Runs `PassingJobs` every minute inside the server, from start-up to shut-down.
final class PassingScheduler: LifecycleHandler, Sendable {
    private let task = NIOLockedValueBox<Task<Void, Never>?>(nil)
    let interval: Duration

    init(interval: Duration = .seconds(60)) {
        self.interval = interval
    }

    func didBootAsync(_ app: Application) async throws {
        // Only a serving hub runs the scheduler, not `migrate` or `create-user`.
        let command = app.environment.arguments.dropFirst().first
        guard command == nil || command == "serve" else { return }
        let interval = interval
        task.withLockedValue {
            $0 = Task {
                while !Task.isCancelled {
                    do {
                        try await app.passingJobs().runOnce()
                    } catch {
                        app.logger.warning("passing-on scheduler: \(error)")
                    }
                    try? await Task.sleep(for: interval)
                }
            }
        }
    }

    func shutdownAsync(_ app: Application) async {
        let running = task.withLockedValue { task in
            defer { task = nil }
            return task
        }
        running?.cancel()
        await running?.value
    }
}

extension Application {
    /// The scheduler's work on the app's database, with its mail transport.
    func passingJobs() -> PassingJobs {
        let services = hub
        return PassingJobs(
            db: db, clock: services.clock, publicBaseURL: services.config.publicBaseURL, mail: services.config.mail,
            transport: services.mailTransport, logger: logger)
    }
}
