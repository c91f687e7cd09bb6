import Foundation
import HeirloomCore
import Vapor

/// `/password/{token}`: a member without a password (brought in by `heirloom import`) chooses one.
struct PasswordLinkWebController {
    struct Model: Encodable {
        var name: String
        var email: String
        var token: String
        var errors: [String: String]
    }

    struct Form: Content {
        var newPassword: String?
        var confirmPassword: String?
    }

    private func service(_ req: Request) -> PasswordLinkService {
        let services = req.heirloom.services
        return PasswordLinkService(
            db: req.db, now: services.clock(), passwords: services.passwords,
            publicBaseURL: services.config.publicBaseURL)
    }

    func form(req: Request) async throws -> Response {
        let token = req.parameters.get(RouteParameter.token.rawValue) ?? ""
        do {
            let (_, user) = try await service(req).open(token)
            return try await page(user, token: token, errors: [:], req: req).encodeResponse(for: req)
        } catch {
            return try await invalid(try AppError.userFacing(error), req: req)
        }
    }

    func set(req: Request) async throws -> Response {
        let token = req.parameters.get(RouteParameter.token.rawValue) ?? ""
        let form = try req.content.decode(Form.self)
        let user: User
        do {
            (_, user) = try await service(req).open(token)
        } catch {
            return try await invalid(try AppError.userFacing(error), req: req)
        }
        do {
            guard form.newPassword == form.confirmPassword else {
                throw AppError.invalid(
                    FieldError(
                        field: "confirmPassword", message: "The two passwords are not the same. Please type it again."))
            }
            _ = try await service(req).setPassword(token, to: form.newPassword ?? "")
            return req.redirect(to: SiteURL.login.path(done: .passwordSet))
        } catch {
            let error = try AppError.userFacing(error)
            if error.status == .gone { return try await invalid(error, req: req) }
            let errors = error.formErrors.reduce(into: [String: String]()) { result, pair in
                result[pair.key == "password" ? "newPassword" : pair.key] = pair.value
            }
            return try await page(user, token: token, errors: errors, req: req)
                .encodeResponse(status: error.status, for: req)
        }
    }

    private func page(_ user: User, token: String, errors: [String: String], req: Request) async throws -> View {
        try await Page.render(
            .passwordLink, base: PageBase(request: req, title: "Choose a password"),
            Model(name: user.name, email: user.email, token: token, errors: errors), on: req)
    }

    private func invalid(_ error: AppError, req: Request) async throws -> Response {
        let message =
            error.status == .notFound
            ? "This link is not valid. Please check that the whole link was copied, or ask for a new one."
            : error.message
        let view = try await ErrorPage.render(
            request: req, status: Int(error.status.code), heading: "This link can’t be used", message: message)
        return try await view.encodeResponse(status: error.status, for: req)
    }
}
