import Foundation
import Vapor

/// `heirloom import FILE.zip`: restores a household from its export, or changes nothing.
struct ImportCommand: AsyncCommand {
    struct Signature: CommandSignature {
        @Argument(name: "file", help: "The export to import (a .zip made by `heirloom export` or Settings → Export).")
        var file: String
    }

    var help: String { "Restores a household from an export, with its ids, records and files, or changes nothing." }

    func run(using context: CommandContext, signature: Signature) async throws {
        let app = context.application
        try await prepareDatabase(app)
        let url = URL(fileURLWithPath: signature.file)
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw CommandFailure("There is no file \(url.path).")
        }
        let summary: HouseholdImport.Summary
        do {
            summary = try await HouseholdImport(db: app.db, pipeline: app.heirloom.media).run(url)
        } catch let error as ImportError {
            throw CommandFailure(error.description)
        }
        let counts = summary.counts.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }
        context.console.info(
            "Imported “\(summary.householdName)” (\(summary.householdID)): \(counts.joined(separator: ", ")).")
        context.console.print(
            "Each member must choose a password again before signing in. Send or print each their link "
                + "(it works once, for 14 days; an owner can make new ones in Settings):")
        let services = app.heirloom
        let links = PasswordLinkService(
            db: app.db, now: services.clock(), passwords: services.passwords,
            publicBaseURL: services.config.publicBaseURL)
        for member in summary.members {
            let url = try await links.create(for: member.id)
            context.console.print("  \(member.name) <\(member.email)>: \(url)")
        }
    }
}
