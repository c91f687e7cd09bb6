import Fluent
import Foundation
import HeirloomCore
import Vapor

/// Serves media bytes to those allowed to see them, with ETag, Range and safe headers.
struct MediaFileController {
    func download(req: Request) async throws -> Response {
        let principal = try req.principal()
        let id = try req.id("file")
        let variant = try req.id("file", .variant, as: MediaVariant.self)
        let object = try await req.heirloom.media.find(id, householdID: principal.householdID)
        guard try await req.heirloom.services.mediaAccess.allows(principal, object, db: req.db) else {
            throw AppError.notFound("file")
        }
        return try await req.mediaFile(
            object, variant: variant, download: (try? req.query.get(Bool.self, at: "download")) ?? false)
    }
}
