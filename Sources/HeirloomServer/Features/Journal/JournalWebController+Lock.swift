import Foundation
import HeirloomCore
import Vapor

extension JournalWebController {
    struct UnlockPage: Encodable {
        var next: String
        var error: String?
        var hasPassword: Bool
    }

    struct UnlockForm: Content {
        var password: String?
        var next: String?
    }

    func unlockForm(req: Request) async throws -> View {
        try await Self.unlockPage(
            req: req, next: req.query[String.self, at: "next"] ?? SiteURL.journal.path, error: nil)
    }

    func unlock(req: Request) async throws -> Response {
        let form = try req.content.decode(UnlockForm.self)
        let next = req.safeNext(form.next ?? SiteURL.journal.path)
        do {
            _ = try await req.heirloom.journalLock.unlock(
                try req.principal(), password: form.password ?? "", identityToken: nil, address: req.clientAddress)
            return req.redirect(to: next)
        } catch {
            let error = try AppError.userFacing(error)
            let view = try await Self.unlockPage(req: req, next: next, error: error.message)
            return try await view.encodeResponse(status: error.status, for: req)
        }
    }

    func lock(req: Request) async throws -> Response {
        try await req.heirloom.journalLock.lock(try req.principal())
        return req.redirect(to: SiteURL.journal.path(done: .journalLocked))
    }

    /// The prompt to re-enter the password; `next` is where to go once the journal is unlocked.
    static func unlockPage(req: Request, next: String, error: String?) async throws -> View {
        let principal = try req.principal()
        let model = UnlockPage(
            next: req.safeNext(next),
            error: error,
            hasPassword: try await req.heirloom.journalLock.hasPassword(principal)
        )
        let base = PageBase(request: req, title: "Unlock your journal", nav: .journal)
        return try await Page.render(.journalUnlock, base: base, model, on: req)
    }
}

/// Shows the unlock prompt, with 423, wherever a journal page meets a locked drawer.
struct JournalLockedMiddleware: AsyncMiddleware {
    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        do {
            return try await next.respond(to: request)
        } catch AppError.journalLocked {
            let back = request.method == .GET ? request.url.string : SiteURL.journal.path
            let view = try await JournalWebController.unlockPage(req: request, next: back, error: nil)
            return try await view.encodeResponse(status: .locked, for: request)
        }
    }
}
