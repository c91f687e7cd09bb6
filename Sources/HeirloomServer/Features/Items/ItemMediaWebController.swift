import Foundation
import HeirloomCore
import Vapor

/// Adding, ordering and removing an item's photos, documents and stories from the web pages.
struct ItemMediaWebController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.on(.POST, ":id", "photos", body: .stream, use: addPhotos)
        routes.get(":id", "photos", ":photoID", use: photo)
        routes.post(":id", "photos", ":photoID", "move", use: movePhoto)
        routes.get(":id", "photos", ":photoID", "delete", use: confirmDeletePhoto)
        routes.post(":id", "photos", ":photoID", "delete", use: deletePhoto)
        routes.on(.POST, ":id", "documents", body: .stream, use: addDocument)
        routes.get(":id", "documents", ":documentID", "delete", use: confirmDeleteDocument)
        routes.post(":id", "documents", ":documentID", "delete", use: deleteDocument)
        routes.on(.POST, ":id", "audio", body: .stream, use: addAudio)
        routes.post(":id", "audio", ":audioID", "rename", use: renameAudio)
        routes.get(":id", "audio", ":audioID", "delete", use: confirmDeleteAudio)
        routes.post(":id", "audio", ":audioID", "delete", use: deleteAudio)
    }

    /// Reads a streamed upload form, checks its CSRF field, and hands its files to `body`.
    private func withForm(_ req: Request, use: MediaUse, _ body: (FormUpload) async throws -> Void) async throws {
        let principal = try req.principal()
        try principal.requireEditor()
        let media = req.application.heirloom.media
        let form = try await FormUpload.read(
            req, temporaryDirectory: media.store.temporaryDirectory, maximumFileBytes: media.limit(for: use))
        defer { form.removeFiles() }
        try CSRF.verify(form.fields[CSRF.fieldName], req)
        guard !form.files.isEmpty else {
            throw AppError.invalid(FieldError(field: "file", message: "Please choose a file first."))
        }
        try await body(form)
    }

    func addPhotos(req: Request) async throws -> Response {
        let id = try ItemWebController.id(req)
        try await withForm(req, use: .photo) { form in
            for file in form.files {
                try await req.heirloom.items.addPhoto(
                    to: id, FileChunks(url: file.url), fileName: file.fileName, by: try req.principal())
            }
        }
        return req.redirect(to: "/items/\(id)#photos")
    }

    func addDocument(req: Request) async throws -> Response {
        let id = try ItemWebController.id(req)
        try await withForm(req, use: .document) { form in
            for file in form.files {
                try await req.heirloom.items.addDocument(
                    to: id, FileChunks(url: file.url), fileName: file.fileName, by: try req.principal())
            }
        }
        return req.redirect(to: "/items/\(id)#documents")
    }

    func addAudio(req: Request) async throws -> Response {
        let id = try ItemWebController.id(req)
        try await withForm(req, use: .audio) { form in
            for file in form.files {
                _ = try await req.heirloom.items.addAudio(
                    to: id, FileChunks(url: file.url), fileName: file.fileName, title: form.fields["title"],
                    by: try req.principal())
            }
        }
        return req.redirect(to: "/items/\(id)#stories")
    }

    func photo(req: Request) async throws -> View {
        let principal = try req.principal()
        let item = try await req.heirloom.items.find(try ItemWebController.id(req), householdID: principal.householdID)
        let photos = item.photos.sorted { $0.position < $1.position }
        let photoID = try ItemWebController.id(req, "photoID", what: "photo")
        guard let index = photos.firstIndex(where: { $0.id == photoID }) else { throw AppError.notFound("photo") }
        let base = "/items/\(try item.requireID())"
        let media = photos[index].media
        let mediaBase = "/api/media/\(try media.requireID())"
        let href = { (index: Int) -> String? in
            photos.indices.contains(index) ? photos[index].id.map { "\(base)/photos/\($0)" } : nil
        }
        let model = ItemPages.PhotoView(
            item: .init(id: try item.requireID().uuidString, name: item.name, href: base),
            photo: .init(
                displayUrl: "\(mediaBase)/display", originalUrl: "\(mediaBase)/original",
                alt: "Photo \(index + 1) of \(item.name)", width: media.width ?? 0, height: media.height ?? 0),
            prevHref: href(index - 1), nextHref: href(index + 1), position: "\(index + 1) of \(photos.count)")
        return try await Page.render(
            "item-photo", base: PageBase(request: req, title: item.name, nav: "items"), model, on: req)
    }

    struct MoveForm: Content { var direction: String? }

    func movePhoto(req: Request) async throws -> Response {
        try CSRF.verifyForm(req)
        let id = try ItemWebController.id(req)
        let earlier = try req.content.decode(MoveForm.self).direction == "up"
        try await req.heirloom.items.movePhoto(
            try ItemWebController.id(req, "photoID", what: "photo"), of: id, earlier: earlier, by: try req.principal())
        return req.redirect(to: "/items/\(id)#photos")
    }

    func confirmDeletePhoto(req: Request) async throws -> View {
        try await confirm(
            req, what: "this photo", detail: "The photo and its original file are deleted.",
            path: "photos/\(req.parameters.get("photoID") ?? "")")
    }

    func deletePhoto(req: Request) async throws -> Response {
        try CSRF.verifyForm(req)
        let id = try ItemWebController.id(req)
        try await req.heirloom.items.deletePhoto(
            try ItemWebController.id(req, "photoID", what: "photo"), of: id, by: try req.principal())
        return req.redirect(to: "/items/\(id)#photos")
    }

    func confirmDeleteDocument(req: Request) async throws -> View {
        try await confirm(
            req, what: "this document", detail: "The document file is deleted.",
            path: "documents/\(req.parameters.get("documentID") ?? "")")
    }

    func deleteDocument(req: Request) async throws -> Response {
        try CSRF.verifyForm(req)
        let id = try ItemWebController.id(req)
        try await req.heirloom.items.deleteDocument(
            try ItemWebController.id(req, "documentID", what: "document"), of: id, by: try req.principal())
        return req.redirect(to: "/items/\(id)#documents")
    }

    struct TitleForm: Content { var title: String? }

    func renameAudio(req: Request) async throws -> Response {
        try CSRF.verifyForm(req)
        let id = try ItemWebController.id(req)
        _ = try await req.heirloom.items.renameAudio(
            try ItemWebController.id(req, "audioID", what: "story"), of: id,
            to: try req.content.decode(TitleForm.self).title ?? "", by: try req.principal())
        return req.redirect(to: "/items/\(id)#stories")
    }

    func confirmDeleteAudio(req: Request) async throws -> View {
        try await confirm(
            req, what: "this story", detail: "The recording is deleted.",
            path: "audio/\(req.parameters.get("audioID") ?? "")")
    }

    func deleteAudio(req: Request) async throws -> Response {
        try CSRF.verifyForm(req)
        let id = try ItemWebController.id(req)
        try await req.heirloom.items.deleteAudio(
            try ItemWebController.id(req, "audioID", what: "story"), of: id, by: try req.principal())
        return req.redirect(to: "/items/\(id)#stories")
    }

    private func confirm(_ req: Request, what: String, detail: String, path: String) async throws -> View {
        let principal = try req.principal()
        try principal.requireEditor()
        let item = try await req.heirloom.items.find(try ItemWebController.id(req), householdID: principal.householdID)
        let base = "/items/\(try item.requireID())"
        let model = ConfirmPage(
            heading: "Remove \(what) from \(item.name)?", consequence: "\(detail) It cannot be undone.",
            action: "\(base)/\(path)/delete", confirmLabel: "Remove \(what)", cancelHref: base)
        return try await Page.render(
            "confirm", base: PageBase(request: req, title: "Remove", nav: "items"), model, on: req)
    }
}
