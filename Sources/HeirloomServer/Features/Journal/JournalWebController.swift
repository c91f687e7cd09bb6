import Foundation
import HeirloomCore
import Vapor

/// The journal's pages: the catalogue of drawers, the three views, cards, drawers, and unlocking.
struct JournalWebController {
    /// How many cards the journal page shows at first, and how many more each "Show older cards" adds.
    static let pageSize = 50

    static let views: [(key: String, label: String, grouping: JournalGrouping)] = [
        ("timeline", "Timeline", .none), ("cabinet", "Cabinet", .week), ("bookshelf", "Bookshelf", .month),
    ]

    func index(req: Request) async throws -> View {
        let principal = try req.principal()
        let reader = req.heirloom.journalReader(principal)
        let view = Self.views.first { $0.key == req.query[String.self, at: "view"] } ?? Self.views[0]
        let query = req.query[String.self, at: "q"] ?? ""
        let tag = req.query[String.self, at: "tag"] ?? ""
        let shown = min(max(req.query[Int.self, at: "shown"] ?? Self.pageSize, Self.pageSize), 10_000)
        let listed = try await req.heirloom.journalDrawers.listed(for: reader)
        var cards = try await req.heirloom.journalCards.list(
            .init(drawerID: nil, tag: tag.isEmpty ? nil : tag, query: query, limit: shown + 1), for: reader)
        let hasMore = cards.count > shown
        cards = Array(cards.prefix(shown))
        let tags = try await req.heirloom.journalCards.tags(prefix: nil, for: reader)
        var filters = ""
        if !query.isEmpty { filters += "&q=\(query.urlQueryEncoded)" }
        if !tag.isEmpty { filters += "&tag=\(tag.urlQueryEncoded)" }
        let model = JournalPages.Index(
            lock: .init(reader, next: SiteURL.journal.path, days: try req.principal().days),
            drawers: try listed.map { try .init($0, reader: reader) },
            views: Self.views.map { each in
                .init(
                    key: each.key, label: each.label, href: SiteURL.journal.path + "?view=\(each.key)\(filters)",
                    current: each.key == view.key)
            },
            view: view.key,
            groups: JournalPages.CardGroup.make(cards, by: view.grouping, drawers: try Self.byID(listed)),
            query: query,
            tag: tag,
            tags: tags.prefix(30).map {
                .init(
                    name: $0.name, href: SiteURL.journal.path + "?view=\(view.key)&tag=\($0.name.urlQueryEncoded)",
                    current: $0.name == tag)
            },
            hasTags: !tags.isEmpty,
            isFiltered: !query.isEmpty || !tag.isEmpty,
            hasCards: !cards.isEmpty,
            cardsBehindLocks: try await req.heirloom.journalDrawers.cardsBehindLocks(for: reader),
            moreHref: hasMore
                ? SiteURL.journal.path + "?view=\(view.key)\(filters)&shown=\(shown + Self.pageSize)" : nil
        )
        return try await Page.render(
            .journalIndex, base: PageBase(request: req, title: "Journal", nav: .journal), model, on: req)
    }

    func showDrawer(req: Request) async throws -> View {
        let reader = req.heirloom.journalReader(try req.principal())
        let id = try req.id("drawer")
        let listed = try await req.heirloom.journalDrawers.listed(for: reader)
        guard let drawer = try listed.first(where: { try $0.drawer.requireID() == id }) else {
            throw AppError.notFound("drawer")
        }
        let cards = try await req.heirloom.journalCards.list(.init(drawerID: id), for: reader)
        let model = JournalPages.Drawer(
            lock: .init(reader, next: SiteURL.journalDrawer(.value(id)).path, days: try req.principal().days),
            drawer: try .init(drawer, reader: reader),
            groups: JournalPages.CardGroup.make(cards, by: .none, drawers: try Self.byID(listed)),
            hasCards: !cards.isEmpty
        )
        let base = PageBase(request: req, title: drawer.drawer.name, nav: .journal)
        return try await Page.render(.journalDrawer, base: base, model, on: req)
    }

    static func byID(_ listed: [JournalDrawerService.Listed]) throws -> [UUID: JournalDrawer] {
        var drawers: [UUID: JournalDrawer] = [:]
        for each in listed { drawers[try each.drawer.requireID()] = each.drawer }
        return drawers
    }
}

extension String {
    /// The string as one value in a URL's query.
    var urlQueryEncoded: String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
    }
}
