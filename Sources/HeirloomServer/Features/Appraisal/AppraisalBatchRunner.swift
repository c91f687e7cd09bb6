import Fluent
import Foundation
import HeirloomCore
import SQLKit
import Vapor

/// Analyses the pending photos of batches in the background, a bounded number at a time, saving each result
/// as it arrives so that a reloaded page sees it.
///
/// Each photo is claimed with a conditional update before it is read, so that of several servers on one database
/// (each asked about the batch by its page, and each starting its work) one reads it. A photo left `running` by a
/// server that stopped is taken over once its claim is older than `lease`.
actor AppraisalBatchRunner {
    /// Analyses one stored photo.
    typealias Appraise = @Sendable (MediaObject) async throws -> ItemAnalysis

    private var running: [UUID: Task<Void, Never>] = [:]
    /// Batches that got new photos while their work was finishing: looked at once more.
    private var again: Set<UUID> = []

    /// Starts working through the batch's pending photos, or, when that is under way, makes sure photos added
    /// since are picked up too (photos are analysed while the rest of the batch is still uploading). `lease` is
    /// longer than any analysis takes.
    func start(
        _ batchID: UUID, db: any Database, concurrency: Int, lease: TimeInterval, appraise: @escaping Appraise
    ) {
        guard running[batchID] == nil else {
            again.insert(batchID)
            return
        }
        running[batchID] = Task {
            await Self.work(batchID, db: db, concurrency: max(1, concurrency), lease: lease, appraise: appraise)
            self.finished(batchID, db: db, concurrency: concurrency, lease: lease, appraise: appraise)
        }
    }

    /// Whether the batch is being worked on.
    func isRunning(_ batchID: UUID) -> Bool { running[batchID] != nil }

    private func finished(
        _ batchID: UUID, db: any Database, concurrency: Int, lease: TimeInterval, appraise: @escaping Appraise
    ) {
        running[batchID] = nil
        if again.remove(batchID) != nil, !Task.isCancelled {
            start(batchID, db: db, concurrency: concurrency, lease: lease, appraise: appraise)
        }
    }

    /// How many batches are being worked on (for /metrics).
    var runningCount: Int { running.count }

    /// Stops all work and waits for it (at shut-down); running work first gets `grace` to finish.
    func stopAll(grace: Duration = .zero) async {
        again.removeAll()
        let deadline = ContinuousClock.now + grace
        while !running.isEmpty, ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(100))
        }
        let tasks = Array(running.values)
        for task in tasks { task.cancel() }
        for task in tasks { await task.value }
    }

    /// How often a batch with a free place looks for photos stored since (the rest of a batch still uploading).
    static let lookAgain: Duration = .milliseconds(250)

    /// Keeps `concurrency` photos in flight, taking the next pending one (in order) as each finishes, until none
    /// is left; photos stored meanwhile are taken too, within `lookAgain` while a place is free.
    private static func work(
        _ batchID: UUID, db: any Database, concurrency: Int, lease: TimeInterval, appraise: @escaping Appraise
    ) async {
        await withTaskGroup(of: UUID.self) { group in
            let tick = UUID()
            var ticking = false
            var inFlight = Set<UUID>()
            // Photos left "running" by a stopped server are started again, once their claim has run out.
            var states: [AppraisalBatchEntry.State] = [.pending, .running]
            while !Task.isCancelled {
                if inFlight.count < concurrency {
                    let next =
                        (try? await AppraisalBatchEntry.query(on: db)
                            .filter(\.$batch.$id == batchID)
                            .filter(\.$state ~~ states)
                            .sort(\.$position)
                            .with(\.$media)
                            .all()) ?? []
                    for entry in next where inFlight.count < concurrency {
                        guard let id = entry.id, !inFlight.contains(id), await claim(id, db: db, lease: lease)
                        else { continue }
                        inFlight.insert(id)
                        group.addTask {
                            await run(entry, db: db, appraise: appraise)
                            return id
                        }
                    }
                    states = [.pending]
                }
                guard !inFlight.isEmpty else { break }
                if !ticking, inFlight.count < concurrency {
                    ticking = true
                    group.addTask {
                        try? await Task.sleep(for: lookAgain)
                        return tick
                    }
                }
                guard let done = await group.next() else { break }
                if done == tick { ticking = false } else { inFlight.remove(done) }
            }
            // Only the timer can be left: the loop ends when no photo is in flight.
            group.cancelAll()
            await group.waitForAll()
        }
    }

    /// Marks the photo as being read here, unless another server is reading it (its claim younger than `lease`).
    private static func claim(_ id: UUID, db: any Database, lease: TimeInterval) async -> Bool {
        let now = Date()
        let claimed = try? await db.sql().update(AppraisalBatchEntry.schema)
            .set("state", to: AppraisalBatchEntry.State.running.rawValue).set("updated_at", to: now)
            .where("id", .equal, id)
            .where { either in
                either.where("state", .equal, AppraisalBatchEntry.State.pending.rawValue).orWhere { stale in
                    stale.where("state", .equal, AppraisalBatchEntry.State.running.rawValue)
                        .where("updated_at", .lessThan, now.addingTimeInterval(-lease))
                }
            }
            .returning("id").all()
        return claimed?.count == 1
    }

    private static func run(_ entry: AppraisalBatchEntry, db: any Database, appraise: Appraise) async {
        do {
            guard let media = entry.media else {
                throw AppError.notFound("photo")
            }
            let analysis = try await appraise(media)
            entry.analysisJSON = String(decoding: try JSONEncoder().encode(analysis), as: UTF8.self)
            entry.state = .done
            entry.errorCode = nil
            entry.errorMessage = nil
        } catch {
            let mapped = MappedError(error)
            entry.state = .failed
            entry.errorCode = mapped.code
            entry.errorMessage =
                Task.isCancelled ? "The hub stopped before this photo was read. Please try again." : mapped.message
        }
        try? await entry.save(on: db)
    }
}

/// Stops the batch work when the app shuts down.
struct AppraisalBatchLifecycle: LifecycleHandler {
    let runner: AppraisalBatchRunner

    func shutdownAsync(_ application: Application) async {
        await runner.stopAll()
    }
}
