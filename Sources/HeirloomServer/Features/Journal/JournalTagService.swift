import Fluent
import Foundation
import HeirloomCore
import SQLKit

/// A member's journal tags: a real relation between cards and tags, unique per member.
struct JournalTagService: Sendable {
    let db: any Database

    /// A tag and how many readable cards carry it.
    struct Counted: Sendable, Equatable {
        var name: String
        var count: Int
    }

    /// Gives a card exactly these tags (already normalised) and updates what search looks through.
    func setTags(_ names: [String], on card: JournalCard, userID: UUID) async throws {
        var tags: [JournalTag] = []
        for name in names {
            if let existing = try await JournalTag.query(on: db)
                .filter(\.$user.$id == userID).filter(\.$name == name).first()
            {
                tags.append(existing)
            } else {
                let tag = JournalTag(userID: userID, name: name)
                try await tag.create(on: db)
                tags.append(tag)
            }
        }
        try await card.$tags.detachAll(on: db)
        try await card.$tags.attach(tags, on: db)
        card.$tags.value = tags
        card.searchText = JournalRules.searchText(title: card.title, text: card.body, tags: names)
        try await card.save(on: db)
        try await deleteUnused(userID: userID)
    }

    /// Saves a card after its title or text changed, keeping its tags.
    func refreshSearchText(of card: JournalCard) async throws {
        let names = try await card.$tags.get(reload: true, on: db).map(\.name)
        card.searchText = JournalRules.searchText(title: card.title, text: card.body, tags: names)
        try await card.save(on: db)
    }

    /// The tags on cards in the given drawers, most used first; `prefix` narrows them for autocomplete.
    func tags(userID: UUID, inDrawers drawerIDs: [UUID], prefix: String?) async throws -> [Counted] {
        guard !drawerIDs.isEmpty else { return [] }
        let links = JournalCardTag.schema
        let cards = JournalCard.schema
        let tags = JournalTag.schema
        // Counted in the database: a journal with thousands of cards has many more tag links.
        let rows = try await db.sql().select()
            .column(SQLColumn("name", table: tags), as: "name")
            .column(SQLFunction("COUNT", args: SQLLiteral.all), as: "uses")
            .from(links)
            .join(cards, on: SQLColumn("id", table: cards), .equal, SQLColumn("card_id", table: links))
            .join(tags, on: SQLColumn("id", table: tags), .equal, SQLColumn("tag_id", table: links))
            .where(SQLColumn("user_id", table: cards), .equal, SQLBind(userID))
            .where(SQLColumn("drawer_id", table: cards), .in, SQLBind.group(drawerIDs))
            .groupBy(SQLColumn("name", table: tags))
            .all()
        let start = JournalRules.searchQuery(prefix) ?? ""
        return try rows.map { Counted(name: try $0.decode(column: "name"), count: try $0.decode(column: "uses")) }
            .filter { start.isEmpty || $0.name.hasPrefix(start) }
            .sorted { ($1.count, $0.name) < ($0.count, $1.name) }
    }

    /// Forgets tags that no card carries any more.
    func deleteUnused(userID: UUID) async throws {
        let used = try await JournalCardTag.query(on: db)
            .join(parent: \.$tag)
            .filter(JournalTag.self, \.$user.$id == userID)
            .all(\.$tag.$id)
        let unused = JournalTag.query(on: db).filter(\.$user.$id == userID)
        if used.isEmpty {
            try await unused.delete()
        } else {
            try await unused.filter(\.$id !~ Array(Set(used))).delete()
        }
    }
}
