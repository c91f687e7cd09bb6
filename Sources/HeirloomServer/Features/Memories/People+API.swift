import Foundation
import HeirloomAPI
import HeirloomCore
import OpenAPIRuntime

extension APIHandler {
    func listPeople(_ input: Operations.ListPeople.Input) async throws -> Operations.ListPeople.Output {
        let people = try await request.heirloom.people.list(householdID: try principal.householdID)
        return .ok(.init(body: .json(try people.map(Components.Schemas.Person.init))))
    }

    func createPerson(_ input: Operations.CreatePerson.Input) async throws -> Operations.CreatePerson.Output {
        guard case .json(let body) = input.body else { throw AppError.badRequest("Expected a JSON body.") }
        let principal = try principal
        try principal.requireEditor()
        let people = try request.heirloom.people
        let input = try PersonInput(
            name: body.name, relationship: body.relationship, notes: body.notes, birthDate: body.birthDate,
            deathDate: body.deathDate)
        let person = try await people.create(input, by: principal)
        return .created(.init(body: .json(try .init(.init(person: person, memoryCount: 0)))))
    }

    func getPerson(_ input: Operations.GetPerson.Input) async throws -> Operations.GetPerson.Output {
        let listed = try await request.heirloom.people.listed(input.path.id, householdID: try principal.householdID)
        return .ok(.init(body: .json(try .init(listed))))
    }

    func updatePerson(_ input: Operations.UpdatePerson.Input) async throws -> Operations.UpdatePerson.Output {
        guard case .json(let body) = input.body else { throw AppError.badRequest("Expected a JSON body.") }
        let principal = try principal
        try principal.requireEditor()
        let people = try request.heirloom.people
        let current = try await people.find(input.path.id, householdID: principal.householdID)
        let change = try PersonInput(
            name: body.name ?? current.name,
            relationship: body.relationship ?? current.relationship,
            notes: body.notes ?? current.notes,
            birthDate: body.birthDate ?? current.birthDate,
            deathDate: body.deathDate ?? current.deathDate)
        _ = try await people.update(input.path.id, change, by: principal)
        return .ok(
            .init(body: .json(try .init(try await people.listed(input.path.id, householdID: principal.householdID)))))
    }

    func deletePerson(_ input: Operations.DeletePerson.Input) async throws -> Operations.DeletePerson.Output {
        try await request.heirloom.people.delete(input.path.id, by: try principal)
        return .noContent(.init())
    }

    func listPersonMemories(_ input: Operations.ListPersonMemories.Input) async throws
        -> Operations.ListPersonMemories.Output
    {
        var query = MemoryService.Query(personID: input.path.id)
        query.limit = input.query.limit ?? 30
        query.cursor = try input.query.cursor.map(Self.memoryCursor)
        let page = try await request.heirloom.memories.list(query, householdID: try principal.householdID)
        return .ok(.init(body: .json(.init(page))))
    }

    func setPersonAvatar(_ input: Operations.SetPersonAvatar.Input) async throws -> Operations.SetPersonAvatar.Output {
        let principal = try principal
        let people = try request.heirloom.people
        let id = input.path.id
        switch input.body {
        case .json(let body):
            _ = try await people.setAvatar(of: id, fromFace: body.faceTagId, by: principal)
        case .multipartForm(let parts):
            try principal.requireEditor()
            _ = try await people.find(id, householdID: principal.householdID)
            let media = try request.heirloom.media
            var upload: MediaObject?
            do {
                try await Self.readingParts {
                    for try await part in parts {
                        switch part {
                        case .file(let file):
                            guard upload == nil else { throw AppError.badRequest("Please send one picture.") }
                            upload = try await media.ingest(
                                file.payload.body, fileName: file.filename, use: .photo,
                                origin: .init(householdID: principal.householdID, uploaderID: principal.userID))
                        case .undocumented(let other):
                            try await Self.drain(other.body)
                        }
                    }
                }
            } catch {
                if let upload { try? await media.delete([upload]) }
                throw error
            }
            guard let upload else {
                throw AppError.invalid(FieldError(field: "file", message: "Please choose a picture."))
            }
            _ = try await people.adoptAvatar(upload, for: id, by: principal)
        }
        return .ok(.init(body: .json(try .init(try await people.listed(id, householdID: principal.householdID)))))
    }

    /// A cursor this hub gave: the id of the last memory of the page before.
    static func memoryCursor(_ text: String) throws -> Int {
        guard let id = Int(text), id > 0 else { throw AppError.badRequest("The cursor is not one this hub gave.") }
        return id
    }
}
