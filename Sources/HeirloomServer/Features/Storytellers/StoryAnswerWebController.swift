import Foundation
import HeirloomCore
import Vapor

/// The storyteller's pages, reached from the link in their email: one question, answered by speaking or typing,
/// then a thank-you. No account, nothing else to learn.
struct StoryAnswerWebController {
    /// The answer page's session cookie, set by the emailed link /a/{token}.
    static let cookie = "heirloom_story"

    /// The link from the email: exchanges its token for a session cookie, then the clean answer page.
    func link(req: Request) async throws -> Response {
        let token = req.parameters.get(RouteParameter.token.rawValue) ?? ""
        do {
            let secret = try await req.heirloom.storyAnswers.signIn(linkSecret: token, from: req.clientAddress)
            let response = req.redirect(to: SiteURL.storyAnswer.path)
            response.cookies[Self.cookie] = OutsiderPages.sessionCookie(secret, req: req)
            return response
        } catch AppError.gone(_) {
            return try await thanksPage(req, status: .gone)
        } catch AppError.tooManyAttempts(let after) {
            throw AppError.tooManyAttempts(retryAfter: after)
        } catch {
            return try await OutsiderPages.missing(req)
        }
    }

    /// The photo of the question, for the email (by the link itself).
    func linkPhoto(req: Request) async throws -> Response {
        let token = req.parameters.get(RouteParameter.token.rawValue) ?? ""
        let open = try await req.heirloom.storyAnswers.question(link: token)
        return try await photo(open, req)
    }

    /// The photo of the question (the session's bearer token or cookie).
    func sessionPhoto(req: Request) async throws -> Response {
        try await photo(try await session(req), req)
    }

    private func photo(_ open: OpenQuestion, _ req: Request) async throws -> Response {
        guard let object = open.photo else { throw AppError.notFound("photo") }
        return try await req.mediaFile(
            object, variant: OutsiderPages.outsiderVariant(.display, of: object), download: false)
    }

    private func session(_ req: Request) async throws -> OpenQuestion {
        let secret = req.headers.bearerAuthorization?.token ?? req.cookies[Self.cookie]?.string ?? ""
        return try await req.heirloom.storyAnswers.question(session: secret)
    }

    func show(req: Request) async throws -> Response {
        try await page(req, text: "", error: nil, status: .ok)
    }

    private func page(_ req: Request, text: String, error: String?, status: HTTPStatus) async throws -> Response {
        let open: OpenQuestion
        do {
            open = try await session(req)
        } catch AppError.gone(_) {
            return try await thanksPage(req, status: .gone)
        } catch {
            return try await OutsiderPages.missing(req)
        }
        let model = StorytellerPages.AnswerPage(
            question: open.question.text, name: open.storyteller.name,
            photo: open.photo == nil ? nil : SiteURL.storyAnswerPhoto.path, error: error, text: text)
        return try await Page.render(
            .storyAnswer, base: PageBase(request: req, title: "A question for you"), model, on: req
        )
        .encodeResponse(status: status, for: req)
    }

    struct TextForm: Content {
        var text: String?
    }

    /// "Write it instead": a plain form.
    func answerText(req: Request) async throws -> Response {
        let form = try req.content.decode(TextForm.self)
        let open: OpenQuestion
        do {
            open = try await session(req)
        } catch AppError.gone(_) {
            return try await thanksPage(req, status: .gone)
        }
        do {
            _ = try await req.heirloom.storyAnswers.answer(open, text: form.text ?? "")
        } catch let error as FieldError {
            return try await page(req, text: form.text ?? "", error: error.message, status: .unprocessableEntity)
        }
        return req.redirect(to: SiteURL.storyThanks.path)
    }

    /// A recording, from the recorder (or a chosen file): streamed, its CSRF token checked from the form or header.
    func answerRecording(req: Request) async throws -> Response {
        let media = req.heirloom.services.media
        let upload = try await FormUpload.read(
            req, temporaryDirectory: media.store.temporaryDirectory, maximumFileBytes: media.limit(for: .audio))
        defer { upload.removeFiles() }
        try CSRF.verify(upload.fields[CSRF.fieldName], req)
        let open = try await session(req)
        guard let file = upload.files.first else {
            throw AppError.invalid(FieldError(field: "audio", message: "Please record your answer first."))
        }
        _ = try await req.heirloom.storyAnswers.answer(open, audio: FileChunks(url: file.url), fileName: file.fileName)
        if req.headers.accept.contains(where: { $0.mediaType == .json }) {
            return Response(status: .created)
        }
        return req.redirect(to: SiteURL.storyThanks.path)
    }

    func thanks(req: Request) async throws -> Response {
        try await thanksPage(req, status: .ok)
    }

    /// What the thank-you page says of the next question: the day it comes, as the email and the family's page say.
    struct ThanksPage: Encodable {
        var next: String?
    }

    private func thanksPage(_ req: Request, status: HTTPStatus) async throws -> Response {
        let secret = req.cookies[Self.cookie]?.string ?? ""
        let model = ThanksPage(
            next: try await req.heirloom.storyAnswers.nextQuestionDay(session: secret).map(StoryMail.nextLine))
        return try await Page.render(.storyThanks, base: PageBase(request: req, title: "Thank you"), model, on: req)
            .encodeResponse(status: status, for: req)
    }
}
