import Fluent
import SQLKit

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
