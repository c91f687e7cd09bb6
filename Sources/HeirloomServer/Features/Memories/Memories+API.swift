import Foundation
import HeirloomAPI
import HeirloomCore
import OpenAPIRuntime

extension APIHandler {
    func listMemories(_ input: Operations.ListMemories.Input) async throws -> Operations.ListMemories.Output {
        var query = MemoryService.Query()
        query.personID = input.query.personId
        query.kind = input.query._type.flatMap { MemoryKind(rawValue: $0.rawValue) }
        query.year = input.query.year
        query.text = input.query.q
        query.limit = input.query.limit ?? 30
        query.cursor = try input.query.cursor.map(Self.memoryCursor)
        let page = try await request.heirloom.memories.list(query, householdID: try principal.householdID)
        var json = Components.Schemas.MemoryPage(page)
        json.memories = try await withTranscripts(json.memories)
        return .ok(.init(body: .json(json)))
    }

    func createMemory(_ input: Operations.CreateMemory.Input) async throws -> Operations.CreateMemory.Output {
        let principal = try principal
        let memories = try request.heirloom.memories
        guard case .multipartForm(let parts) = input.body else {
            throw AppError.badRequest("Send the memory as multipart/form-data.")
        }
        try principal.requireEditor()
        var fields = MemoryFields()
        var files: [MediaObject] = []
        do {
            try await Self.readingParts {
                for try await part in parts {
                    switch part {
                    case .file(let file):
                        guard files.count < MemoryKind.photo.fileCount.upperBound else {
                            throw AppError.invalid(
                                FieldError(field: "file", message: "A memory can hold at most 20 photos."))
                        }
                        files.append(
                            try await memories.receiveFile(
                                file.payload.body, fileName: file.filename, kind: fields.kind, by: principal))
                    case ._type(let part): fields.add("type", try await Self.text(part.payload.body))
                    case .title(let part): fields.add("title", try await Self.text(part.payload.body))
                    case .description(let part): fields.add("description", try await Self.text(part.payload.body))
                    case .date(let part): fields.add("date", try await Self.text(part.payload.body))
                    case .location(let part): fields.add("location", try await Self.text(part.payload.body))
                    case .context(let part): fields.add("context", try await Self.text(part.payload.body))
                    case .content(let part): fields.add("content", try await Self.text(part.payload.body))
                    case .personIds(let part): fields.add("personIds", try await Self.text(part.payload.body))
                    case .faceTags(let part): fields.add("faceTags", try await Self.text(part.payload.body))
                    case .undocumented(let other): try await Self.drain(other.body)
                    }
                }
            }
        } catch {
            try? await request.heirloom.media.delete(files)
            throw error
        }
        let memory = try await memories.create(fields, files: files, by: principal)
        return .created(.init(body: .json(try await withTranscripts(try .init(memory)))))
    }

    func getMemory(_ input: Operations.GetMemory.Input) async throws -> Operations.GetMemory.Output {
        let memory = try await request.heirloom.memories.find(input.path.id, householdID: try principal.householdID)
        return .ok(.init(body: .json(try await withTranscripts(try .init(memory)))))
    }

    func updateMemory(_ input: Operations.UpdateMemory.Input) async throws -> Operations.UpdateMemory.Output {
        guard case .json(let body) = input.body else { throw AppError.badRequest("Expected a JSON body.") }
        let change = MemoryChange(
            title: body.title, description: body.description, content: body.content, date: body.date,
            location: body.location, context: body.context, personIDs: body.personIds)
        let memory = try await request.heirloom.memories.update(input.path.id, change, by: try principal)
        return .ok(.init(body: .json(try await withTranscripts(try .init(memory)))))
    }

    func deleteMemory(_ input: Operations.DeleteMemory.Input) async throws -> Operations.DeleteMemory.Output {
        try await request.heirloom.memories.delete(input.path.id, by: try principal)
        return .noContent(.init())
    }

    func replaceMemoryFaces(_ input: Operations.ReplaceMemoryFaces.Input) async throws
        -> Operations.ReplaceMemoryFaces.Output
    {
        guard case .json(let body) = input.body else { throw AppError.badRequest("Expected a JSON body.") }
        let memory = try await request.heirloom.memories.replaceFaces(
            of: input.path.id, with: body.map(FaceBox.init), by: try principal)
        return .ok(.init(body: .json(try await withTranscripts(try .init(memory)))))
    }
}
