import Foundation
import HeirloomAPI
import OpenAPIRuntime
import Vapor

/// A member's address proved by a link (issue 44): its state, the link sent, and the link's token used.
extension APIHandler {
    func getEmailConfirmation(_ input: Operations.GetEmailConfirmation.Input) async throws
        -> Operations.GetEmailConfirmation.Output
    {
        let principal = try principal
        let confirmed = try await request.heirloom.emailConfirmations.isConfirmed(principal.userID)
        return .ok(.init(body: .json(.init(email: principal.email, confirmed: confirmed, emailed: false))))
    }

    func sendEmailConfirmation(_ input: Operations.SendEmailConfirmation.Input) async throws
        -> Operations.SendEmailConfirmation.Output
    {
        let principal = try principal
        let sent = try await request.heirloom.emailConfirmations.send(to: principal)
        return .accepted(.init(body: .json(.init(email: principal.email, confirmed: !sent, emailed: sent))))
    }

    func confirmEmail(_ input: Operations.ConfirmEmail.Input) async throws -> Operations.ConfirmEmail.Output {
        guard case .json(let body) = input.body else { throw AppError.badRequest("Expected a JSON body.") }
        guard let user = try await request.heirloom.emailConfirmations.confirm(body.token) else {
            throw AppError.notFound("link")
        }
        return .ok(.init(body: .json(.init(email: user.email, confirmed: true, emailed: false))))
    }
}
