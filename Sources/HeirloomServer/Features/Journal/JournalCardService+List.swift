import Fluent
import Foundation
import HeirloomCore
import SQLKit

extension JournalCardService {
    /// Which cards to list.
    struct Filter: Sendable {
        var drawerID: UUID?
        var tag: String?
        var query: String?
        /// At most this many, newest first; nil for all.
        var limit: Int?
    }

    /// The reader's cards, newest first.
    ///
    /// Without a drawer, only open drawers are listed: locked cards are left out of the timeline, search and
    /// tags. A locked drawer of one's own lists its cards redacted, and matches no search or tag.
    func list(_ filter: Filter, for reader: JournalReader) async throws -> [JournalRedaction.Shown] {
        let drawers = try await drawers.drawers(of: reader)
        var byID: [UUID: JournalDrawer] = [:]
        for drawer in drawers { byID[try drawer.requireID()] = drawer }
        let query = JournalRules.searchQuery(filter.query)
        let tag = try filter.tag.flatMap { try JournalRules.tags([$0]).first }
        let searching = query != nil || filter.tag != nil

        let listed: [UUID]
        if let drawerID = filter.drawerID {
            guard let drawer = byID[drawerID] else { throw AppError.notFound("drawer") }
            if searching && !reader.canRead(drawer) { return [] }
            listed = [drawerID]
        } else {
            listed = try drawers.filter(reader.canRead).map { try $0.requireID() }
        }
        if listed.isEmpty || (filter.tag != nil && tag == nil) { return [] }

        let userID = reader.userID
        let limit = filter.limit
        let found = try await database.reading { sql in
            let cards = SQLIdentifier(JournalCard.schema)
            var select = sql.select().column(SQLColumn(SQLLiteral.all, table: cards)).from(cards)
                .where(SQLColumn("user_id", table: JournalCard.schema), .equal, SQLBind(userID))
                .where(SQLColumn("drawer_id", table: JournalCard.schema), .in, SQLBind.group(listed))
            if let tag {
                select = select.join(
                    SQLIdentifier(JournalCardTag.schema), on: SQLColumn("card_id", table: JournalCardTag.schema),
                    .equal, SQLColumn("id", table: JournalCard.schema)
                ).join(
                    SQLIdentifier(JournalTag.schema), on: SQLColumn("id", table: JournalTag.schema), .equal,
                    SQLColumn("tag_id", table: JournalCardTag.schema)
                ).where(SQLColumn("name", table: JournalTag.schema), .equal, SQLBind(tag))
            }
            if let query {
                // The card's own words, or those of its recording's typed copy (issue 33).
                select = select.column(TranscriptSearch.journalCardWords, as: "spoken").where(
                    SQLQueryString(
                        "(\(ident: JournalCard.schema).\(ident: "search_text") LIKE \(bind: "%" + query + "%") OR ")
                        + TranscriptSearch.journalCardWords + " LIKE \(bind: "%" + query + "%"))")
            }
            select = select.orderBy(SQLColumn("written_on", table: JournalCard.schema), SQLDirection.descending)
                .orderBy(SQLColumn("created_at", table: JournalCard.schema), SQLDirection.descending)
            if let limit { select = select.limit(max(limit, 0)) }
            var found = try await select.all().map { row in
                let (card, searchText) = try Self.listed(row: row)
                guard query != nil, let spoken = try row.decodeIfPresent(column: "spoken", as: String.self) else {
                    return (card: card, searchText: searchText)
                }
                return (card: card, searchText: searchText + "\n" + spoken)
            }
            try await Self.loadTags(of: &found, on: sql)
            return found
        }
        return found.compactMap { card, searchText in
            guard let drawer = byID[card.drawerID] else { return nil }
            // LIKE treats % and _ as wildcards; the plain comparison keeps only real matches.
            if let query, !searchText.contains(query) { return nil }
            return reader.show(card, in: drawer)
        }
    }

    /// A card's row (selected as `journal_cards.*`) as the redaction rule sees it, and its search text. Read
    /// straight from the row, not through a Fluent model, for the reason `ItemRecord` gives.
    static func listed(row: any SQLRow) throws -> (card: JournalRedaction.Card, searchText: String) {
        let kindName = try row.decode(column: "kind", as: String.self)
        guard let kind = JournalCardKind(rawValue: kindName) else {
            throw AppError.internalProblem("A journal card has an unknown kind, \(kindName).")
        }
        let writtenOn = try row.decode(column: "written_on", as: String.self)
        let createdAt = try row.decodeIfPresent(column: "created_at", as: Date.self)
        let card = JournalRedaction.Card(
            id: try row.uuid("id"),
            drawerID: try row.uuid("drawer_id"),
            kind: kind,
            title: try row.decodeIfPresent(column: "title", as: String.self),
            text: try row.decode(column: "body", as: String.self),
            tags: [],
            day: JournalCard.day(writtenOn: writtenOn, createdAt: createdAt),
            durationSeconds: try row.decodeIfPresent(column: "duration_seconds", as: Double.self),
            waveform: WaveformBuilder.peaks(fromJSON: try row.decodeIfPresent(column: "waveform", as: String.self))
        )
        return (card, try row.decode(column: "search_text", as: String.self))
    }

    /// Reads the tags of `cards`, sorted by name, in one read for them all.
    static func loadTags(
        of cards: inout [(card: JournalRedaction.Card, searchText: String)], on sql: any SQLDatabase
    ) async throws {
        guard !cards.isEmpty else { return }
        var index: [UUID: Int] = [:]
        for (position, listed) in cards.enumerated() { index[listed.card.id] = position }
        let rows = try await sql.select().column(SQLColumn("name", table: JournalTag.schema))
            .column(SQLColumn("card_id", table: JournalCardTag.schema))
            .from(JournalCardTag.schema)
            .join(
                SQLIdentifier(JournalTag.schema), on: SQLColumn("id", table: JournalTag.schema), .equal,
                SQLColumn("tag_id", table: JournalCardTag.schema)
            )
            .where(SQLColumn("card_id", table: JournalCardTag.schema), .in, SQLBind.group(Array(index.keys))).all()
        for row in rows {
            guard let position = index[try row.uuid("card_id")] else { continue }
            cards[position].card.tags.append(try row.decode(column: "name", as: String.self))
        }
        for position in cards.indices { cards[position].card.tags.sort() }
    }

    /// The tags of the reader's open drawers, most used first.
    func tags(prefix: String?, for reader: JournalReader) async throws -> [JournalTagService.Counted] {
        let open = try await drawers.drawers(of: reader).filter(reader.canRead).map { try $0.requireID() }
        return try await JournalTagService(db: db).tags(userID: reader.userID, inDrawers: open, prefix: prefix)
    }
}
