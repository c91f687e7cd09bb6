import Fluent
import Foundation
import HeirloomCore
import NIOCore
import Vapor

/// `heirloom export --household ID [--user EMAIL] --output FILE.zip`, or `heirloom export --user EMAIL --journal --output FILE.zip`.
///
/// Writes the archive as it is made, to a temporary name beside FILE.zip that is renamed when the archive is
/// complete, so a failed export never leaves a file that looks whole. A journal export holds the locked drawers
/// only with `--unlock`, which asks for the member's password as the journal page does. A household export holds the
/// binder's entries nobody else may read only when `--user` names the estate holder (or their author).
struct ExportCommand: AsyncCommand {
    struct Signature: CommandSignature {
        @Option(
            name: "household", help: "The id of the household to export (see Settings, or the API's /api/household).")
        var household: String?
        @Option(
            name: "user",
            help:
                "With --journal: the member whose journal to export; else the member the household export is for "
                + "(the binder's private entries are the estate holder's own).")
        var user: String?
        @Flag(name: "journal", help: "Export the member's own journal instead of a household.")
        var journal: Bool
        @Flag(name: "unlock", help: "With --journal: include locked drawers (asks for the member's password).")
        var unlock: Bool
        @Option(name: "output", help: "The ZIP file to write.")
        var output: String?
    }

    var help: String { "Exports a household (or one member's journal) as an open ZIP archive." }

    func run(using context: CommandContext, signature: Signature) async throws {
        let app = context.application
        try await prepareDatabase(app)
        guard let output = signature.output, !output.isEmpty else {
            throw CommandFailure("Name the file to write with --output FILE.zip.")
        }
        let store = app.hub.media.store
        let now = app.hub.clock()
        let archive: ExportArchive
        if signature.journal {
            guard let email = signature.user else { throw CommandFailure("Name the member with --user EMAIL.") }
            let address = try AccountRules.email(email)
            guard let user = try await User.query(on: app.db).filter(\.$email == address).first() else {
                throw CommandFailure("No member has the email address \(email).")
            }
            var unlockedUntil: Date? = nil
            if signature.unlock {
                let password = readPassword(context, prompt: "\(user.name)’s password (to open locked drawers):")
                guard let hash = user.passwordHash,
                    try await app.hub.passwords.verify(password, against: hash)
                else { throw CommandFailure("That password is not right; locked drawers stay closed.") }
                unlockedUntil = now.addingTimeInterval(60 * 60)
            }
            let reader = JournalReader(
                userID: try user.requireID(), householdID: user.$household.id, tokenID: UUID(),
                unlockedUntil: unlockedUntil, now: now)
            archive = try await JournalExport(db: app.db, store: store, now: now).archive(for: reader)
        } else {
            guard let id = signature.household.flatMap(UUID.init(uuidString:)) else {
                let households = try await Household.query(on: app.db).all()
                for household in households { context.console.print("  \(household.id?.text ?? "") \(household.name)") }
                throw CommandFailure(
                    households.isEmpty
                        ? "This hub has no household yet: there is nothing to export with --household ID."
                        : "Choose a household with --household ID (this hub's households are listed above).")
            }
            var exporterID: UUID? = nil
            if let email = signature.user {
                let address = try AccountRules.email(email)
                guard let user = try await User.query(on: app.db).filter(\.$email == address).first(),
                    user.$household.id == id
                else { throw CommandFailure("No member of that household has the email address \(email).") }
                exporterID = user.id
            }
            do {
                archive = try await HouseholdExport(db: app.db, pipeline: app.hub.media, now: now)
                    .archive(householdID: id, exportedBy: exporterID)
            } catch AppError.notFound {
                throw CommandFailure("This hub has no household with the id \(id).")
            }
        }
        let destination = URL(fileURLWithPath: output)
        let partial = destination.deletingLastPathComponent()
            .appendingPathComponent(".\(destination.lastPathComponent).partial")
        // The archive holds the household's records: only the hub's user may read it (0600).
        guard let handle = try? PrivateFiles.createFile(partial) else {
            throw CommandFailure("Cannot write to \(destination.deletingLastPathComponent().path).")
        }
        do {
            defer { try? handle.close() }
            try await archive.write(modified: now) { buffer in
                try handle.write(contentsOf: buffer.readableBytesView)
            }
            try handle.synchronize()
            if rename(partial.path, destination.path) != 0 {
                throw CommandFailure("Could not move the finished export to \(destination.path).")
            }
        } catch let error as ExportError {
            try? FileManager.default.removeItem(at: partial)
            throw CommandFailure(error.description)
        } catch {
            try? FileManager.default.removeItem(at: partial)
            throw error
        }
        context.console.info(
            "Wrote \(destination.path): \(archive.entries.count) files, \(ByteCountText.describe(archive.size)).")
    }
}
