import Fluent
import Foundation
import Vapor

/// Serves the photos and stories of the things in a participant's round, and nothing else.
struct WishMediaController {
    func download(req: Request) async throws -> Response {
        guard let participant = try await Self.participant(req) else { throw AppError.notFound("file") }
        let id = try req.id("file")
        let variant = try req.id("file", .variant, as: MediaVariant.self)
        let sheet = try await req.heirloom.wishes.sheet(of: participant)
        guard sheet.things.contains(where: { $0.photoIDs.contains(id) || $0.storyIDs.contains(id) }) else {
            throw AppError.notFound("file")
        }
        let object = try await req.heirloom.media.find(id, householdID: sheet.round.$household.id)
        return try await req.mediaFile(
            object, variant: RecipientMediaController.outsiderVariant(variant, of: object), download: false)
    }

    /// The participant of a bearer token or of the page's cookie.
    static func participant(_ req: Request) async throws -> WishParticipant? {
        let secret = req.headers.bearerAuthorization?.token ?? req.cookies[WishPages.cookie]?.string
        guard let secret, !secret.isEmpty else { return nil }
        return try await req.heirloom.wishes.participant(forSession: secret)
    }
}
