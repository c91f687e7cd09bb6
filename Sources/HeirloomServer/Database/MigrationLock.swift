import Fluent
import SQLKit
import Vapor

/// Lets one server at a time bring a shared PostgreSQL database up to date: servers started together (a new
/// database, or a new version on every server) migrate one after the other, and the later ones find nothing left
/// to do. A session-level advisory lock, held on one connection of the pool while the migrations run on the others;
/// SQLite has one server, and needs none.
enum MigrationLock {
    /// The lock's number: "Heirloom" in ASCII.
    static let key: Int64 = 5_216_691_683_545_018_221

    static func around(_ db: any Database, _ body: @escaping @Sendable () async throws -> Void) async throws {
        guard let sql = db as? any SQLDatabase, sql.dialect.name == "postgresql" else { return try await body() }
        try await sql.withSession { session in
            _ = try await session.raw("SELECT pg_advisory_lock(\(literal: Self.key))").all()
            do {
                try await body()
            } catch {
                _ = try? await session.raw("SELECT pg_advisory_unlock(\(literal: Self.key))").all()
                throw error
            }
            _ = try await session.raw("SELECT pg_advisory_unlock(\(literal: Self.key))").all()
        }
    }
}

/// `heirloom migrate`, Fluent's own command, run under `MigrationLock`: brought up to date by hand while a server
/// starts (which migrates under the same lock), the database is migrated by one of them at a time, and the later
/// finds nothing left to do.
struct LockedMigrateCommand: AnyAsyncCommand {
    /// Fluent's command, as Fluent registered it.
    let fluent: any AnyAsyncCommand

    var help: String { fluent.help }

    func run(using context: inout CommandContext) async throws {
        let (fluent, given) = (fluent, context)
        try await MigrationLock.around(context.application.db) {
            var context = given
            try await fluent.run(using: &context)
        }
    }

    func outputAutoComplete(using context: inout CommandContext) throws {
        try fluent.outputAutoComplete(using: &context)
    }

    func outputHelp(using context: inout CommandContext) throws { try fluent.outputHelp(using: &context) }

    func renderCompletionFunctions(using context: CommandContext, shell: Shell) -> String {
        fluent.renderCompletionFunctions(using: context, shell: shell)
    }
}
