import Fluent
import Foundation
import HeirloomCore
import Logging
import SQLKit

/// Types out the recordings waiting for it, a bounded number at once, each row claimed with a conditional update
/// before the engine hears it, as the outbox claims its messages: of several servers on one database, one types
/// out each recording. A claim is renewed while the engine works; one older than `lease` belongs to a server that
/// stopped, and the recording is typed out again from the start (nothing was saved), so a restart resumes the work.
struct TranscriptJobs: Sendable {
    let db: any Database
    let store: BlobStore
    /// Nil when transcription is off: waiting transcripts are then marked `off`.
    let engine: (any SpeechEngine)?
    let clock: @Sendable () -> Date
    let logger: Logger
    var concurrency = 1

    /// How long a claim lasts without being renewed.
    static let lease: TimeInterval = 10 * 60
    /// How often a working server renews its claim.
    static let heartbeat: Duration = .seconds(60)

    /// Works until nothing is due; returns how many transcripts were finished (done or failed).
    @discardableResult
    func runOnce() async throws -> Int {
        guard let engine else {
            try await Transcript.query(on: db).filter(\.$state ~~ [.queued, .working]).set(\.$state, to: .off).update()
            return 0
        }
        // Recordings stored while the hub had no engine are typed out now that it has one.
        try await Transcript.query(on: db).filter(\.$state == .off).set(\.$state, to: .queued).update()
        var finished = 0
        // At shut-down the task is cancelled: the batch under way ends, and nothing more is claimed.
        while !Task.isCancelled {
            let due = try await dueTranscripts(limit: concurrency)
            var claimed: [Transcript] = []
            for transcript in due where !Task.isCancelled {
                if let mine = try await claim(transcript) { claimed.append(mine) }
            }
            if claimed.isEmpty { return finished }
            finished += await withTaskGroup(of: Int.self) { group in
                for transcript in claimed { group.addTask { await run(transcript, engine: engine) ? 1 : 0 } }
                return await group.reduce(0, +)
            }
        }
        return finished
    }

    /// Waiting transcripts whose time has come, and working ones whose server stopped; of several of the same bytes
    /// (one recording kept in two places), only the first, so the engine hears them once and the others copy it in
    /// the next batch.
    private func dueTranscripts(limit: Int) async throws -> [Transcript] {
        let now = clock()
        var seen = Set<String>()
        return try await Transcript.query(on: db)
            .group(.or) { either in
                either.group(.and) { $0.filter(\.$state == .queued).filter(\.$nextAttemptAt <= now) }
                    .group(.and) {
                        $0.filter(\.$state == .working).filter(\.$claimedAt < now.addingTimeInterval(-Self.lease))
                    }
            }
            .sort(\.$nextAttemptAt).sort(\.$createdAt).limit(limit).all()
            .filter { seen.insert($0.sha256).inserted }
    }

    /// Marks the transcript as being typed out here, unless another server got there first.
    private func claim(_ transcript: Transcript) async throws -> Transcript? {
        let now = Transcript.wholeSecond(clock())
        let claimed = try await db.sql().update(Transcript.schema)
            .set("state", to: TranscriptState.working.rawValue).set("claimed_at", to: now)
            .set("attempts", to: transcript.attempts + 1)
            .where("id", .equal, try transcript.requireID())
            .where("attempts", .equal, transcript.attempts)
            .where("state", .in, [TranscriptState.queued.rawValue, TranscriptState.working.rawValue])
            .returning("id").all()
        guard claimed.count == 1 else { return nil }
        transcript.state = .working
        transcript.attempts += 1
        transcript.claimedAt = now
        return transcript
    }

    /// Types out one recording and saves what came of it; true when it is finished (done, or failed for good).
    private func run(_ transcript: Transcript, engine: any SpeechEngine) async -> Bool {
        let id = transcript.id
        do {
            let result: SpeechResult
            if let copy = try await sameBytesTypedOut(transcript, engine: engine.name) {
                result = copy
            } else {
                guard let id = transcript.$recording.id, let recording = try await MediaObject.find(id, on: db) else {
                    // Nothing holds the recording any more.
                    try await transcript.delete(on: db)
                    return true
                }
                result = try await whileClaimed(transcript) {
                    try await store.withLocalFile(transcript.sha256) { file in
                        try await engine.transcribe(file, duration: recording.durationSeconds)
                    }
                }
            }
            try await TranscriptService.saveMachineCopy(result, engine: engine.name, of: transcript, on: db)
            return true
        } catch  where Task.isCancelled || error is CancellationError {
            // The server is stopping: the recording waits for the next one, and the try is not counted.
            try? await db.sql().update(Transcript.schema)
                .set("state", to: TranscriptState.queued.rawValue).set("attempts", to: transcript.attempts - 1)
                .where("id", .equal, id).where("state", .equal, TranscriptState.working.rawValue).run()
            return false
        } catch {
            let giveUp = transcript.attempts >= TranscriptJobRules.maximumAttempts
            let message = Self.words(for: error)
            logger.warning(
                "transcripts: \(id.map { "\($0)" } ?? "?") not typed out (try \(transcript.attempts)): \(error)")
            let next = Transcript.wholeSecond(
                clock().addingTimeInterval(TranscriptJobRules.retryDelay(afterAttempt: transcript.attempts)))
            try? await db.sql().update(Transcript.schema)
                .set("state", to: (giveUp ? TranscriptState.failed : .queued).rawValue)
                .set("next_attempt_at", to: next).set("error", to: message)
                .where("id", .equal, id).where("state", .equal, TranscriptState.working.rawValue).run()
            return giveUp
        }
    }

    /// The machine copy of the same bytes made by the same engine, in any household: a recording is sent to the
    /// engine once however often it is stored.
    private func sameBytesTypedOut(_ transcript: Transcript, engine: String) async throws -> SpeechResult? {
        guard
            let done = try await Transcript.query(on: db).filter(\.$sha256 == transcript.sha256)
                .filter(\.$state == .done).filter(\.$engine == engine).first()
        else { return nil }
        return SpeechResult(text: done.text, segments: done.segments)
    }

    /// Runs `body` while renewing the claim every `heartbeat`, so that no other server takes the work over.
    private func whileClaimed<T: Sendable>(_ transcript: Transcript, _ body: @escaping @Sendable () async throws -> T)
        async throws -> T
    {
        let id = try transcript.requireID()
        let db = db
        let clock = clock
        return try await withThrowingTaskGroup(of: T?.self) { group in
            group.addTask { try await body() }
            group.addTask {
                while !Task.isCancelled {
                    try await Task.sleep(for: Self.heartbeat)
                    try await db.sql().update(Transcript.schema)
                        .set("claimed_at", to: Transcript.wholeSecond(clock()))
                        .where("id", .equal, id).where("state", .equal, TranscriptState.working.rawValue).run()
                }
                return nil
            }
            defer { group.cancelAll() }
            while let next = try await group.next() {
                if let value = next { return value }
            }
            throw CancellationError()
        }
    }

    /// What the page says when a recording could not be typed out.
    static func words(for error: any Error) -> String {
        if let error = error as? SpeechEngineError { return error.description }
        if let error = error as? AppError, case .ai(let problem) = error {
            switch problem {
            case .unreachable: return "The speech-to-text server could not be reached."
            case .quota: return "The speech-to-text server is busy or out of quota."
            case .unavailable: return "The speech-to-text server had a problem."
            default: return "The speech-to-text server refused the recording."
            }
        }
        if error is MediaError { return "The recording could not be read from the media store." }
        return "Something went wrong while typing it out."
    }
}
