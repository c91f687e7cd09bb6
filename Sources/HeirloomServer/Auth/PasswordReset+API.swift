import Foundation
import HeirloomAPI
import Vapor

extension APIHandler {
    /// What a request for a reset link answers, whether or not an account uses the address.
    static let passwordResetTaken =
        "If an account uses this address, a link to choose a new password is on its way. It works once, within "
        + "one hour."

    func requestPasswordReset(_ input: Operations.RequestPasswordReset.Input) async throws
        -> Operations.RequestPasswordReset.Output
    {
        guard case .json(let body) = input.body else { throw AppError.badRequest("Expected a JSON body.") }
        let request = try request
        try await request.heirloom.passwordResets.request(email: body.email, address: request.clientAddress)
        return .accepted(.init(body: .json(.init(message: Self.passwordResetTaken))))
    }

    func resetPassword(_ input: Operations.ResetPassword.Input) async throws -> Operations.ResetPassword.Output {
        guard case .json(let body) = input.body else { throw AppError.badRequest("Expected a JSON body.") }
        let signedIn = try await request.heirloom.passwordResets.setPasswordAndSignIn(
            input.path.token, to: body.newPassword, credential: .api(deviceName: body.deviceName))
        return .ok(.init(body: .json(try .init(signedIn))))
    }
}
