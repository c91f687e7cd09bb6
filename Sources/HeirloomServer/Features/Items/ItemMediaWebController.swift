import Foundation
import HeirloomCore
import Vapor

/// Adding, ordering and removing an item's photos, documents and stories from the web pages.
struct ItemMediaWebController {
    /// Reads a streamed upload form, checks its CSRF field, and hands its files to `body`.
    private func withForm(_ req: Request, use: MediaUse, _ body: (FormUpload) async throws -> Void) async throws {
        let media = req.heirloom.services.media
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
        let id = try req.id("item")
        try await withForm(req, use: .photo) { form in
            for file in form.files {
                try await req.heirloom.items.addPhoto(
                    to: id, FileChunks(url: file.url), fileName: file.fileName, by: try req.principal())
            }
        }
        return req.redirect(to: SiteURL.item(.value(id)).path(fragment: "photos"))
    }

    func addDocument(req: Request) async throws -> Response {
        let id = try req.id("item")
        try await withForm(req, use: .document) { form in
            for file in form.files {
                try await req.heirloom.items.addDocument(
                    to: id, FileChunks(url: file.url), fileName: file.fileName, title: form.fields["title"],
                    type: form.fields["documentType"], by: try req.principal())
            }
        }
        return req.redirect(to: SiteURL.item(.value(id)).path(fragment: "documents"))
    }

    struct DocumentFields: Content {
        var title, documentType: String?

        var values: [String: String] { ["title": title ?? "", "documentType": documentType ?? ""] }
    }

    func editDocument(req: Request) async throws -> View {
        let (item, document) = try await findDocument(req)
        let values = ["title": document.title ?? "", "documentType": document.documentType]
        return try await renderDocumentForm(req, document, of: item, values: values, errors: [:])
    }

    func updateDocument(req: Request) async throws -> Response {
        let id = try req.id("item")
        let documentID = try req.id("document", .documentID)
        let fields = try req.content.decode(DocumentFields.self)
        return try await req.submitForm {
            try await req.heirloom.items.describeDocument(
                documentID, of: id, title: fields.title, type: fields.documentType, by: try req.principal())
            return req.redirect(to: SiteURL.item(.value(id)).path(done: .documentSaved, fragment: "documents"))
        } orShowAgain: { errors in
            let (item, document) = try await findDocument(req)
            return try await renderDocumentForm(req, document, of: item, values: fields.values, errors: errors)
        }
    }

    private func findDocument(_ req: Request) async throws -> (Item, ItemDocument) {
        let item = try await req.heirloom.items.find(try req.id("item"), householdID: try req.principal().householdID)
        let documentID = try req.id("document", .documentID)
        guard let document = item.documents.first(where: { $0.id == documentID }) else {
            throw AppError.notFound("document")
        }
        return (item, document)
    }

    private func renderDocumentForm(
        _ req: Request, _ document: ItemDocument, of item: Item, values: [String: String], errors: [String: String]
    ) async throws -> View {
        let model = try ItemPages.documentForm(document, of: item, values: values, errors: errors)
        return try await Page.render(
            .itemDocumentForm, base: PageBase(request: req, title: "Change a document", nav: .items), model, on: req)
    }

    func addAudio(req: Request) async throws -> Response {
        let id = try req.id("item")
        try await withForm(req, use: .audio) { form in
            for file in form.files {
                _ = try await req.heirloom.items.addAudio(
                    to: id, FileChunks(url: file.url), fileName: file.fileName, title: form.fields["title"],
                    by: try req.principal())
            }
        }
        return req.redirect(to: SiteURL.item(.value(id)).path(fragment: "stories"))
    }

    func photo(req: Request) async throws -> View {
        let principal = try req.principal()
        let item = try await req.heirloom.items.find(try req.id("item"), householdID: principal.householdID)
        let photos = item.photos.sorted { $0.position < $1.position }
        let photoID = try req.id("photo", .photoID)
        guard let index = photos.firstIndex(where: { $0.id == photoID }) else { throw AppError.notFound("photo") }
        let itemID = try item.requireID()
        let media = photos[index].media
        let mediaID = try media.requireID()
        let href = { (index: Int) -> String? in
            photos.indices.contains(index)
                ? photos[index].id.map { SiteURL.itemPhoto(.value(itemID), .value($0)).path } : nil
        }
        let model = ItemPages.PhotoView(
            item: .init(id: itemID.text, name: item.name, href: SiteURL.item(.value(itemID)).path),
            photo: .init(
                displayUrl: SiteURL.apiMedia(.value(mediaID), .value(.display)).path,
                originalUrl: SiteURL.apiMedia(.value(mediaID), .value(.original)).path,
                alt: "Photo \(index + 1) of \(item.name)", width: media.width ?? 0, height: media.height ?? 0),
            prevHref: href(index - 1), nextHref: href(index + 1), position: "\(index + 1) of \(photos.count)")
        return try await Page.render(
            .itemPhoto, base: PageBase(request: req, title: item.name, nav: .items), model, on: req)
    }

    struct MoveForm: Content { var direction: String? }

    func movePhoto(req: Request) async throws -> Response {
        let id = try req.id("item")
        let earlier = try req.content.decode(MoveForm.self).direction == "up"
        try await req.heirloom.items.movePhoto(
            try req.id("photo", .photoID), of: id, earlier: earlier, by: try req.principal())
        return req.redirect(to: SiteURL.item(.value(id)).path(fragment: "photos"))
    }

    func confirmDeletePhoto(req: Request) async throws -> View {
        try await confirm(
            req, what: "this photo", detail: "The photo and its original file are deleted.",
            delete: { .itemPhotoDelete(.value($0), .value(try req.id("photo", .photoID))) })
    }

    func deletePhoto(req: Request) async throws -> Response {
        let id = try req.id("item")
        try await req.heirloom.items.deletePhoto(
            try req.id("photo", .photoID), of: id, by: try req.principal())
        return req.redirect(to: SiteURL.item(.value(id)).path(fragment: "photos"))
    }

    func confirmDeleteDocument(req: Request) async throws -> View {
        let (_, document) = try await findDocument(req)
        let name = DocumentTitle.shown(title: document.title, fileName: document.media.originalName)
        return try await confirm(
            req, what: "“\(name)”", detail: "The document file is deleted.",
            delete: { .itemDocumentDelete(.value($0), .value(try req.id("document", .documentID))) })
    }

    func deleteDocument(req: Request) async throws -> Response {
        let id = try req.id("item")
        try await req.heirloom.items.deleteDocument(
            try req.id("document", .documentID), of: id, by: try req.principal())
        return req.redirect(to: SiteURL.item(.value(id)).path(fragment: "documents"))
    }

    struct TitleForm: Content { var title: String? }

    func renameAudio(req: Request) async throws -> Response {
        let id = try req.id("item")
        _ = try await req.heirloom.items.renameAudio(
            try req.id("story", .audioID), of: id,
            to: try req.content.decode(TitleForm.self).title ?? "", by: try req.principal())
        return req.redirect(to: SiteURL.item(.value(id)).path(fragment: "stories"))
    }

    func confirmDeleteAudio(req: Request) async throws -> View {
        try await confirm(
            req, what: "this story", detail: "The recording is deleted.",
            delete: { .itemAudioDelete(.value($0), .value(try req.id("story", .audioID))) })
    }

    func deleteAudio(req: Request) async throws -> Response {
        let id = try req.id("item")
        try await req.heirloom.items.deleteAudio(
            try req.id("story", .audioID), of: id, by: try req.principal())
        return req.redirect(to: SiteURL.item(.value(id)).path(fragment: "stories"))
    }

    private func confirm(
        _ req: Request, what: String, detail: String, delete: (UUID) throws -> SiteURL
    ) async throws -> View {
        let principal = try req.principal()
        let item = try await req.heirloom.items.find(try req.id("item"), householdID: principal.householdID)
        let itemID = try item.requireID()
        let model = ConfirmPage(
            heading: "Remove \(what) from \(item.name)?", consequence: "\(detail) It cannot be undone.",
            action: try delete(itemID), confirmLabel: "Remove \(what)", cancel: .item(.value(itemID)))
        return try await model.render(title: "Remove", nav: .items, on: req)
    }
}
