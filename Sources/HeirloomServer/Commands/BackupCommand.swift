import Foundation
import HeirloomCore
import Vapor

/// `heirloom backup --output DIR`: a consistent copy of the whole hub, taken while it runs.
struct BackupCommand: AsyncCommand {
    struct Signature: CommandSignature {
        @Option(name: "output", help: "A new (or empty) folder for the backup.")
        var output: String?
    }

    var help: String { "Backs up the database and the media store into a folder, while the hub runs." }

    func run(using context: CommandContext, signature: Signature) async throws {
        let app = context.application
        try await prepareDatabase(app)
        guard let output = signature.output, !output.isEmpty else {
            throw CommandFailure("Name a new folder for the backup with --output DIR.")
        }
        let services = app.hub
        do {
            let facts = try await HubBackup(
                config: services.config, db: app.db, store: services.media.store, now: services.clock()
            ).make(in: URL(fileURLWithPath: output, isDirectory: true))
            context.console.info(
                "Backed up the \(facts.database) database and \(facts.mediaFiles) media files "
                    + "(\(ByteCountText.describe(facts.sizeBytes))) to \(output).")
        } catch let error as BackupError {
            throw CommandFailure(error.description)
        }
    }
}

/// `heirloom restore DIR`: brings a stopped hub back from a backup.
struct RestoreCommand: AsyncCommand {
    struct Signature: CommandSignature {
        @Argument(name: "folder", help: "The folder `heirloom backup` made.")
        var folder: String
    }

    var help: String { "Puts a stopped hub back from a backup folder (stop the hub first)." }

    func run(using context: CommandContext, signature: Signature) async throws {
        let app = context.application
        let config = app.hub.config
        // The database file is replaced by renaming: a connection this process may hold keeps the old one.
        do {
            let facts = try await HubBackup.restore(
                from: URL(fileURLWithPath: signature.folder, isDirectory: true), config: config,
                store: app.hub.media.store)
            context.console.info(
                "Restored the hub as it was on \(DayText(zone: .gmt).dayAndTime(facts.createdAt)) (UTC) from \(signature.folder). "
                    + "Start it again with `heirloom serve`.")
        } catch let error as BackupError {
            throw CommandFailure(error.description)
        }
    }
}
