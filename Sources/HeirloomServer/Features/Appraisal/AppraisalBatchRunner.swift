import Fluent
import Foundation
import HeirloomCore
import Vapor

/// Analyses the pending photos of batches in the background, a bounded number at a time, saving each result
/// as it arrives so that a reloaded page sees it.
actor AppraisalBatchRunner {
    /// Analyses one stored photo.
    typealias Appraise = @Sendable (MediaObject) async throws -> ItemAnalysis

    private var running: [UUID: Task<Void, Never>] = [:]

    /// Starts working through the batch's pending photos unless that is under way already.
    func start(_ batchID: UUID, db: any Database, concurrency: Int, appraise: @escaping Appraise) {
        guard running[batchID] == nil else { return }
        running[batchID] = Task {
            await Self.work(batchID, db: db, concurrency: max(1, concurrency), appraise: appraise)
            self.finished(batchID)
        }
    }

    /// Whether the batch is being worked on.
    func isRunning(_ batchID: UUID) -> Bool { running[batchID] != nil }

    private func finished(_ batchID: UUID) { running[batchID] = nil }

    /// Stops all work and waits for it (at shut-down).
    func stopAll() async {
        let tasks = Array(running.values)
        for task in tasks { task.cancel() }
        for task in tasks { await task.value }
    }

    private static func work(_ batchID: UUID, db: any Database, concurrency: Int, appraise: @escaping Appraise) async {
        let pending: [AppraisalBatchEntry]
        do {
            pending = try await AppraisalBatchEntry.query(on: db)
                .filter(\.$batch.$id == batchID)
                .filter(\.$state ~~ [.pending, .running])
                .sort(\.$position)
                .with(\.$media)
                .all()
        } catch {
            return
        }
        await withTaskGroup(of: Void.self) { group in
            var inFlight = 0
            for entry in pending {
                if Task.isCancelled { break }
                if inFlight == concurrency {
                    await group.next()
                    inFlight -= 1
                }
                inFlight += 1
                group.addTask { await run(entry, db: db, appraise: appraise) }
            }
            await group.waitForAll()
        }
    }

    private static func run(_ entry: AppraisalBatchEntry, db: any Database, appraise: Appraise) async {
        do {
            entry.state = .running
            try await entry.save(on: db)
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
