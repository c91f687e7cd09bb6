import Foundation
import NIOConcurrencyHelpers
import Vapor

/// Types out stored recordings in the background, from start-up to shut-down: a pass every few seconds, each
/// working until nothing is due (`TranscriptJobs`).
final class TranscriptScheduler: LifecycleHandler, Sendable {
    private let task = NIOLockedValueBox<Task<Void, Never>?>(nil)
    let interval: Duration

    init(interval: Duration = .seconds(5)) {
        self.interval = interval
    }

    func didBootAsync(_ app: Application) async throws {
        // Only a serving hub types out recordings, not `migrate` or `create-user`.
        let command = app.environment.arguments.dropFirst().first
        guard command == nil || command == "serve" else { return }
        let interval = interval
        task.withLockedValue {
            $0 = Task {
                while !Task.isCancelled {
                    do {
                        try await app.transcriptJobs().runOnce()
                    } catch {
                        app.logger.warning("transcripts: \(error)")
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
        // A recording being typed out is left `working`; its claim runs out and the next start types it out again.
        running?.cancel()
        await running?.value
    }
}

extension Application {
    /// The transcription jobs on the app's database, with the configured engine.
    func transcriptJobs() -> TranscriptJobs {
        let services = hub
        let config = services.config
        return TranscriptJobs(
            db: db, store: services.media.store,
            engine: config.speech.engine(
                openAI: config.treasureChest.speechToText, client: client),
            clock: services.clock, logger: logger, concurrency: config.speech.concurrency)
    }
}
