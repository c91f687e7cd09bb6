import Fluent
import Foundation
import HeirloomCore
import Vapor

/// The people pages: everyone with their pictures and memory counts, a person's page, adding and editing.
struct PeopleWebController {
    struct PersonForm: Content {
        var name, relationship, notes, birthDate, deathDate: String?

        var input: PersonInput {
            get throws {
                try PersonInput(
                    name: name ?? "", relationship: relationship, notes: notes, birthDate: birthDate,
                    deathDate: deathDate)
            }
        }

        var values: [String: String] {
            [
                "name": name ?? "", "relationship": relationship ?? "", "notes": notes ?? "",
                "birthDate": birthDate ?? "", "deathDate": deathDate ?? "",
            ]
        }
    }

    func index(req: Request) async throws -> View {
        try await list(req, form: [:], errors: [:])
    }

    private func list(_ req: Request, form: [String: String], errors: [String: String]) async throws -> View {
        let principal = try req.principal()
        let people = try await req.heirloom.people.list(householdID: principal.householdID)
        let model = PeoplePages.Index(
            people: people.map(PeoplePages.Card.init), canEdit: principal.role.canEdit, form: form, errors: errors,
            relationships: FamilyRelationship.known)
        return try await Page.render(
            .peopleIndex, base: PageBase(request: req, title: "People", nav: .people), model, on: req)
    }

    func create(req: Request) async throws -> Response {
        let form = try req.content.decode(PersonForm.self)
        return try await req.submitForm(conflictsOn: "name") {
            let person = try await req.heirloom.people.create(try form.input, by: try req.principal())
            return req.redirect(to: SiteURL.person(.value(try person.requireID())).path)
        } orShowAgain: { errors in
            try await list(req, form: form.values, errors: errors)
        }
    }

    func show(req: Request) async throws -> View {
        let principal = try req.principal()
        let id = try req.id("person", as: Int.self)
        let listed = try await req.heirloom.people.listed(id, householdID: principal.householdID)
        var query = MemoryService.Query(personID: id)
        query.cursor = req.query[Int.self, at: "after"]
        let page = try await req.heirloom.memories.list(query, householdID: principal.householdID)
        let person = listed.person
        let model = PeoplePages.Show(
            id: id, card: .init(listed),
            born: person.birthDate.flatMap { try? MemoryDate.parse($0) }?.label,
            died: person.deathDate.flatMap { try? MemoryDate.parse($0) }?.label,
            notes: person.notes, memories: page.memories.map(MemoryPages.Card.init),
            nextHref: page.nextCursor.map {
                SiteURL.person(.value(id)).path(query: [.init(name: "after", value: "\($0)")])
            },
            canEdit: principal.role.canEdit, canDelete: principal.role == .owner)
        return try await Page.render(
            .personShow, base: PageBase(request: req, title: person.name, nav: .people), model, on: req)
    }

    func edit(req: Request) async throws -> View {
        let principal = try req.principal()
        let person = try await req.heirloom.people.find(
            try req.id("person", as: Int.self), householdID: principal.householdID)
        let values = [
            "name": person.name, "relationship": person.relationship ?? "", "notes": person.notes ?? "",
            "birthDate": person.birthDate.flatMap { try? MemoryDate.parse($0) }?.label ?? "",
            "deathDate": person.deathDate.flatMap { try? MemoryDate.parse($0) }?.label ?? "",
        ]
        return try await editForm(req, person, values: values, errors: [:])
    }

    private func editForm(_ req: Request, _ person: Person, values: [String: String], errors: [String: String])
        async throws -> View
    {
        let model = PeoplePages.Form(
            id: try person.requireID(), name: person.name,
            avatarUrl: person.$avatar.id.map { SiteURL.media($0, .thumbnail) },
            initials: MemoryPages.initials(person.name), form: values, errors: errors,
            relationships: FamilyRelationship.known)
        return try await Page.render(
            .personEdit, base: PageBase(request: req, title: "Edit \(person.name)", nav: .people), model, on: req)
    }

    func update(req: Request) async throws -> Response {
        let principal = try req.principal()
        let id = try req.id("person", as: Int.self)
        let form = try req.content.decode(PersonForm.self)
        return try await req.submitForm(conflictsOn: "name") {
            _ = try await req.heirloom.people.update(id, try form.input, by: principal)
            return req.redirect(to: SiteURL.person(.value(id)).path)
        } orShowAgain: { errors in
            let person = try await req.heirloom.people.find(id, householdID: principal.householdID)
            return try await editForm(req, person, values: form.values, errors: errors)
        }
    }

    func uploadAvatar(req: Request) async throws -> Response {
        let principal = try req.principal()
        let id = try req.id("person", as: Int.self)
        let media = req.heirloom.services.media
        let upload = try await FormUpload.read(
            req, temporaryDirectory: media.store.temporaryDirectory, maximumFileBytes: media.limit(for: .photo))
        defer { upload.removeFiles() }
        try CSRF.verify(upload.fields[CSRF.fieldName], req)
        guard let file = upload.files.first else {
            throw AppError.invalid(FieldError(field: "file", message: "Please choose a picture first."))
        }
        _ = try await req.heirloom.people.setAvatar(
            of: id, FileChunks(url: file.url), fileName: file.fileName, by: principal)
        return req.redirect(to: SiteURL.person(.value(id)).path)
    }

    struct FaceForm: Content {
        var faceTagId: Int
        var back: String?
    }

    func avatarFromFace(req: Request) async throws -> Response {
        let id = try req.id("person", as: Int.self)
        let form = try req.content.decode(FaceForm.self)
        _ = try await req.heirloom.people.setAvatar(of: id, fromFace: form.faceTagId, by: try req.principal())
        return req.redirect(to: SiteURL.person(.value(id)).path)
    }

    func confirmDelete(req: Request) async throws -> View {
        let principal = try req.principal()
        let id = try req.id("person", as: Int.self)
        let listed = try await req.heirloom.people.listed(id, householdID: principal.householdID)
        let name = listed.person.name
        let model = ConfirmPage(
            heading: "Delete \(name) from your family’s people?",
            consequence:
                "\(name)’s picture and the faces tagged as \(name) will be removed. The \(listed.memoryCount == 1 ? "memory" : "\(listed.memoryCount) memories") \(name) is in will stay.",
            action: .personDelete(.value(id)), confirmLabel: "Delete \(name)", cancel: .person(.value(id)))
        return try await model.render(title: "Delete a person", nav: .people, on: req)
    }

    func delete(req: Request) async throws -> Response {
        try await req.heirloom.people.delete(try req.id("person", as: Int.self), by: try req.principal())
        return req.redirect(to: SiteURL.people.path(done: .personDeleted))
    }
}
