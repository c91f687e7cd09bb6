import Foundation
import HeirloomCore
import NIOCore
import Vapor

/// `heirloom media gc`: removes orphaned blobs, stale temporary files and never-attached uploads.
struct MediaCommands: AsyncCommandGroup {
    var commands: [String: any AnyAsyncCommand] { ["gc": MediaGCCommand()] }
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

/// Sweeps the media store every six hours while the server runs.
struct MediaCollectorSchedule: LifecycleHandler {
    static let interval: TimeAmount = .hours(6)

    func didBootAsync(_ application: Application) async throws {
        let logger = application.logger
        application.eventLoopGroup.any().scheduleRepeatedAsyncTask(initialDelay: .minutes(5), delay: Self.interval) {
            _ in
            application.eventLoopGroup.any().makeFutureWithTask {
                do {
                    let report = try await MediaGarbageCollector(
                        db: application.db,
                        pipeline: application.hub.media,
                        now: application.hub.clock()
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
