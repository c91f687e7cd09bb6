import Foundation
import Vapor

/// Streams a voice card's recording to its author, with ETag and HTTP Range like every media file.
///
/// A plain Vapor route rather than a generated handler, so that Range requests are answered by Vapor's
/// file streaming (the operation is documented in the OpenAPI document under "Media files").
struct JournalAudioController {
    func audio(req: Request) async throws -> Response {
        let reader = req.heirloom.journalReader(try req.principal())
        let recording = try await req.heirloom.journalCards.audio(try req.id("card"), for: reader)
        return try await req.mediaFile(recording, variant: .play, download: false)
    }
}
