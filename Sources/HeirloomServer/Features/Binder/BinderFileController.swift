import Foundation
import Vapor

/// Serves the papers of binder entries to a trusted contact or a beneficiary who may read the entry now (their
/// bearer token or their page's cookie), and nothing else; members use `/api/media`.
struct BinderFileController {
    func download(req: Request) async throws -> Response {
        guard let outsider = try await Self.outsider(req) else { throw AppError.notFound("file") }
        let id = try req.id("file")
        let variant = try req.id("file", .variant, as: MediaVariant.self)
        let object = try await req.heirloom.binder.document(id, for: outsider)
        return try await req.mediaFile(
            object, variant: OutsiderPages.outsiderVariant(variant, of: object), download: variant == .original)
    }

    /// The executor or recipient of a bearer token, or of one of the two pages' cookies.
    static func outsider(_ req: Request) async throws -> BinderService.Outsider? {
        if let secret = req.headers.bearerAuthorization?.token {
            if let executor = try await req.heirloom.executors.executor(forSession: secret) {
                return .executor(executor)
            }
            if let person = try await req.heirloom.recipients.recipient(forSession: secret) {
                return .beneficiary(person)
            }
            return nil
        }
        if let executor = try await OutsiderPages.executor(req) { return .executor(executor) }
        if let person = try await RecipientMediaController.recipient(req) { return .beneficiary(person) }
        return nil
    }
}
