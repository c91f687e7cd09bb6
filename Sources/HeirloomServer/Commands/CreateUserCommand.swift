import Fluent
import Foundation
import HeirloomCore
import Vapor

/// `heirloom create-user --email E --name N [--role owner|editor|viewer] [--household NAME]`
///
/// Adds an account; on a fresh hub `--household` names the new household. The password is read from
/// standard input when it is not a terminal, otherwise asked for without echo.
struct CreateUserCommand: AsyncCommand {
    struct Signature: CommandSignature {
        @Option(name: "email", help: "The person's email address; they sign in with it.")
        var email: String?
        @Option(name: "name", help: "The person's name as the family knows it.")
        var name: String?
        @Option(name: "role", help: "owner, editor or viewer (default owner on a fresh hub, editor otherwise).")
        var role: String?
        @Option(name: "household", help: "The household's name (needed on a fresh hub, or to pick one of several).")
        var household: String?
    }

    var help: String { "Creates an account (and, on a fresh hub, its household)." }

    func run(using context: CommandContext, signature: Signature) async throws {
        let app = context.application
        try await prepareDatabase(app)
        let email = try AccountRules.email(signature.email ?? context.console.ask("Email:"))
        let name = try AccountRules.name(signature.name ?? context.console.ask("Name:"), field: "name")
        let password = try AccountRules.newPassword(readPassword(context, prompt: "Password (at least 10 characters):"))
        let db = app.db
        let households = try await Household.query(on: db).all()
        let household: Household
        if let wanted = signature.household?.trimmingWhitespace(), !wanted.isEmpty {
            if let existing = households.first(where: { $0.name.lowercased() == wanted.lowercased() }) {
                household = existing
            } else {
                household = Household(name: try AccountRules.name(wanted, field: "household", what: "household name"))
            }
        } else if households.count == 1 {
            household = households[0]
        } else {
            throw CommandFailure(
                households.isEmpty
                    ? "This hub has no household yet; name it with --household \"The Miller Family\"."
                    : "This hub has several households; choose one with --household NAME."
            )
        }
        let isNew = household.id == nil
        guard let role = HouseholdRole(rawValue: signature.role ?? (isNew ? "owner" : "editor")) else {
            throw CommandFailure("--role must be owner, editor or viewer.")
        }
        let services = app.hub
        let hash = try await services.passwords.hash(password)
        try await services.accounts(db: db, client: app.client).requireUnusedEmail(email)
        try await db.transaction { db in
            if isNew {
                try await household.create(on: db)
                if try await HubState.find(HubState.singletonID, on: db) == nil {
                    try await HubState(id: HubState.singletonID).create(on: db)
                }
            }
            let user = User(
                householdID: try household.requireID(), name: name, email: email, passwordHash: hash, role: role)
            try await user.create(on: db)
        }
        context.console.info("Created \(role.label.lowercased()) \(name) <\(email)> in \(household.name).")
    }
}

/// `heirloom reset-password --email E`: sets a new password and signs the person out everywhere.
struct ResetPasswordCommand: AsyncCommand {
    struct Signature: CommandSignature {
        @Option(name: "email", help: "The email address of the account.")
        var email: String?
    }

    var help: String { "Sets a new password for an account and ends its sessions." }

    func run(using context: CommandContext, signature: Signature) async throws {
        let app = context.application
        try await prepareDatabase(app)
        let email = signature.email ?? context.console.ask("Email:")
        let password = readPassword(context, prompt: "New password (at least 10 characters):")
        let services = app.hub
        let accounts = services.accounts(db: app.db, client: app.client)
        let user = try await accounts.resetPassword(email: email, to: password)
        context.console.info("The password of \(user.name) <\(user.email)> is changed; their sessions have ended.")
    }
}

/// A command's failure, printed as it is.
struct CommandFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// Reads a password from standard input when it is piped, otherwise asks without echo.
func readPassword(_ context: CommandContext, prompt: String) -> String {
    if isatty(STDIN_FILENO) == 0 {
        return readLine(strippingNewline: true) ?? ""
    }
    return context.console.ask(prompt.consoleText(), isSecure: true)
}
