import Foundation
import Vapor

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
