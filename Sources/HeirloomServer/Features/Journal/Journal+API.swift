import Foundation
import HeirloomAPI
import HeirloomCore
import Vapor

extension APIHandler {
    /// The signed-in member as the reader of their own journal.
    var reader: JournalReader {
        get throws { try request.heirloom.journalReader(try principal) }
    }

    func listJournalDrawers(_ input: Operations.ListJournalDrawers.Input) async throws
        -> Operations.ListJournalDrawers.Output
    {
        let reader = try reader
        let drawers = try await request.heirloom.journalDrawers.listed(for: reader)
        let list = Components.Schemas.JournalDrawerList(
            drawers: try drawers.map(Components.Schemas.JournalDrawer.init), unlockedUntil: reader.openUntil)
        return .ok(.init(body: .json(list)))
    }

    func createJournalDrawer(_ input: Operations.CreateJournalDrawer.Input) async throws
        -> Operations.CreateJournalDrawer.Output
    {
        guard case .json(let body) = input.body else { throw AppError.badRequest("Expected a JSON body.") }
        let drawer = try await request.heirloom.journalDrawers.create(
            name: body.name, isLocked: body.isLocked ?? false, for: try reader)
        return .created(.init(body: .json(try .init(.init(drawer: drawer, cardCount: 0)))))
    }

    func updateJournalDrawer(_ input: Operations.UpdateJournalDrawer.Input) async throws
        -> Operations.UpdateJournalDrawer.Output
    {
        guard case .json(let body) = input.body else { throw AppError.badRequest("Expected a JSON body.") }
        let reader = try reader
        let service = try request.heirloom.journalDrawers
        let drawer = try await service.update(
            try uuid(input.path.id, "drawer"),
            .init(name: body.name, isLocked: body.isLocked, sortOrder: body.sortOrder),
            for: reader
        )
        let listed = try await service.listed(for: reader).first { $0.drawer.id == drawer.id }
        return .ok(.init(body: .json(try .init(listed ?? .init(drawer: drawer, cardCount: nil)))))
    }

    func deleteJournalDrawer(_ input: Operations.DeleteJournalDrawer.Input) async throws
        -> Operations.DeleteJournalDrawer.Output
    {
        let id = try uuid(input.path.id, "drawer")
        let moveTo = try input.query.moveTo.map { text in
            guard let id = UUID(uuidString: text) else {
                throw AppError.invalid(FieldError(field: "moveTo", message: "Please choose one of your drawers."))
            }
            return id
        }
        try await request.heirloom.journalDrawers.delete(id, moveTo: moveTo, for: try reader)
        return .noContent(.init())
    }

    func unlockJournal(_ input: Operations.UnlockJournal.Input) async throws -> Operations.UnlockJournal.Output {
        guard case .json(let body) = input.body else { throw AppError.badRequest("Expected a JSON body.") }
        let request = try request
        let until = try await request.heirloom.journalLock.unlock(
            try principal, password: body.password, identityToken: body.identityToken,
            address: request.clientAddress)
        return .ok(.init(body: .json(.init(unlockedUntil: until))))
    }

    func lockJournal(_ input: Operations.LockJournal.Input) async throws -> Operations.LockJournal.Output {
        try await request.heirloom.journalLock.lock(try principal)
        return .noContent(.init())
    }

    func listJournalTags(_ input: Operations.ListJournalTags.Input) async throws -> Operations.ListJournalTags.Output {
        let tags = try await request.heirloom.journalCards.tags(prefix: input.query.prefix, for: try reader)
        return .ok(.init(body: .json(.init(tags: tags.map { .init(name: $0.name, count: $0.count) }))))
    }
}
