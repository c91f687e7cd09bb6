import Foundation
import HeirloomCore
import Vapor

extension JournalWebController {
    struct DrawersPage: Encodable {
        var lock: JournalPages.LockBar
        var drawers: [JournalPages.DrawerTile]
        var newName: String
        var error: String?
        var errorDrawer: String?
    }

    struct DrawerDeletePage: Encodable {
        var drawer: JournalPages.DrawerTile
        var holdsCards: Bool
        var cardText: String
        var targets: [JournalPages.DrawerOption]
        var hasTargets: Bool
        var error: String?
    }

    struct DrawerForm: Content {
        var name: String?
        var isLocked: String?
        var direction: String?
        var moveTo: String?
    }

    func drawers(req: Request) async throws -> View {
        try await drawersPage(req: req, newName: "", error: nil, errorDrawer: nil)
    }

    func createDrawer(req: Request) async throws -> Response {
        let reader = req.heirloom.journalReader(try req.principal())
        let form = try req.content.decode(DrawerForm.self)
        return try await req.submitForm {
            _ = try await req.heirloom.journalDrawers.create(
                name: form.name ?? "", isLocked: form.isLocked != nil, for: reader)
            return req.redirect(to: SiteURL.journalDrawers.path(done: .drawerCreated))
        } orShowAgain: { errors in
            try await drawersPage(req: req, newName: form.name ?? "", error: errors.values.first, errorDrawer: "new")
        }
    }

    func updateDrawer(req: Request) async throws -> Response {
        let reader = req.heirloom.journalReader(try req.principal())
        let id = try req.id("drawer")
        let form = try req.content.decode(DrawerForm.self)
        return try await req.submitForm {
            _ = try await req.heirloom.journalDrawers.update(
                id, .init(name: form.name, isLocked: form.isLocked != nil), for: reader)
            return req.redirect(to: SiteURL.journalDrawers.path(done: .drawerSaved))
        } orShowAgain: { errors in
            try await drawersPage(req: req, newName: "", error: errors.values.first, errorDrawer: id.text)
        }
    }

    func moveDrawer(req: Request) async throws -> Response {
        let reader = req.heirloom.journalReader(try req.principal())
        let id = try req.id("drawer")
        let form = try req.content.decode(DrawerForm.self)
        let drawers = try await req.heirloom.journalDrawers.drawers(of: reader)
        guard let position = try drawers.firstIndex(where: { try $0.requireID() == id }) else {
            throw AppError.notFound("drawer")
        }
        let target = form.direction == "up" ? position - 1 : position + 1
        _ = try await req.heirloom.journalDrawers.update(id, .init(sortOrder: max(0, target)), for: reader)
        return req.redirect(to: SiteURL.journalDrawers.path(fragment: "drawer-\(id)"))
    }

    func confirmDrawerDeletion(req: Request) async throws -> View {
        try await drawerDeletePage(req: req, error: nil)
    }

    func deleteDrawer(req: Request) async throws -> Response {
        let reader = req.heirloom.journalReader(try req.principal())
        let form = try req.content.decode(DrawerForm.self)
        return try await req.submitForm(conflictsOn: "moveTo") {
            try await req.heirloom.journalDrawers.delete(
                try req.id("drawer"), moveTo: form.moveTo.flatMap(UUID.init(uuidString:)), for: reader)
            return req.redirect(to: SiteURL.journalDrawers.path(done: .drawerDeleted))
        } orShowAgain: { errors in
            try await drawerDeletePage(req: req, error: errors.values.first)
        }
    }

    private func drawersPage(req: Request, newName: String, error: String?, errorDrawer: String?) async throws
        -> View
    {
        let reader = req.heirloom.journalReader(try req.principal())
        let listed = try await req.heirloom.journalDrawers.listed(for: reader)
        let model = DrawersPage(
            lock: .init(reader, next: SiteURL.journalDrawers.path, days: try req.principal().days),
            drawers: try listed.map { try .init($0, reader: reader) },
            newName: newName,
            error: error,
            errorDrawer: errorDrawer
        )
        let base = PageBase(request: req, title: "Your drawers", nav: .journal)
        return try await Page.render(.journalDrawers, base: base, model, on: req)
    }

    private func drawerDeletePage(req: Request, error: String?) async throws -> View {
        let reader = req.heirloom.journalReader(try req.principal())
        let id = try req.id("drawer")
        let listed = try await req.heirloom.journalDrawers.listed(for: reader)
        guard let drawer = try listed.first(where: { try $0.drawer.requireID() == id }) else {
            throw AppError.notFound("drawer")
        }
        try reader.requireOpen(drawer.drawer)
        let targets = try listed.filter { try $0.drawer.requireID() != id && reader.canRead($0.drawer) }
        let model = DrawerDeletePage(
            drawer: try .init(drawer, reader: reader),
            holdsCards: (drawer.cardCount ?? 0) > 0,
            cardText: drawer.cardCount == 1 ? "1 card" : "\(drawer.cardCount ?? 0) cards",
            targets: try targets.enumerated().map { index, each in
                .init(id: try each.drawer.requireID().text, name: each.drawer.name, selected: index == 0)
            },
            hasTargets: !targets.isEmpty,
            error: error
        )
        let base = PageBase(request: req, title: "Delete a drawer", nav: .journal)
        return try await Page.render(.journalDrawerDelete, base: base, model, on: req)
    }
}
