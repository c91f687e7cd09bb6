import Foundation
import Vapor

/// Serves `/app/media/{id}/{variant}`: a file by an address signed for one paired phone (`SignedMediaURL`).
/// Anything wrong (a bad or old signature, a disconnected phone, a file the phone's member may not see) is 404.
struct SignedMediaController {
    struct Signature: Decodable {
        var phone: UUID
        var expires: Int
        var signature: String
    }

    func download(req: Request) async throws -> Response {
        let id = try req.id("file")
        let variant = try req.id("file", .variant, as: MediaVariant.self)
        guard let query = try? req.query.decode(Signature.self), query.signature.count <= 100,
            let phone = try await req.heirloom.tokens.device(id: query.phone),
            SignedMediaURL.isValid(
                query.signature, mediaID: id, variant: variant, phoneID: query.phone, expires: query.expires,
                key: phone.tokenHash, now: req.heirloom.now)
        else { throw AppError.notFound("file") }
        let object = try await req.heirloom.media.find(id, householdID: phone.principal.householdID)
        guard try await req.heirloom.services.mediaAccess.allows(phone.principal, object, db: req.db) else {
            throw AppError.notFound("file")
        }
        return try await req.mediaFile(object, variant: variant, download: false)
    }
}
