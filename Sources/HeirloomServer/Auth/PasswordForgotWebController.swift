import Foundation
import HeirloomCore
import Vapor

/// `/password/forgot`: anyone asks for a link to choose a new password. The answer is the same whether or not an
/// account uses the address; the link itself goes to `/password/{token}`.
struct PasswordForgotWebController {
    struct Model: Encodable {
        var email: String
        /// True once a well-formed request was taken: the page says to look in the inbox.
        var sent: Bool
        /// False when the hub sends no email itself: the message waits in the outbox for an owner.
        var deliversMail: Bool
        var errors: [String: String]
    }

    struct Form: Content {
        var email: String?
    }

    func new(req: Request) async throws -> Response {
        try await page(email: "", sent: false, errors: [:], status: .ok, req: req)
    }

    func create(req: Request) async throws -> Response {
        let email = try req.content.decode(Form.self).email ?? ""
        do {
            try await req.heirloom.passwordResets.request(email: email, address: req.clientAddress)
            return try await page(email: email.trimmingWhitespace(), sent: true, errors: [:], status: .ok, req: req)
        } catch {
            let error = try AppError.userFacing(error)
            return try await page(email: email, sent: false, errors: error.formErrors, status: error.status, req: req)
        }
    }

    private func page(email: String, sent: Bool, errors: [String: String], status: HTTPStatus, req: Request)
        async throws -> Response
    {
        let model = Model(
            email: email, sent: sent, deliversMail: req.heirloom.services.mailTransport != nil, errors: errors)
        let base = PageBase(request: req, title: sent ? "Check your email" : "Forgot your password?")
        return try await Page.render(.passwordForgot, base: base, model, on: req).encodeResponse(
            status: status, for: req)
    }
}
