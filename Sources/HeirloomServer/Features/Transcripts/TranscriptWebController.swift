import Foundation
import Vapor

/// The transcript forms beside each recording: a person's correction, and "Try again".
struct TranscriptWebController: Sendable {
    struct CorrectionForm: Content {
        var text: String?
        var back: String?
    }

    struct BackForm: Content {
        var back: String?
    }

    func correct(req: Request) async throws -> Response {
        let form = try req.content.decode(CorrectionForm.self)
        _ = try await req.heirloom.transcripts.correct(
            try req.id("transcript"), text: form.text ?? "", by: try req.principal())
        return req.redirect(to: req.safeNext(form.back))
    }

    func retry(req: Request) async throws -> Response {
        let form = try req.content.decode(BackForm.self)
        _ = try await req.heirloom.transcripts.retry(try req.id("transcript"), by: try req.principal())
        return req.redirect(to: req.safeNext(form.back))
    }
}
