import Fluent
import Foundation
import HeirloomCore

/// `heirloom media migrate`: copies every blob the rows refer to into another store, reads each copy back to
/// check its SHA-256, switches the hubs to the new store, then copies what was added to the old one meanwhile.
///
/// The hubs keep serving throughout (`MovingBlobs`): before the switch they use the old store, after it the new
/// one, reading from the old what the new does not hold yet. Each checked copy is recorded, so a move that is
/// stopped starts again where it left off.
struct MediaMover: Sendable {
    let db: any Database
    /// Opens a store by its location.
    let open: @Sendable (String) throws -> any BlobBackend
    /// Scratch space on this machine for copies on their way.
    let scratch: URL
    /// The hub's store, whose lock the last pass holds (see `move`).
    let lock: BlobStore
    /// How long hubs may take to notice the switch before the second pass (`MovingBlobs.refresh`, twice, and
    /// some time for an upload that was being stored at the moment).
    var settle: Duration = .seconds(15)
    var now: @Sendable () -> Date = { Date() }
    /// Waits out `settle` (`HeirloomServices.wait`).
    var wait: @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }

    /// What the move did.
    struct Summary: Sendable {
        var from: String
        var to: String
        var copied = 0
        var bytes: Int64 = 0
        var alreadyThere = 0
    }

    /// One line of progress for whoever runs the command.
    typealias Report = @Sendable (String) -> Void

    /// Moves the media from the store in use (given HEIRLOOM_MEDIA_URL's `configured`) to `target`.
    func move(configured: String, to target: String, report: Report) async throws -> Summary {
        let move = try await start(configured: configured, target: target)
        let from = try open(move.from)
        let to = try open(move.to)
        var summary = Summary(from: move.from, to: move.to)
        report("Copying the media from \(from.location) to \(to.location)…")
        try await copyAll(move, from: from, to: to, summary: &summary, report: report)
        if move.state == MediaMoveState.copying.rawValue {
            move.state = MediaMoveState.switched.rawValue
            move.switchedAt = now()
            try await move.save(on: db)
            report("Switched: the hubs now keep new media in \(to.location). Waiting for them to notice…")
            try await wait(settle)
        }
        report("Copying what was added while the hubs switched…")
        // Under the store's lock (across servers on PostgreSQL): an upload that went to the old store just before
        // the switch has either written its row by now, and is copied here, or waits and then finds the new store.
        try await lock.withLock {
            try await copyAll(move, from: from, to: to, summary: &summary, report: report)
        }
        move.state = MediaMoveState.done.rawValue
        move.finishedAt = now()
        try await move.save(on: db)
        return summary
    }

    /// The unfinished move to `target`, or a new one from the store in use.
    private func start(configured: String, target: String) async throws -> MediaMove {
        let latest = try await MediaMove.latest(on: db)
        if let latest, latest.state != MediaMoveState.done.rawValue {
            guard latest.to == target else {
                throw CommandFailure(
                    "A move of the media to \(latest.to) is not finished. Finish it first with "
                        + "`heirloom media migrate --to \(latest.to)`; it starts again where it stopped.")
            }
            return latest
        }
        let inUse = MediaStoreChoice.choose(configured: configured, latestMove: latest?.record).primary
        guard inUse != target else { throw CommandFailure("The media are already kept in \(target).") }
        let move = MediaMove()
        move.from = inUse
        move.to = target
        move.state = MediaMoveState.copying.rawValue
        move.startedAt = now()
        try await move.create(on: db)
        return move
    }

    /// Copies and checks every referenced blob the move has not copied yet.
    private func copyAll(
        _ move: MediaMove, from: any BlobBackend, to: any BlobBackend, summary: inout Summary, report: Report
    ) async throws {
        let moveID = try move.requireID()
        let wanted = try await MediaObject.referencedHashes(on: db)
        let done = Set(try await MediaMoveCopy.query(on: db).filter(\.$move.$id == moveID).all().map(\.sha256))
        let left = wanted.subtracting(done).sorted()
        var lastReport = Date.distantPast
        for (index, sha256) in left.enumerated() {
            if try await to.info(sha256) == nil {
                guard let source = try await from.info(sha256) else {
                    // Deleted while the move ran: nothing refers to it any more.
                    if try await !MediaObject.isReferenced(sha256, on: db) { continue }
                    throw CommandFailure(
                        "media/\(sha256) is missing from \(from.location), so it cannot be moved. "
                            + "`heirloom media check` lists every missing file; restore them from a backup and run "
                            + "the move again: it starts where it stopped.")
                }
                try await MovingBlobs.copy(sha256, from: from, to: to, scratch: scratch)
                summary.copied += 1
                summary.bytes += source.size
            } else {
                summary.alreadyThere += 1
            }
            guard try await MediaCheck.sha256(of: sha256, in: to) == sha256 else {
                throw CommandFailure(
                    "The copy of media/\(sha256) in \(to.location) does not have the bytes it should; nothing was "
                        + "switched. Run `heirloom media check` on the old store, then the move again.")
            }
            let copy = MediaMoveCopy()
            copy.$move.id = moveID
            copy.sha256 = sha256
            try await copy.create(on: db)
            if index + 1 == left.count || Date().timeIntervalSince(lastReport) >= 2 {
                lastReport = Date()
                report(
                    "copied \(index + 1) of \(left.count) files (\(ByteCountText.describe(summary.bytes)) so far)")
            }
        }
    }
}
