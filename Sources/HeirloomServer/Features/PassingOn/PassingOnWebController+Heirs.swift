import Foundation
import HeirloomCore
import Vapor

extension PassingOnWebController {
    struct EmailForm: Content {
        var email: String?
    }

    /// Saves an heir's email address from Settings → Passing on; the hub tells them with it.
    func saveEmail(req: Request) async throws -> Response {
        let principal = try req.principal()
        let id = try req.id("beneficiary")
        let email = (try req.content.decode(EmailForm.self).email ?? "").trimmingWhitespace()
        do {
            guard !email.isEmpty else {
                throw AppError.invalid(FieldError(field: "email", message: "Please type their email address."))
            }
            _ = try await req.heirloom.beneficiaries.update(id, BeneficiaryInput(email: email), by: principal)
        } catch {
            let problem = try AppError.userFacing(error)
            guard problem.field != nil else { throw problem }
            let view = try await render(req: req, errors: [:], heirError: (id, problem.message))
            return try await view.encodeResponse(status: problem.status, for: req)
        }
        return req.redirect(to: SiteURL.passingOn.path(done: .heirEmailSaved, fragment: "heirs"))
    }
}
