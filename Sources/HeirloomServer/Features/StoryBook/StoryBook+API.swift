import Foundation
import HeirloomAPI
import HeirloomCore
import OpenAPIRuntime
import Vapor

extension APIHandler {
    func listStoryBookLinks(_ input: Operations.ListStoryBookLinks.Input) async throws
        -> Operations.ListStoryBookLinks.Output
    {
        let principal = try principal
        let id = try uuid(input.path.id, "storyteller")
        _ = try await request.heirloom.storytellers.find(id, principal)
        let links = try await request.heirloom.bookLinks.list(id, householdID: principal.householdID)
        return .ok(.init(body: .json(.init(links: links.map(Components.Schemas.StoryBookLink.init)))))
    }

    func withdrawStoryBookLink(_ input: Operations.WithdrawStoryBookLink.Input) async throws
        -> Operations.WithdrawStoryBookLink.Output
    {
        let link = try await request.heirloom.bookLinks.withdraw(
            try uuid(input.path.linkId, "link"), of: try uuid(input.path.id, "storyteller"), by: try principal)
        return .ok(.init(body: .json(.init(link))))
    }
}

extension Components.Schemas.StoryBookLink {
    init(_ link: BookLinks.Listed) {
        self.init(
            id: link.id.text, questionId: link.questionID.text, chapter: link.chapter, createdAt: link.createdAt,
            lastOpenedAt: link.lastOpenedAt, withdrawnAt: link.withdrawnAt)
    }
}
