import Foundation
import Vapor

/// Serves a delivered letter's recording to its reader (their bearer token or their page's cookie), and nothing
/// else: `play` for the player, `original` as a download.
struct LetterMediaController {
    func recording(req: Request) async throws -> Response {
        let reading = try await LetterPages.reading(req)
        let variant = try req.id("file", .variant, as: MediaVariant.self)
        guard variant == .play || variant == .original, let object = reading.letter.recording else {
            throw AppError.notFound("file")
        }
        return try await req.mediaFile(object, variant: variant, download: variant == .original)
    }
}
