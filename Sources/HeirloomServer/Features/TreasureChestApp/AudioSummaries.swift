import Crypto
import Fluent
import Foundation
import HeirloomCore
import SQLKit

/// The Legacy Treasure Chest app's recording summaries, each recording heard once (`SummaryRetry`): a retry of a
/// call is answered from the first call's result, or joins it while it runs, on whichever server it lands.
struct AudioSummaries: Sendable {
    let db: any Database
    let clock: @Sendable () -> Date
    /// How often a waiting call looks for another call's result.
    var poll: Duration = .milliseconds(200)

    /// What a call asks for: one recording, and what came with it.
    struct Call: Sendable {
        var householdID: UUID
        var bodyHash: String
        var requestID: String?
        /// Hears the recording's words.
        var transcribe: @Sendable () async throws -> String
        /// Makes the summary of the words.
        var summarise: @Sendable (String) async throws -> String
    }

    /// The hash a recording is remembered by: its bytes and everything else that shapes its summary.
    static func bodyHash(audio: Data, mimeType: String, itemName: String?, context: String?) -> String {
        var hasher = SHA256()
        hasher.update(data: audio)
        for part in [mimeType, itemName ?? "", context ?? ""] {
            hasher.update(data: Data([0]))
            hasher.update(data: Data(part.utf8))
        }
        return hasher.finalize().map { String(format: "%02x", $0) }.joined()
    }

    /// The summary, within `SummaryRetry.answerWithin`; after that 503 `summary_in_progress`, while the work goes
    /// on and is kept for the app's retry.
    func summary(_ call: Call) async throws -> String {
        let deadline = ContinuousClock.now + .seconds(SummaryRetry.answerWithin)
        try await forgetOld(call.householdID)
        while ContinuousClock.now < deadline {
            let memory = try await remembered(call)
            switch SummaryRetry.step(for: memory?.memory, now: clock()) {
            case .answer(let summary):
                return summary
            case .start:
                guard let mine = try await remember(call) else { continue }
                return try await finish(work(mine, call, words: nil), by: deadline)
            case .takeOver:
                guard let memory, try await claim(memory) else { continue }
                return try await finish(work(memory, call, words: memory.words), by: deadline)
            case .wait:
                try await Task.sleep(for: poll)
            }
        }
        throw Self.inProgress
    }

    static let inProgress = AppError.unavailable(
        code: "summary_in_progress",
        message: "This recording is still being listened to. Please try again in a minute: nothing will be lost.")

    // MARK: Work

    /// The work on one recording, in a task of its own so that it goes on when the call that began it has
    /// answered 503: its result is kept for the retry.
    private func work(_ memory: AudioSummary, _ call: Call, words known: String?) -> Task<String, any Error> {
        let db = db
        return Task {
            do {
                let words: String
                if let known {
                    words = known
                } else {
                    words = try await call.transcribe()
                    memory.words = words
                    try await memory.save(on: db)
                }
                let summary = try await call.summarise(words)
                memory.summary = summary
                memory.claimedAt = nil
                try await memory.save(on: db)
                return summary
            } catch {
                // The next call takes it over, hearing it again only if its words were never heard.
                memory.claimedAt = nil
                try? await memory.save(on: db)
                throw error
            }
        }
    }

    /// The work's result, or 503 `summary_in_progress` at the deadline.
    private func finish(_ work: Task<String, any Error>, by deadline: ContinuousClock.Instant) async throws -> String {
        let outcome = await withTaskGroup(of: Result<String, any Error>?.self) { group in
            group.addTask { await work.result }
            group.addTask {
                try? await Task.sleep(until: deadline)
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
        guard let outcome else { throw Self.inProgress }
        return try outcome.get()
    }

    // MARK: Rows

    private func remembered(_ call: Call) async throws -> AudioSummary? {
        try await AudioSummary.query(on: db).filter(\.$household.$id == call.householdID)
            .filter(\.$bodyHash == call.bodyHash).first()
    }

    /// Remembers the recording as being worked on here; nil when another call remembered it first.
    private func remember(_ call: Call) async throws -> AudioSummary? {
        let row = AudioSummary(
            householdID: call.householdID, bodyHash: call.bodyHash, requestID: call.requestID,
            now: clock().wholeSecond)
        do {
            try await row.create(on: db)
            return row
        } catch {
            // The unique index refused it: another call got there first, and its row is found next time round.
            if try await remembered(call) != nil { return nil }
            throw error
        }
    }

    /// Takes over a recording nobody is working on, unless another call took it over first.
    private func claim(_ memory: AudioSummary) async throws -> Bool {
        let now = clock().wholeSecond
        let claimed = try await db.sql().update(AudioSummary.schema)
            .set("claimed_at", to: now).set("claims", to: memory.claims + 1)
            .where("id", .equal, try memory.requireID()).where("claims", .equal, memory.claims)
            .returning("id").all()
        guard claimed.count == 1 else { return false }
        memory.claimedAt = now
        memory.claims += 1
        return true
    }

    /// Recordings are remembered for a day: long enough for any retry.
    private func forgetOld(_ householdID: UUID) async throws {
        try await AudioSummary.query(on: db).filter(\.$household.$id == householdID)
            .filter(\.$createdAt < clock().addingTimeInterval(-24 * 60 * 60)).delete()
    }
}
