import Fluent
import SQLKit

/// A PostgreSQL session-level advisory lock held while `body` runs on the caller's own task, so that servers on
/// one database take turns; on SQLite (one server) `body` simply runs.
///
/// The lock lives on one connection of the pool, kept by a helper task until `body` ends. Callers take it one at a
/// time within a process (behind a lock of their own), so each server keeps at most one connection waiting for it,
/// and the holder's own queries always find a connection.
enum AdvisoryLock {
    static func holding<T>(_ key: Int64, on db: any Database, _ body: () async throws -> T) async throws -> T {
        guard let sql = db as? any SQLDatabase, sql.dialect.name == "postgresql" else { return try await body() }
        let (acquired, acquiredContinuation) = AsyncThrowingStream<Void, any Error>.makeStream()
        let (released, releaseContinuation) = AsyncStream<Void>.makeStream()
        let holder = Task {
            do {
                try await sql.withSession { session in
                    _ = try await session.raw("SELECT pg_advisory_lock(\(literal: key))").all()
                    acquiredContinuation.yield()
                    for await _ in released { break }
                    _ = try? await session.raw("SELECT pg_advisory_unlock(\(literal: key))").all()
                }
                acquiredContinuation.finish()
            } catch {
                acquiredContinuation.finish(throwing: error)
            }
        }
        defer {
            releaseContinuation.yield()
            releaseContinuation.finish()
        }
        var iterator = acquired.makeAsyncIterator()
        guard try await iterator.next() != nil else {
            holder.cancel()
            throw AppError.internalProblem("the database's advisory lock was not taken")
        }
        return try await body()
    }
}
