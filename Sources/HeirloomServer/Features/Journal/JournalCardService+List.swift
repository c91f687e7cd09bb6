import Fluent
import Foundation
import HeirloomCore

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

        var cards = JournalCard.query(on: db)
            .filter(\.$user.$id == reader.userID)
            .filter(\.$drawer.$id ~~ listed)
        if let tag {
            cards = cards.join(siblings: \.$tags).filter(JournalTag.self, \.$name == tag)
        }
        if let query {
            cards = cards.filter(\.$searchText ~~ query)
        }
        cards = cards.with(\.$tags).sort(\.$writtenOn, .descending).sort(\.$createdAt, .descending)
        if let limit = filter.limit { cards = cards.limit(max(limit, 0)) }
        let found = try await cards.all()
        return try found.compactMap { card in
            guard let drawer = byID[card.$drawer.id] else { return nil }
            // LIKE treats % and _ as wildcards; the plain comparison keeps only real matches.
            if let query, !card.searchText.contains(query) { return nil }
            return try reader.show(card, in: drawer)
        }
    }

    /// The tags of the reader's open drawers, most used first.
    func tags(prefix: String?, for reader: JournalReader) async throws -> [JournalTagService.Counted] {
        let open = try await drawers.drawers(of: reader).filter(reader.canRead).map { try $0.requireID() }
        return try await JournalTagService(db: db).tags(userID: reader.userID, inDrawers: open, prefix: prefix)
    }
}
