import Foundation
import HeirloomCore
import NIOCore
import Vapor

/// `heirloom media gc` removes orphaned blobs, stale temporary files and never-attached uploads;
/// `heirloom media check` reads every blob the rows refer to; `heirloom media migrate` moves them to another store.
struct MediaCommands: AsyncCommandGroup {
    var commands: [String: any AnyAsyncCommand] {
        ["gc": MediaGCCommand(), "check": MediaCheckCommand(), "migrate": MediaMigrateCommand()]
    }
    var help: String { "Looks after the media store." }
}

struct MediaGCCommand: AsyncCommand {
    struct Signature: CommandSignature {
        @Flag(name: "dry-run", help: "Change nothing: list what would be removed and every row whose file is missing.")
        var dryRun: Bool
    }

    var help: String { "Removes files nothing refers to and prints what it freed." }

    func run(using context: CommandContext, signature: Signature) async throws {
        let app = context.application
        try await prepareDatabase(app)
        if signature.dryRun {
            let report = try await MediaGarbageCollector(
                db: app.db, pipeline: app.hub.media, now: app.hub.clock()
            ).dryRun()
            for item in report.removed { context.console.print("would remove \(item)") }
            for item in report.missing { context.console.print("missing \(item)") }
            context.console.info(
                "Would remove \(report.removed.count) item(s), freeing \(ByteCountText.describe(report.bytesFreed)); "
                    + "\(report.missing.count) file(s) missing. Nothing was changed.")
            if !report.missing.isEmpty {
                throw CommandFailure(
                    "\(report.missing.count) file(s) that rows refer to are missing from the media store.")
            }
            return
        }
        let report = try await MediaGarbageCollector(
            db: app.db, pipeline: app.hub.media, now: app.hub.clock()
        ).run()
        for item in report.removed { context.console.print("removed \(item)") }
        context.console.info(
            "Removed \(report.removed.count) item(s), freed \(ByteCountText.describe(report.bytesFreed))."
        )
    }
}

struct MediaCheckCommand: AsyncCommand {
    struct Signature: CommandSignature {}

    var help: String {
        "Reads every file the hub's rows refer to and checks it is in the media store with its size and SHA-256."
    }

    func run(using context: CommandContext, signature: Signature) async throws {
        let app = context.application
        try await prepareDatabase(app)
        let store = app.hub.media.store
        context.console.info("Checking the media in \(store.blobs.location)…")
        let console = context.console
        let started = Date()
        let findings = try await MediaCheck(db: app.db, store: store).run { done, total in
            if done == total || done % 500 == 0 { console.print("checked \(done) of \(total)") }
        }
        for finding in findings { context.console.print(finding.description) }
        let folder = await store.blobs.primaryFolder?.root
        let open = folder.map { PrivateFiles.openToOthers(in: $0) } ?? []
        for (path, mode) in open.prefix(20) {
            context.console.print("readable by other users: \(path) (mode \(String(mode, radix: 8)))")
        }
        let seconds = Int(Date().timeIntervalSince(started).rounded())
        guard findings.isEmpty else {
            throw CommandFailure(
                "\(findings.count) file(s) are missing or damaged in \(store.blobs.location); restore them from a backup."
            )
        }
        if let folder = folder?.path, !open.isEmpty {
            throw CommandFailure(
                "Every file is whole, but \(open.count) file(s) or folder(s) of \(folder) may be opened by other users "
                    + "of this machine: run `chmod -R go= \(folder)`.")
        }
        context.console.info("Every file is in place and whole (\(seconds) s).")
    }
}

struct MediaMigrateCommand: AsyncCommand {
    struct Signature: CommandSignature {
        @Option(name: "to", help: "Where the media go: s3://bucket/prefix (with HEIRLOOM_S3_*) or file:///folder.")
        var to: String?
        @Option(name: "settle-seconds", help: "How long to give the hubs to notice the switch (15 by default).")
        var settleSeconds: Int?
    }

    var help: String {
        "Copies every media file to another store, checks each copy, then switches the hubs to it while they serve."
    }

    func run(using context: CommandContext, signature: Signature) async throws {
        let app = context.application
        try await prepareDatabase(app)
        guard let raw = signature.to, !raw.isEmpty else {
            throw CommandFailure("Name where the media go with --to s3://bucket/prefix or --to file:///folder.")
        }
        let media = app.hub.media
        let target = try media.locations.location(of: raw)
        var mover = MediaMover(
            db: app.db, open: media.locations.open, scratch: media.store.temporaryDirectory, lock: media.store)
        mover.wait = app.hub.wait
        if let seconds = signature.settleSeconds { mover.settle = .seconds(max(0, seconds)) }
        let console = context.console
        let summary = try await mover.move(configured: media.locations.configured, to: target) { console.print($0) }
        context.console.info(
            "Moved \(summary.copied) file(s), \(ByteCountText.describe(summary.bytes)) (\(summary.alreadyThere) were "
                + "there already), to \(summary.to); every copy was read back and checked. The hubs use it now. "
                + "Set HEIRLOOM_MEDIA_URL=\(summary.to) before their next start; the old store \(summary.from) can "
                + "be removed once `heirloom media check` passes.")
    }
}

/// Sweeps the media store every six hours while the server runs.
struct MediaCollectorSchedule: LifecycleHandler {
    static let interval: TimeAmount = .hours(6)

    func didBootAsync(_ application: Application) async throws {
        let logger = application.logger
        application.eventLoopGroup.any().scheduleRepeatedAsyncTask(initialDelay: .minutes(5), delay: Self.interval) {
            _ in
            application.eventLoopGroup.any().makeFutureWithTask {
                do {
                    let now = application.hub.clock()
                    // Of several servers, the first to ask makes each six-hour period's sweep.
                    guard
                        try await JobRun.claim(
                            "media-gc", due: JobRun.period(of: now, every: 6 * 60 * 60), now: now, on: application.db)
                    else { return }
                    let report = try await MediaGarbageCollector(
                        db: application.db, pipeline: application.hub.media, now: now
                    ).run()
                    if !report.removed.isEmpty {
                        logger.info(
                            "media gc removed \(report.removed.count) item(s), freed \(report.bytesFreed) bytes")
                    }
                } catch {
                    logger.report(error: error)
                }
            }
        }
    }
}
