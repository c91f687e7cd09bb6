import Fluent
import Foundation
import Vapor

/// Serves the photos and stories of the things in a participant's round, and nothing else.
struct WishMediaController {
    func download(req: Request) async throws -> Response {
        guard let participant = try await OutsiderPages.wishParticipant(req) else { throw AppError.notFound("file") }
        let id = try req.id("file")
        let variant = try req.id("file", .variant, as: MediaVariant.self)
        let sheet = try await req.heirloom.wishes.sheet(of: participant)
        guard sheet.things.contains(where: { $0.photoIDs.contains(id) || $0.storyIDs.contains(id) }) else {
            throw AppError.notFound("file")
        }
        let object = try await req.heirloom.media.find(id, householdID: sheet.round.$household.id)
        return try await req.mediaFile(
            object, variant: OutsiderPages.outsiderVariant(variant, of: object), download: false)
    }
}
