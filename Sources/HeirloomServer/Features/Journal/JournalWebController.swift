import Foundation
import HeirloomCore
import Vapor

/// The journal's pages: the catalogue of drawers, the three views, cards, drawers, and unlocking.
struct JournalWebController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        let journal = routes.grouped("journal").grouped(JournalLockedMiddleware())
        journal.get(use: index)
        journal.get("unlock", use: unlockForm)
        journal.post("unlock", use: unlock)
        journal.post("lock", use: lock)

        journal.get("drawers", use: drawers)
        journal.post("drawers", use: createDrawer)
        journal.get("drawers", ":id", use: showDrawer)
        journal.post("drawers", ":id", use: updateDrawer)
        journal.post("drawers", ":id", "move", use: moveDrawer)
        journal.get("drawers", ":id", "delete", use: confirmDrawerDeletion)
        journal.post("drawers", ":id", "delete", use: deleteDrawer)

        journal.get("cards", "new", use: newCard)
        journal.post("cards", use: createCard)
        journal.on(.POST, "cards", "voice", body: .stream, use: createVoiceCard)
        journal.get("cards", ":id", use: showCard)
        journal.get("cards", ":id", "edit", use: editCard)
        journal.post("cards", ":id", use: updateCard)
        journal.get("cards", ":id", "delete", use: confirmCardDeletion)
        journal.post("cards", ":id", "delete", use: deleteCard)
    }

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
            lock: .init(reader, next: "/journal"),
            drawers: try listed.map { try .init($0, reader: reader) },
            views: Self.views.map { each in
                .init(
                    key: each.key, label: each.label, href: "/journal?view=\(each.key)\(filters)",
                    current: each.key == view.key)
            },
            view: view.key,
            groups: JournalPages.CardGroup.make(cards, by: view.grouping, drawers: try Self.byID(listed)),
            query: query,
            tag: tag,
            tags: tags.prefix(30).map {
                .init(
                    name: $0.name, href: "/journal?view=\(view.key)&tag=\($0.name.urlQueryEncoded)",
                    current: $0.name == tag)
            },
            hasTags: !tags.isEmpty,
            isFiltered: !query.isEmpty || !tag.isEmpty,
            hasCards: !cards.isEmpty,
            moreHref: hasMore ? "/journal?view=\(view.key)\(filters)&shown=\(shown + Self.pageSize)" : nil
        )
        return try await Page.render(
            "journal/index", base: PageBase(request: req, title: "Journal", nav: "journal"), model, on: req)
    }

    func showDrawer(req: Request) async throws -> View {
        let reader = req.heirloom.journalReader(try req.principal())
        let id = try Self.id(req, "drawer")
        let listed = try await req.heirloom.journalDrawers.listed(for: reader)
        guard let drawer = try listed.first(where: { try $0.drawer.requireID() == id }) else {
            throw AppError.notFound("drawer")
        }
        let cards = try await req.heirloom.journalCards.list(.init(drawerID: id), for: reader)
        let model = JournalPages.Drawer(
            lock: .init(reader, next: "/journal/drawers/\(id)"),
            drawer: try .init(drawer, reader: reader),
            groups: JournalPages.CardGroup.make(cards, by: .none, drawers: try Self.byID(listed)),
            hasCards: !cards.isEmpty
        )
        let base = PageBase(request: req, title: drawer.drawer.name, nav: "journal")
        return try await Page.render("journal/drawer", base: base, model, on: req)
    }

    static func byID(_ listed: [JournalDrawerService.Listed]) throws -> [UUID: JournalDrawer] {
        var drawers: [UUID: JournalDrawer] = [:]
        for each in listed { drawers[try each.drawer.requireID()] = each.drawer }
        return drawers
    }

    static func id(_ req: Request, _ what: String) throws -> UUID {
        guard let id = req.parameters.get("id").flatMap(UUID.init(uuidString:)) else {
            throw AppError.notFound(what)
        }
        return id
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
