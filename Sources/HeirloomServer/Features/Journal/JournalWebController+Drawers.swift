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
        try CSRF.verifyForm(req)
        let reader = req.heirloom.journalReader(try req.principal())
        let form = try req.content.decode(DrawerForm.self)
        do {
            _ = try await req.heirloom.journalDrawers.create(
                name: form.name ?? "", isLocked: form.isLocked != nil, for: reader)
            return req.redirect(to: "/journal/drawers?done=drawer-created")
        } catch {
            let error = try AppError.userFacing(error)
            guard error.field != nil else { throw error }
            let view = try await drawersPage(
                req: req, newName: form.name ?? "", error: error.message, errorDrawer: "new")
            return try await view.encodeResponse(status: error.status, for: req)
        }
    }

    func updateDrawer(req: Request) async throws -> Response {
        try CSRF.verifyForm(req)
        let reader = req.heirloom.journalReader(try req.principal())
        let id = try Self.id(req, "drawer")
        let form = try req.content.decode(DrawerForm.self)
        do {
            _ = try await req.heirloom.journalDrawers.update(
                id, .init(name: form.name, isLocked: form.isLocked != nil), for: reader)
            return req.redirect(to: "/journal/drawers?done=drawer-saved")
        } catch {
            let error = try AppError.userFacing(error)
            guard error.field != nil else { throw error }
            let view = try await drawersPage(req: req, newName: "", error: error.message, errorDrawer: id.uuidString)
            return try await view.encodeResponse(status: error.status, for: req)
        }
    }

    func moveDrawer(req: Request) async throws -> Response {
        try CSRF.verifyForm(req)
        let reader = req.heirloom.journalReader(try req.principal())
        let id = try Self.id(req, "drawer")
        let form = try req.content.decode(DrawerForm.self)
        let drawers = try await req.heirloom.journalDrawers.drawers(of: reader)
        guard let position = try drawers.firstIndex(where: { try $0.requireID() == id }) else {
            throw AppError.notFound("drawer")
        }
        let target = form.direction == "up" ? position - 1 : position + 1
        _ = try await req.heirloom.journalDrawers.update(id, .init(sortOrder: max(0, target)), for: reader)
        return req.redirect(to: "/journal/drawers#drawer-\(id)")
    }

    func confirmDrawerDeletion(req: Request) async throws -> View {
        try await drawerDeletePage(req: req, error: nil)
    }

    func deleteDrawer(req: Request) async throws -> Response {
        try CSRF.verifyForm(req)
        let reader = req.heirloom.journalReader(try req.principal())
        let form = try req.content.decode(DrawerForm.self)
        do {
            try await req.heirloom.journalDrawers.delete(
                try Self.id(req, "drawer"), moveTo: form.moveTo.flatMap(UUID.init(uuidString:)), for: reader)
            return req.redirect(to: "/journal/drawers?done=drawer-deleted")
        } catch {
            let error = try AppError.userFacing(error)
            guard error.status == .conflict || error.field != nil else { throw error }
            let view = try await drawerDeletePage(req: req, error: error.message)
            return try await view.encodeResponse(status: error.status, for: req)
        }
    }

    private func drawersPage(req: Request, newName: String, error: String?, errorDrawer: String?) async throws
        -> View
    {
        let reader = req.heirloom.journalReader(try req.principal())
        let listed = try await req.heirloom.journalDrawers.listed(for: reader)
        let model = DrawersPage(
            lock: .init(reader, next: "/journal/drawers"),
            drawers: try listed.map { try .init($0, reader: reader) },
            newName: newName,
            error: error,
            errorDrawer: errorDrawer
        )
        let base = PageBase(request: req, title: "Your drawers", nav: "journal")
        return try await Page.render("journal/drawers", base: base, model, on: req)
    }

    private func drawerDeletePage(req: Request, error: String?) async throws -> View {
        let reader = req.heirloom.journalReader(try req.principal())
        let id = try Self.id(req, "drawer")
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
                .init(id: try each.drawer.requireID().uuidString, name: each.drawer.name, selected: index == 0)
            },
            hasTargets: !targets.isEmpty,
            error: error
        )
        let base = PageBase(request: req, title: "Delete a drawer", nav: "journal")
        return try await Page.render("journal/drawer-delete", base: base, model, on: req)
    }
}
