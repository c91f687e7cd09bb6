import Fluent
import Foundation
import HeirloomCore

/// A member's journal cards: written, read, changed, moved and deleted, always through the redaction rule.
struct JournalCardService: Sendable {
    /// The hub's database: lists read through `database.reading`.
    let database: HubDatabase
    let media: MediaService
    /// The day a new card is written on, as the hub's calendar sees it.
    let today: JournalDay

    var db: any Database { database.db }

    var drawers: JournalDrawerService { JournalDrawerService(database: database) }

    /// A new text card.
    struct NewCard: Sendable {
        var drawerID: UUID
        var title: String?
        var text: String
        var tags: [String]
        var day: JournalDay?
    }

    /// What may change about a card; nil leaves it as it is (an empty title goes back to the first words).
    struct Changes: Sendable {
        var drawerID: UUID?
        var title: String?
        var text: String?
        var tags: [String]?
        var day: JournalDay?
    }

    /// One of the reader's cards as they may see it; 404 for anyone else's, 423 while its drawer is locked.
    func card(_ id: UUID, for reader: JournalReader) async throws -> JournalRedaction.Shown {
        let (card, drawer) = try await openCard(id, for: reader)
        return try reader.show(card, in: drawer)
    }

    /// Writes a text card in one of the reader's open drawers.
    func create(_ new: NewCard, for reader: JournalReader) async throws -> JournalRedaction.Shown {
        let drawer = try await drawers.drawer(new.drawerID, of: reader)
        try reader.requireOpen(drawer)
        // Every field is checked, so a form shows all its mistakes at once.
        var checks = FieldChecks()
        let title = try checks.value { try JournalRules.title(new.title) } ?? nil
        let text = try checks.value { try JournalRules.text(new.text) } ?? ""
        let tags = try checks.value { try JournalRules.tags(new.tags) } ?? []
        try checks.finish()
        let card = JournalCard(
            userID: reader.userID, drawerID: try drawer.requireID(), kind: .text, writtenOn: new.day ?? today)
        card.title = title
        card.body = text
        try await db.transaction { db in
            try await card.create(on: db)
            try await JournalTagService(db: db).setTags(tags, on: card, userID: reader.userID)
        }
        return try await self.card(try card.requireID(), for: reader)
    }

    /// Edits or moves a card; both its drawer and the drawer it moves to must be open.
    func update(_ id: UUID, _ changes: Changes, for reader: JournalReader) async throws -> JournalRedaction.Shown {
        let (card, _) = try await openCard(id, for: reader)
        if let drawerID = changes.drawerID, drawerID != card.$drawer.id {
            let target = try await drawers.drawer(drawerID, of: reader)
            try reader.requireOpen(target)
            card.$drawer.id = drawerID
        }
        var checks = FieldChecks()
        if let title = changes.title { card.title = try checks.value { try JournalRules.title(title) } ?? nil }
        if let text = changes.text {
            let kind = card.kind
            card.body =
                try checks.value { kind == .voice ? try JournalRules.notes(text) : try JournalRules.text(text) } ?? ""
        }
        if let day = changes.day { card.writtenOn = day.description }
        let tags = try checks.value { try changes.tags.map { try JournalRules.tags($0) } } ?? nil
        try checks.finish()
        try await db.transaction { db in
            let tagService = JournalTagService(db: db)
            if let tags {
                try await tagService.setTags(tags, on: card, userID: reader.userID)
            } else {
                try await tagService.refreshSearchText(of: card)
            }
        }
        return try await self.card(id, for: reader)
    }

    /// Deletes a card; a voice card's recording goes with it in the same transaction, and its files are
    /// freed unless something else holds the same content.
    func delete(_ id: UUID, for reader: JournalReader) async throws {
        let (card, _) = try await openCard(id, for: reader)
        var recordings: [MediaObject] = []
        if let mediaID = card.mediaID, let object = try await MediaObject.find(mediaID, on: db) {
            recordings.append(object)
        }
        try await media.delete(recordings) { db in
            try await card.delete(on: db)
            try await JournalTagService(db: db).deleteUnused(userID: reader.userID)
        }
    }

    /// The recording of one of the reader's voice cards; 423 while its drawer is locked, 404 for a text card.
    func audio(_ id: UUID, for reader: JournalReader) async throws -> MediaObject {
        let (card, _) = try await openCard(id, for: reader)
        guard let mediaID = card.mediaID, let object = try await MediaObject.find(mediaID, on: db) else {
            throw AppError.notFound("recording")
        }
        return object
    }

    /// A card of the reader's with its drawer, after checking that the drawer is open.
    func openCard(_ id: UUID, for reader: JournalReader) async throws -> (JournalCard, JournalDrawer) {
        guard
            let card = try await JournalCard.query(on: db)
                .filter(\.$id == id)
                .filter(\.$user.$id == reader.userID)
                .with(\.$drawer)
                .with(\.$tags)
                .first()
        else { throw AppError.notFound("card") }
        try reader.requireOpen(card.drawer)
        return (card, card.drawer)
    }
}
