import Fluent
import Foundation
import HeirloomCore
import SQLKit
import Vapor

/// Settings → Export, and the two downloads: the household's archive (owners) and a member's own journal.
struct ExportController {
    func index(req: Request) async throws -> View {
        let principal = try req.principal()
        let snapshot = try await ExportSnapshot.read(
            householdID: principal.householdID, exportedBy: principal.userID, on: req.db)
        let bytes = snapshot.media.reduce(into: [String: Int64]()) { $0[$1.sha256] = $1.sizeBytes }.values
            .reduce(0, +)
        let model = ExportPage(
            householdName: snapshot.household.name, itemCount: snapshot.items.count,
            memoryCount: snapshot.memories.count, peopleCount: snapshot.people.count,
            fileCount: Set(snapshot.media.map(\.sha256)).count, approximateSize: ByteCountText.describe(bytes),
            lastCopyText: ExportPage.lastCopyText(
                try await req.heirloom.households.household(of: principal).lastCopyAt, days: principal.days))
        return try await Page.render(
            .exportIndex, base: PageBase(request: req, title: "Keep a copy", nav: .settings), model, on: req)
    }

    /// GET /api/export: the household's archive, streamed as it is made; `?progress=ID` lets the page follow it.
    func household(req: Request) async throws -> Response {
        let principal = try req.principal()
        let services = req.heirloom.services
        let now = services.clock()
        let progressID = req.query[String.self, at: "progress"]
        if let progressID, !ExportProgressBoard.isValidID(progressID) {
            throw AppError.badRequest("progress must be 8 to 64 letters, digits or dashes.")
        }
        do {
            let archive = try await req.heirloom.householdExport.archive(
                householdID: principal.householdID, exportedBy: principal.userID)
            let progress = progressID.map {
                Progress(board: req.heirloom.exportProgress, id: $0, userID: principal.userID, clock: services.clock)
            }
            let db = req.db
            let householdID = principal.householdID
            return await Self.stream(archive, modified: now, req: req, progress: progress) {
                // A copy counts once it reached the family whole: the page and Home's list say so. Written past
                // Fluent's model, so the household's updated_at (in the next export) stays as the family left it.
                try await db.sql().update(Household.schema).set("last_copy_at", to: services.clock())
                    .where("id", .equal, householdID).run()
            }
        } catch let error as ExportError {
            throw error.appError
        }
    }

    /// GET /api/export/progress/{id}: how far the member's own download with that id has got.
    func progress(req: Request) async throws -> ExportProgressAnswer {
        let principal = try req.principal()
        let id = try req.parameters.require(RouteParameter.id.rawValue)
        guard ExportProgressBoard.isValidID(id),
            let entry = try await req.heirloom.exportProgress.entry(id, userID: principal.userID)
        else { throw AppError.notFound("download") }
        return ExportProgressAnswer(written: entry.written, total: entry.total, state: entry.state.rawValue)
    }

    /// Where a download reports how far it has got.
    struct Progress: Sendable {
        let board: ExportProgressBoard
        let id: String
        let userID: UUID
        let clock: @Sendable () -> Date
    }

    /// GET /api/journal/export: the signed-in member's own journal; locked drawers only while it is unlocked.
    func journal(req: Request) async throws -> Response {
        let reader = req.heirloom.journalReader(try req.principal())
        let services = req.heirloom.services
        let now = services.clock()
        do {
            let archive = try await req.heirloom.journalExport.archive(for: reader)
            return await Self.stream(archive, modified: now, req: req)
        } catch let error as ExportError {
            throw error.appError
        }
    }

    /// A response that writes the archive while it is sent, with its exact length announced.
    /// `finished` runs as the last bytes are written; a failure there is logged and does not spoil the download.
    static func stream(
        _ archive: ExportArchive, modified: Date, req: Request, progress: Progress? = nil,
        finished: (@Sendable () async throws -> Void)? = nil
    ) async -> Response {
        let logger = req.logger
        // Following the download is a courtesy: a database that cannot note it does not stop it.
        if let progress {
            try? await progress.board.start(
                progress.id, userID: progress.userID, total: archive.size, at: progress.clock())
        }
        let body = Response.Body(
            asyncStream: { writer in
                var written: Int64 = 0
                var saved = ContinuousClock.now
                do {
                    try await archive.write(modified: modified) { buffer in
                        written += Int64(buffer.readableBytes)
                        if written == archive.size {
                            // Noted before the last bytes go, so that whoever has the whole file finds it noted.
                            do { try await finished?() } catch {
                                logger.error("export \(archive.fileName) not noted: \(String(describing: error))")
                            }
                        }
                        try await writer.write(.buffer(buffer))
                        if let progress, ContinuousClock.now - saved >= ExportProgressBoard.saveEvery {
                            saved = ContinuousClock.now
                            try? await progress.board.update(
                                progress.id, userID: progress.userID, written: written, at: progress.clock())
                        }
                    }
                    try await writer.write(.end)
                    if let progress {
                        try? await progress.board.update(
                            progress.id, userID: progress.userID, written: written, state: .done, at: progress.clock())
                    }
                } catch {
                    // The length was announced: a short body tells the browser the download failed.
                    logger.error("export \(archive.fileName) stopped: \(String(describing: error))")
                    if let progress {
                        try? await progress.board.update(
                            progress.id, userID: progress.userID, written: written, state: .failed,
                            at: progress.clock())
                    }
                    try? await writer.write(.error(error))
                }
            }, count: Int(archive.size))
        let response = Response(status: .ok, body: body)
        response.headers.contentType = HTTPMediaType(type: "application", subType: "zip")
        response.headers.describeDownload(archive.fileName, attachment: true)
        return response
    }
}

/// The model of Settings → Export.
struct ExportPage: Encodable {
    var householdName: String
    var itemCount: Int
    var memoryCount: Int
    var peopleCount: Int
    var fileCount: Int
    var approximateSize: String
    /// "The last copy was made on November 29, 2026.", or that none has been.
    var lastCopyText: String

    static func lastCopyText(_ date: Date?, days: DayText) -> String {
        guard let date else { return "No copy has been downloaded yet." }
        return "The last copy was downloaded on \(days.day(date))."
    }
}
