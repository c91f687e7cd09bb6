import Fluent
import Foundation
import SQLKit

/// The moments that throttles and rate limits count, one row a key (`ThrottleWindow`), so that every server of a
/// hub counts the same attempts. The rules that read them (`AttemptWindow`, `TreasureChestRateLimit`) stay pure
/// functions in HeirloomCore; this only keeps their state.
///
/// A change is a compare-and-swap on the row's version: when another request, on this server or another, changed
/// the row in between, the change is worked out again on what it wrote. So no attempt is lost and two attempts never
/// pass where one may, on SQLite and PostgreSQL alike, without holding a lock or a transaction across statements.
struct ThrottleStore: Sendable {
    let db: any Database

    /// How many times a change is worked out again before the hub gives up; each lost try means another change went
    /// in, so only hundreds of attempts on one key at the same moment get this far.
    static let maximumTries = 100

    /// The key of one thing a throttle counts. What it counts is readable; the value itself (an email address, a
    /// client address, a link) is kept only as its hash.
    static func key(_ throttle: String, _ kind: String, _ value: String) -> String {
        "\(throttle):\(kind):\(SecretToken.hash(value))"
    }

    /// The key's moments (no lists when nothing is counted).
    func moments(_ key: String) async throws -> [[Date]] {
        try await read(key)?.moments ?? []
    }

    /// Lets `change` work on the key's moments and keeps what it leaves until the newest of them is `window` old;
    /// returns what `change` returns. Nothing is written when `change` changes nothing.
    func update<T>(_ key: String, window: TimeInterval, now: Date, _ change: (inout [[Date]]) -> T) async throws -> T {
        for _ in 0..<Self.maximumTries {
            let stored = try await read(key)
            var moments = stored?.moments ?? []
            let result = change(&moments)
            if moments == stored?.moments ?? [] { return result }
            let expiresAt = (moments.joined().max() ?? now).addingTimeInterval(window)
            if try await write(moments, key: key, over: stored?.version, expiresAt: expiresAt, now: now) {
                return result
            }
        }
        throw AppError.internalProblem("Too many attempts were counted at the same moment. Please try again.")
    }

    /// Forgets everything the key counted.
    func forget(_ key: String) async throws {
        try await db.sql().delete(from: ThrottleWindow.schema).where("key", .equal, key).run()
    }

    private func read(_ key: String) async throws -> (moments: [[Date]], version: Int)? {
        guard
            let row = try await db.sql().select().columns("moments", "version").from(ThrottleWindow.schema)
                .where("key", .equal, key).first()
        else { return nil }
        return (Self.decode(try row.decode(column: "moments", as: String.self)), try row.decode(column: "version"))
    }

    /// Writes the moments over the version read (or as a new row when none was); false when another change came
    /// first.
    private func write(_ moments: [[Date]], key: String, over version: Int?, expiresAt: Date, now: Date) async throws
        -> Bool
    {
        let sql = try db.sql()
        guard let version else {
            let inserted = try await sql.insert(into: ThrottleWindow.schema)
                .columns("key", "moments", "version", "expires_at")
                .values(SQLBind(key), SQLBind(Self.encode(moments)), SQLBind(1), SQLBind(expiresAt))
                .ignoringConflicts(with: ["key"]).returning("key").all()
            guard !inserted.isEmpty else { return false }
            // A new key: the rows whose moments have all left their windows go, so the table holds live ones only.
            try await sql.delete(from: ThrottleWindow.schema).where("expires_at", .lessThan, now).run()
            return true
        }
        let changed = try await sql.update(ThrottleWindow.schema)
            .set("moments", to: Self.encode(moments)).set("version", to: version + 1).set("expires_at", to: expiresAt)
            .where("key", .equal, key).where("version", .equal, version)
            .returning("key").all()
        return !changed.isEmpty
    }

    /// `1.5,2.25;7.0`: each list's moments in seconds since 2001, exactly (a Double's description reads back to the
    /// same Double), so that an attempt counted in advance is found again to be taken back.
    static func encode(_ moments: [[Date]]) -> String {
        moments.map { list in list.map { "\($0.timeIntervalSinceReferenceDate)" }.joined(separator: ",") }
            .joined(separator: ";")
    }

    static func decode(_ text: String) -> [[Date]] {
        text.split(separator: ";", omittingEmptySubsequences: false).map { list in
            list.split(separator: ",").compactMap { Double($0).map(Date.init(timeIntervalSinceReferenceDate:)) }
        }
    }
}
