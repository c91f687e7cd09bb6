import Fluent
import Foundation
import SQLKit

/// The last claimed run of a whole job that runs on a schedule (the nightly backup, the media sweep), so that of
/// several servers on one database exactly one makes each run. Jobs that work row by row (`PassingJobs` and the
/// outbox) claim their rows instead and need none of this.
///
/// A claim is one statement, the same on SQLite and PostgreSQL: it holds no lock while the job runs. A server that
/// stops half-way leaves that run undone; the next one is claimed as usual.
final class JobRun: Model, @unchecked Sendable {
    static let schema = "job_runs"

    /// The job: `backup`, `media-gc`.
    @ID(custom: "name", generatedBy: .user) var id: String?
    /// When the last claimed run was due.
    @Field(key: "due_at") var dueAt: Date
    /// When a server claimed it.
    @Field(key: "claimed_at") var claimedAt: Date
    /// What the last run reported, for every server to show (the backup's `BackupStatus` as JSON).
    @OptionalField(key: "report") var report: String?

    init() {}
}

extension JobRun {
    /// Claims the run of `job` due at `due`: true for the first server that asks, false for every other server and
    /// for a run due no later than one claimed before.
    static func claim(_ job: String, due: Date, now: Date, on db: any Database) async throws -> Bool {
        let claimed = try await db.sql().insert(into: schema)
            .columns("name", "due_at", "claimed_at")
            .values(SQLBind(job), SQLBind(due), SQLBind(now))
            .onConflict(with: ["name"]) { update in
                update.set(excludedValueOf: "due_at").set(excludedValueOf: "claimed_at")
                    .where(SQLColumn("due_at", table: schema), .lessThan, SQLExcludedColumn("due_at"))
            }
            .returning("name").all()
        return !claimed.isEmpty
    }

    /// Keeps what a run of `job` reported (a job run by hand, never claimed, is written down as claimed `now`).
    static func report(_ report: String, of job: String, now: Date, on db: any Database) async throws {
        try await db.sql().insert(into: schema)
            .columns("name", "due_at", "claimed_at", "report")
            .values(SQLBind(job), SQLBind(now), SQLBind(now), SQLBind(report))
            .onConflict(with: ["name"]) { $0.set(excludedValueOf: "report") }
            .run()
    }

    /// The start of the period of length `interval` (counted from 1970) that `date` falls in: when the run of a job
    /// that each server starts every `interval` from its own start-up is due, the same on every server.
    static func period(of date: Date, every interval: TimeInterval) -> Date {
        Date(timeIntervalSince1970: (date.timeIntervalSince1970 / interval).rounded(.down) * interval)
    }
}

/// Creates the table of claimed job runs (issue 32).
struct CreateJobRun: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(JobRun.schema)
            .field("name", .string, .identifier(auto: false))
            .field("due_at", .datetime, .required)
            .field("claimed_at", .datetime, .required)
            .field("report", .string)
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(JobRun.schema).delete()
    }
}
