import Foundation
import HeirloomAPI
import Vapor

extension APIHandler {
    func getHousehold(_ input: Operations.GetHousehold.Input) async throws -> Operations.GetHousehold.Output {
        let household = try await request.heirloom.households.household(of: try principal)
        return .ok(.init(body: .json(try .init(household, settings: true))))
    }

    func updateHousehold(_ input: Operations.UpdateHousehold.Input) async throws -> Operations.UpdateHousehold.Output {
        guard case .json(let body) = input.body else { throw AppError.badRequest("Expected a JSON body.") }
        let household = try await request.heirloom.households.update(
            by: try principal,
            .init(
                name: body.name, defaultCurrency: body.defaultCurrency, timeZone: body.timeZone,
                paperSize: body.paperSize?.rawValue, showValuesToViewers: body.showValuesToViewers)
        )
        return .ok(.init(body: .json(try .init(household, settings: true))))
    }

    func listMembers(_ input: Operations.ListMembers.Input) async throws -> Operations.ListMembers.Output {
        let members = try await request.heirloom.households.members(of: try principal)
        return .ok(.init(body: .json(.init(members: try members.map(Components.Schemas.Member.init)))))
    }

    func updateMember(_ input: Operations.UpdateMember.Input) async throws -> Operations.UpdateMember.Output {
        guard case .json(let body) = input.body else { throw AppError.badRequest("Expected a JSON body.") }
        let id = try uuid(input.path.id, "member")
        let member = try await request.heirloom.households.changeRole(of: id, to: body.role.domain, by: try principal)
        return .ok(.init(body: .json(try .init(member))))
    }

    func removeMember(_ input: Operations.RemoveMember.Input) async throws -> Operations.RemoveMember.Output {
        let id = try uuid(input.path.id, "member")
        try await request.heirloom.households.remove(id, by: try principal)
        return .noContent(.init())
    }

    func listInvitations(_ input: Operations.ListInvitations.Input) async throws -> Operations.ListInvitations.Output {
        let invitations = try await request.heirloom.households.pendingInvitations(of: try principal)
        return .ok(.init(body: .json(.init(invitations: try invitations.map(Components.Schemas.Invitation.init)))))
    }

    func createInvitation(_ input: Operations.CreateInvitation.Input) async throws -> Operations.CreateInvitation.Output
    {
        guard case .json(let body) = input.body else { throw AppError.badRequest("Expected a JSON body.") }
        let households = try request.heirloom.households
        let (invitation, secret, emailed) = try await households.invite(
            role: body.role.domain, email: body.email, name: body.name, by: try principal)
        let created = Components.Schemas.CreatedInvitation(
            id: try invitation.requireID().text,
            url: households.invitationURL(secret: secret),
            token: secret,
            role: .init(invitation.role),
            email: invitation.email,
            expiresAt: invitation.expiresAt,
            emailed: emailed
        )
        return .created(.init(body: .json(created)))
    }

    func revokeInvitation(_ input: Operations.RevokeInvitation.Input) async throws -> Operations.RevokeInvitation.Output
    {
        let id = try uuid(input.path.id, "invitation")
        try await request.heirloom.households.revokeInvitation(id, by: try principal)
        return .noContent(.init())
    }

    func acceptInvitation(_ input: Operations.AcceptInvitation.Input) async throws -> Operations.AcceptInvitation.Output
    {
        guard case .json(let body) = input.body else { throw AppError.badRequest("Expected a JSON body.") }
        let signedIn = try await request.heirloom.accounts.acceptInvitation(
            secret: input.path.token,
            name: body.name,
            email: body.email,
            password: body.password,
            credential: .api(deviceName: nil)
        )
        return .created(.init(body: .json(try .init(signedIn))))
    }
}
