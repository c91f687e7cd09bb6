import Foundation
import HeirloomAPI
import HeirloomCore
import OpenAPIRuntime
import Vapor

/// Members' passings for their letters, for a trusted contact through their own bearer token.
extension APIHandler {
    func listExecutorMembers(_ input: Operations.ListExecutorMembers.Input) async throws
        -> Operations.ListExecutorMembers.Output
    {
        let waiting = try await request.heirloom.memberPassings.waiting(for: try await executor())
        let now = try request.heirloom.now
        return .ok(.init(body: .json(.init(members: waiting.map { .init($0, now: now) }))))
    }

    func reportMemberPassing(_ input: Operations.ReportMemberPassing.Input) async throws
        -> Operations.ReportMemberPassing.Output
    {
        guard case .json(let body) = input.body else { throw AppError.badRequest("Expected a JSON body.") }
        let member = try await request.heirloom.memberPassings.report(
            try uuid(input.path.userId, "member"), dateOfPassing: body.dateOfPassing, by: try await executor())
        return .ok(.init(body: .json(.init(member, now: try request.heirloom.now))))
    }
}

extension Components.Schemas.MemberPassingState {
    init(_ waiting: MemberPassingService.Waiting, now: Date) {
        self.init(
            userId: (waiting.user.id ?? UUID()).text, name: waiting.user.name,
            state: .init(rawValue: waiting.status.effectiveState(at: now).rawValue) ?? .active,
            releaseAt: waiting.status.releaseAt)
    }
}
