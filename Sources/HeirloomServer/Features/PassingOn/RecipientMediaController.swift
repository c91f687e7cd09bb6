import Fluent
import Foundation
import Vapor

/// Serves the photos, documents and stories of the items released to a recipient, and nothing else.
struct RecipientMediaController {

    func download(req: Request) async throws -> Response {
        guard let person = try await Self.recipient(req) else { throw AppError.notFound("file") }
        let id = try req.id("file")
        let variant = try req.id("file", .variant, as: MediaVariant.self)
        let links = try await req.heirloom.recipients.items(of: person)
        let allowed = links.contains { link in
            link.item.photos.contains { $0.$media.id == id } || link.item.documents.contains { $0.$media.id == id }
                || link.item.audioStories.contains { $0.$media.id == id }
        }
        guard allowed else { throw AppError.notFound("file") }
        let object = try await req.heirloom.media.find(id, householdID: person.$household.id)
        return try await req.mediaFile(
            object, variant: OutsiderPages.outsiderVariant(variant, of: object), download: false)
    }

    /// The recipient of a bearer token or of the page's cookie.
    static func recipient(_ req: Request) async throws -> Beneficiary? {
        let secret = req.headers.bearerAuthorization?.token ?? req.cookies[OutsiderPages.recipientCookie]?.string
        guard let secret, !secret.isEmpty else { return nil }
        return try await req.heirloom.recipients.recipient(forSession: secret)
    }
}
