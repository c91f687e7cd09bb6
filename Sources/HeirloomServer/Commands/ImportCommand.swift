import Foundation
import Vapor

/// `heirloom import FILE.zip`: restores a household from its export, or changes nothing.
struct ImportCommand: AsyncCommand {
    struct Signature: CommandSignature {
        @Argument(name: "file", help: "The export to import (a .zip made by `heirloom export` or Settings → Export).")
        var file: String

        @Flag(
            name: "email-links",
            help: "Email each member their password link through the outbox instead of printing it.")
        var emailLinks: Bool
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
            summary = try await HouseholdImport(db: app.db, pipeline: app.hub.media).run(url)
        } catch let error as ImportError {
            throw CommandFailure(error.description)
        }
        let counts = summary.counts.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }
        context.console.info(
            "Imported “\(summary.householdName)” (\(summary.householdID)): \(counts.joined(separator: ", ")).")
        let services = app.hub
        let links = PasswordLinkService(
            db: app.db, now: services.clock(), passwords: services.passwords,
            publicBaseURL: services.config.publicBaseURL)
        if signature.emailLinks {
            context.console.print(
                "Each member must choose a password again before signing in. Their links (each works once, for 14 "
                    + "days) are in the outbox; the hub emails them when SMTP is set up, or an owner passes them on "
                    + "from Settings → Outbox:")
            for member in summary.members {
                guard let user = try await User.find(member.id, on: app.db) else { continue }
                try await links.email(to: user, householdName: summary.householdName)
                context.console.print("  \(member.name) <\(member.email)>: emailed")
            }
            return
        }
        context.console.print(
            "Each member must choose a password again before signing in. Send or print each their link "
                + "(it works once, for 14 days; an owner can make new ones in Settings):")
        for member in summary.members {
            let url = try await links.create(for: member.id)
            context.console.print("  \(member.name) <\(member.email)>: \(url)")
        }
    }
}
