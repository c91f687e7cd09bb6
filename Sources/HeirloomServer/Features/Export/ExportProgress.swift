import Fluent
import Foundation
import HeirloomCore
import SQLKit
import Vapor

/// How far each running download of a household's archive has got, so the Export page can show a progress bar
/// in any browser while the browser itself saves the file.
///
/// The page names a download with a random id (`GET /api/export?progress=ID`) and asks
/// `GET /api/export/progress/ID` how far it is. Entries belong to the member who started the download: nobody
/// else can read them. They are kept in the database (`ExportDownload`), so that the page's questions may reach
/// any of the hub's servers, and forgotten an hour after their last change.
struct ExportProgressBoard: Sendable {
    enum State: String, Sendable {
        case running, done, failed
    }

    struct Entry: Sendable, Equatable {
        var written: Int64
        var total: Int64
        var state: State
    }

    let db: any Database

    private static let keptFor: TimeInterval = 3600
    /// A running download writes how far it is at most this often (the page asks once a second).
    static let saveEvery: Duration = .seconds(1)

    /// An id a page may choose: 8 to 64 letters, digits or dashes.
    static func isValidID(_ id: String) -> Bool {
        (8...64).contains(id.count) && id.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
    }

    /// Starts following a download (again, when the page reuses its id); downloads an hour quiet are forgotten.
    func start(_ id: String, userID: UUID, total: Int64, at now: Date) async throws {
        let sql = try db.sql()
        try await sql.delete(from: ExportDownload.schema).where("changed_at", .lessThan, now - Self.keptFor).run()
        try await sql.insert(into: ExportDownload.schema)
            .columns("key", "written", "total", "state", "changed_at")
            .values(
                SQLBind(Self.key(id, userID)), SQLBind(Int64(0)), SQLBind(total), SQLBind(State.running.rawValue),
                SQLBind(now)
            )
            .onConflict(with: ["key"]) { update in
                update.set(excludedValueOf: "written").set(excludedValueOf: "total").set(excludedValueOf: "state")
                    .set(excludedValueOf: "changed_at")
            }
            .run()
    }

    /// Notes how many bytes have gone, and with a `state` that the download has ended.
    func update(_ id: String, userID: UUID, written: Int64, state: State = .running, at now: Date) async throws {
        try await db.sql().update(ExportDownload.schema)
            .set("written", to: written).set("state", to: state.rawValue).set("changed_at", to: now)
            .where("key", .equal, Self.key(id, userID))
            .run()
    }

    func entry(_ id: String, userID: UUID) async throws -> Entry? {
        guard let row = try await ExportDownload.find(Self.key(id, userID), on: db),
            let state = State(rawValue: row.state)
        else { return nil }
        return Entry(written: row.written, total: row.total, state: state)
    }

    private static func key(_ id: String, _ userID: UUID) -> String { "\(userID.text):\(id)" }
}

/// The answer of `GET /api/export/progress/{id}`.
struct ExportProgressAnswer: Content {
    var written: Int64
    var total: Int64
    /// running, done or failed.
    var state: String
}
