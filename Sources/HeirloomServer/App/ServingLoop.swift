import Foundation
import NIOConcurrencyHelpers
import Vapor

/// Background work that a serving hub runs over and over, from start-up to shut-down: a pass, then a pause of
/// `interval`, until the server stops (the passing-on jobs every minute, the transcripts every few seconds).
final class ServingLoop: LifecycleHandler, Sendable {
    private let task = NIOLockedValueBox<Task<Void, Never>?>(nil)
    let name: String
    let interval: Duration
    let pass: @Sendable (Application) async throws -> Void

    init(_ name: String, every interval: Duration, pass: @escaping @Sendable (Application) async throws -> Void) {
        self.name = name
        self.interval = interval
        self.pass = pass
    }

    func didBootAsync(_ app: Application) async throws {
        // Only a serving hub runs the loop, not `migrate` or `create-user`.
        let command = app.environment.arguments.dropFirst().first
        guard command == nil || command == "serve" else { return }
        let (name, interval, pass) = (name, interval, pass)
        task.withLockedValue {
            $0 = Task {
                while !Task.isCancelled {
                    do {
                        try await pass(app)
                    } catch {
                        app.logger.warning("\(name): \(error)")
                    }
                    try? await Task.sleep(for: interval)
                }
            }
        }
    }

    /// Cancels the loop and waits for the pass under way, which sees the cancellation and ends early.
    func shutdownAsync(_ app: Application) async {
        let running = task.withLockedValue { task in
            defer { task = nil }
            return task
        }
        running?.cancel()
        await running?.value
    }
}
