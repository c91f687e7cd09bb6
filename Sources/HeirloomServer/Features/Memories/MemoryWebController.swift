import Fluent
import Foundation
import HeirloomCore
import Vapor

/// The memory pages: browse and search, add in steps, a memory, its edit form and its face tags.
struct MemoryWebController {
    // MARK: Browse

    func index(req: Request) async throws -> View {
        let principal = try req.principal()
        let text = (req.query[String.self, at: "q"] ?? "").trimmingWhitespace()
        let personID = req.query[Int.self, at: "person"]
        let kind = (req.query[String.self, at: "type"]).flatMap { MemoryKind(rawValue: $0) }
        let year = req.query[Int.self, at: "year"]
        var query = MemoryService.Query(personID: personID, kind: kind, year: year, text: text)
        query.cursor = req.query[Int.self, at: "after"]
        let memories = req.heirloom.memories
        let page = try await memories.list(query, householdID: principal.householdID)
        let people = try await req.heirloom.people.list(householdID: principal.householdID)
        let years = try await memories.years(householdID: principal.householdID)
        let total = try await Memory.query(on: req.db).filter(\.$household.$id == principal.householdID).count()
        var next = URLComponents()
        next.queryItems = [
            .init(name: "q", value: text), .init(name: "person", value: personID.map(String.init) ?? ""),
            .init(name: "type", value: kind?.rawValue ?? ""), .init(name: "year", value: year.map(String.init) ?? ""),
            .init(name: "after", value: page.nextCursor.map(String.init) ?? ""),
        ]
        let model = MemoryPages.Index(
            query: text,
            people: people.map {
                .init(value: String($0.person.id ?? 0), label: $0.person.name, selected: $0.person.id == personID)
            },
            kinds: MemoryKind.allCases.map {
                .init(value: $0.rawValue, label: $0.pluralLabel, selected: $0 == kind)
            },
            years: years.map { .init(value: String($0), label: String($0), selected: $0 == year) },
            isFiltered: !text.isEmpty || personID != nil || kind != nil || year != nil,
            canEdit: principal.role.canEdit,
            memories: page.memories.map(MemoryPages.Card.init),
            nextHref: page.nextCursor == nil ? nil : SiteURL.memories.path + "?\(next.percentEncodedQuery ?? "")",
            total: total)
        return try await Page.render(
            .memoriesIndex, base: PageBase(request: req, title: "Memories", nav: .memories), model, on: req)
    }

    // MARK: Add

    func new(req: Request) async throws -> View {
        let kind = req.query[String.self, at: "type"].flatMap { MemoryKind(rawValue: $0) } ?? .photo
        let person = req.query[Int.self, at: "person"]
        return try await form(
            req, mode: "new", action: .memoryNew, cancel: .memories, kind: kind.rawValue, values: [:],
            people: Set(person.map { [$0] } ?? []), errors: [:])
    }

    func create(req: Request) async throws -> Response {
        let principal = try req.principal()
        let media = req.heirloom.services.media
        let upload = try await FormUpload.read(
            req, temporaryDirectory: media.store.temporaryDirectory,
            maximumFileBytes: MediaUse.allCases.map { media.limit(for: $0) }.max() ?? 0)
        defer { upload.removeFiles() }
        try CSRF.verify(upload.fields[CSRF.fieldName], req)
        var fields = MemoryFields()
        for (name, values) in upload.fieldValues where name != CSRF.fieldName {
            for value in values { fields.add(name, value) }
        }
        let memories = req.heirloom.memories
        var files: [MediaObject] = []
        do {
            for file in upload.files where file.field == "file" {
                files.append(
                    try await memories.receiveFile(
                        FileChunks(url: file.url), fileName: file.fileName, kind: fields.kind,
                        by: principal))
            }
            let memory = try await memories.create(fields, files: files, by: principal)
            let id = try memory.requireID()
            let hasPhotos = memory.memoryKind == .photo
            let next = hasPhotos ? SiteURL.memoryFaces(.value(id)) : .memory(.value(id))
            return req.redirect(to: next.path(query: [.init(name: "new", value: "1")]))
        } catch {
            try? await req.heirloom.media.delete(files)
            let error = try AppError.userFacing(error)
            var values = upload.fields
            values[CSRF.fieldName] = nil
            let view = try await form(
                req, mode: "new", action: .memoryNew, cancel: .memories, kind: fields.kind?.rawValue ?? "photo",
                values: values, people: Set(try IDList.parse(fields.values["personIds"] ?? [], field: "personIds")),
                errors: error.formErrors)
            return try await view.encodeResponse(status: error.status, for: req)
        }
    }

    // MARK: Show, edit, delete

    func show(req: Request) async throws -> View {
        let principal = try req.principal()
        let memory = try await req.heirloom.memories.find(
            try req.id("memory", as: Int.self), householdID: principal.householdID)
        var model = try MemoryPages.Show(memory, principal: principal, isNew: req.query[String.self, at: "new"] != nil)
        if memory.$createdBy.id == nil,
            let teller = try await req.heirloom.storytellers.teller(
                ofMemory: try memory.requireID(), householdID: principal.householdID)
        {
            model.addedBy = "\(teller) (storyteller)"
        }
        if memory.memoryKind == .video || memory.memoryKind == .voice {
            let ids = memory.media.compactMap(\.id)
            model.transcript = try await TranscriptPages.blocks(
                .memoryFile, ids: ids, canCorrect: principal.role.canEdit, req: req
            ).values.first
        }
        return try await Page.render(
            .memoryShow, base: PageBase(request: req, title: memory.title, nav: .memories), model, on: req)
    }

    struct EditForm: Content {
        var title, description, content, date, location, context: String?
        var personIds: [String]?
    }

    func edit(req: Request) async throws -> View {
        let principal = try req.principal()
        let memory = try await req.heirloom.memories.findChangeable(try req.id("memory", as: Int.self), by: principal)
        let values = [
            "title": memory.title, "description": memory.description ?? "", "content": memory.content ?? "",
            "date": memory.date?.label ?? "", "location": memory.location ?? "", "context": memory.context ?? "",
        ]
        let page = SiteURL.memory(.value(try memory.requireID()))
        return try await form(
            req, mode: "edit", action: .memoryEdit(.value(try memory.requireID())), cancel: page, kind: memory.kind,
            values: values,
            people: Set(memory.people.compactMap(\.id)), errors: [:])
    }

    func update(req: Request) async throws -> Response {
        let principal = try req.principal()
        let id = try req.id("memory", as: Int.self)
        let form = try req.content.decode(EditForm.self)
        let page = SiteURL.memory(.value(id))
        return try await req.submitForm {
            let people = try IDList.parse(form.personIds ?? [], field: "personIds")
            let change = MemoryChange(
                title: form.title ?? "", description: form.description ?? "", content: form.content,
                date: form.date ?? "", location: form.location ?? "", context: form.context ?? "", personIDs: people)
            _ = try await req.heirloom.memories.update(id, change, by: principal)
            return req.redirect(to: page.path)
        } orShowAgain: { errors in
            let memory = try await req.heirloom.memories.findChangeable(id, by: principal)
            let values = [
                "title": form.title ?? "", "description": form.description ?? "", "content": form.content ?? "",
                "date": form.date ?? "", "location": form.location ?? "", "context": form.context ?? "",
            ]
            return try await self.form(
                req, mode: "edit", action: .memoryEdit(.value(id)), cancel: page, kind: memory.kind,
                values: values, people: Set((form.personIds ?? []).compactMap { Int($0) }), errors: errors)
        }
    }

    func confirmDelete(req: Request) async throws -> View {
        let principal = try req.principal()
        let memory = try await req.heirloom.memories.findChangeable(try req.id("memory", as: Int.self), by: principal)
        let id = try memory.requireID()
        let files = memory.media.count
        let model = ConfirmPage(
            heading: "Delete “\(memory.title)”?",
            consequence: files == 0
                ? "The memory will be deleted for everyone in the family. This cannot be undone."
                : "The memory and its \(files == 1 ? "file" : "\(files) files") will be deleted for everyone in the family. This cannot be undone.",
            action: .memoryDelete(.value(id)), confirmLabel: "Delete the memory", cancel: .memory(.value(id)))
        return try await model.render(title: "Delete a memory", nav: .memories, on: req)
    }

    func delete(req: Request) async throws -> Response {
        try await req.heirloom.memories.delete(try req.id("memory", as: Int.self), by: try req.principal())
        return req.redirect(to: SiteURL.memories.path(done: .memoryDeleted))
    }

    func form(
        _ req: Request, mode: String, action: SiteURL, cancel: SiteURL, kind: String, values: [String: String],
        people ticked: Set<Int>, errors: [String: String]
    ) async throws -> View {
        let principal = try req.principal()
        let people = try await req.heirloom.people.list(householdID: principal.householdID)
        let model = MemoryPages.Form(
            mode: mode, action: action.path, cancelHref: cancel.path, kind: kind, form: values, errors: errors,
            people: people.map {
                .init(id: $0.person.id ?? 0, name: $0.person.name, checked: ticked.contains($0.person.id ?? 0))
            },
            hasPeople: !people.isEmpty)
        let title = mode == "new" ? "Add a memory" : "Edit \(values["title"] ?? "memory")"
        return try await Page.render(
            mode == "new" ? .memoryNew : .memoryEdit,
            base: PageBase(request: req, title: title, nav: .memories), model, on: req)
    }
}
