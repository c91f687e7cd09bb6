import Foundation
import HeirloomAPI
import Vapor

extension APIHandler {
    func getHealth(_ input: Operations.GetHealth.Input) async throws -> Operations.GetHealth.Output {
        let request = try request
        let hubName = try await request.heirloom.services.hubName.name(on: { request.db })
        return .ok(.init(body: .json(.init(status: .ok, version: HubInfo.version, hubName: hubName))))
    }

    func setUp(_ input: Operations.SetUp.Input) async throws -> Operations.SetUp.Output {
        guard case .json(let body) = input.body else { throw AppError.badRequest("Expected a JSON body.") }
        let signedIn = try await request.heirloom.accounts.setUp(
            .init(householdName: body.householdName, name: body.name, email: body.email, password: body.password),
            credential: .api(deviceName: nil)
        )
        return .created(.init(body: .json(try .init(signedIn))))
    }

    func register(_ input: Operations.Register.Input) async throws -> Operations.Register.Output {
        guard case .json(let body) = input.body else { throw AppError.badRequest("Expected a JSON body.") }
        let signedIn = try await request.heirloom.accounts.register(
            .init(householdName: body.householdName, name: body.name, email: body.email, password: body.password),
            credential: .api(deviceName: nil)
        )
        return .created(.init(body: .json(try .init(signedIn))))
    }

    func logIn(_ input: Operations.LogIn.Input) async throws -> Operations.LogIn.Output {
        guard case .json(let body) = input.body else { throw AppError.badRequest("Expected a JSON body.") }
        let request = try request
        let signedIn = try await request.heirloom.accounts.logIn(
            email: body.email,
            password: body.password,
            credential: .api(deviceName: body.deviceName),
            address: request.clientAddress
        )
        return .ok(.init(body: .json(try .init(signedIn))))
    }

    func logOut(_ input: Operations.LogOut.Input) async throws -> Operations.LogOut.Output {
        let principal = try principal
        try await request.heirloom.tokens.revoke(tokenID: principal.tokenID)
        return .noContent(.init())
    }

    func signInWithApple(_ input: Operations.SignInWithApple.Input) async throws -> Operations.SignInWithApple.Output {
        guard case .json(let body) = input.body else { throw AppError.badRequest("Expected a JSON body.") }
        let signedIn = try await request.heirloom.accounts.signInWithApple(
            identityToken: body.identityToken,
            fullName: body.fullName,
            invitationSecret: body.invitationToken,
            credential: .api(deviceName: body.deviceName ?? "iPhone")
        )
        return .ok(.init(body: .json(try .init(signedIn))))
    }

    func listTokens(_ input: Operations.ListTokens.Input) async throws -> Operations.ListTokens.Output {
        let principal = try principal
        let tokens = try await request.heirloom.tokens.list(userID: principal.userID)
        let infos = try tokens.map { try Components.Schemas.TokenInfo($0, currentID: principal.tokenID) }
        return .ok(.init(body: .json(.init(tokens: infos))))
    }

    func revokeToken(_ input: Operations.RevokeToken.Input) async throws -> Operations.RevokeToken.Output {
        let principal = try principal
        let id = try uuid(input.path.id, "session or token")
        try await request.heirloom.tokens.revoke(id: id, userID: principal.userID)
        return .noContent(.init())
    }

    func getMe(_ input: Operations.GetMe.Input) async throws -> Operations.GetMe.Output {
        // Everything comes from the sign-in's own query: no second read of the household.
        let principal = try principal
        let me = Components.Schemas.Me(
            user: .init(id: principal.userID.text, name: principal.name, email: principal.email),
            household: .init(
                id: principal.householdID.text, name: principal.householdName,
                defaultCurrency: principal.householdCurrency),
            role: .init(principal.role)
        )
        return .ok(.init(body: .json(me)))
    }

    func changePassword(_ input: Operations.ChangePassword.Input) async throws -> Operations.ChangePassword.Output {
        guard case .json(let body) = input.body else { throw AppError.badRequest("Expected a JSON body.") }
        let request = try request
        try await request.heirloom.accounts.changePassword(
            for: try principal,
            current: body.currentPassword,
            new: body.newPassword,
            address: request.clientAddress
        )
        return .noContent(.init())
    }
}
