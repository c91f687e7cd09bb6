import Foundation
import HeirloomAPI
import HeirloomCore
import OpenAPIRuntime

/// The Memory Palace app's own routes (tag Compatibility); its calls to Heirloom's routes are answered in its
/// shapes by `MemoryPalaceMiddleware`.
extension APIHandler {
    func getAppHealth(_ input: Operations.GetAppHealth.Input) async throws -> Operations.GetAppHealth.Output {
        let hubName = try await HubInfo.name(on: try request.db)
        return .ok(.init(body: .json(.init(status: .ok, version: HubInfo.version, hubName: hubName))))
    }

    func addAppPhotoMemory(_ input: Operations.AddAppPhotoMemory.Input) async throws
        -> Operations.AddAppPhotoMemory.Output
    {
        .created(.init(body: .json(try await addAppMemory(.photo, input.body))))
    }

    func addAppVideoMemory(_ input: Operations.AddAppVideoMemory.Input) async throws
        -> Operations.AddAppVideoMemory.Output
    {
        .created(.init(body: .json(try await addAppMemory(.video, input.body))))
    }

    func addAppVoiceMemory(_ input: Operations.AddAppVoiceMemory.Input) async throws
        -> Operations.AddAppVoiceMemory.Output
    {
        .created(.init(body: .json(try await addAppMemory(.voice, input.body))))
    }

    func addAppTextMemory(_ input: Operations.AddAppTextMemory.Input) async throws
        -> Operations.AddAppTextMemory.Output
    {
        guard case .json(let body) = input.body else { throw AppError.badRequest("Expected a JSON body.") }
        let principal = try principal
        var upload = MemoryPalaceUpload()
        upload.title = body.title
        upload.content = body.content
        upload.whenWasThis = body.whenWasThis
        upload.whereWasThis = body.whereWasThis
        upload.deviceName = body.deviceName
        switch body.peopleIds {
        case .case1(let ids): upload.peopleIDs = MemoryPalaceFields.peopleIDs(ids)
        case .case2(let text): upload.peopleIDs = try MemoryPalaceFields.peopleIDs(fromJSONText: text)
        case nil: break
        }
        let memory = try await request.heirloom.memoryPalace.create(upload, kind: .text, files: [], by: principal)
        return .created(.init(body: .json(try answer(memory, principal))))
    }

    func updateAppMemory(_ input: Operations.UpdateAppMemory.Input) async throws -> Operations.UpdateAppMemory.Output {
        guard case .json(let body) = input.body else { throw AppError.badRequest("Expected a JSON body.") }
        let principal = try principal
        let edit = MemoryPalaceEdit(
            title: body.title, description: body.description, content: body.content, whoWasThere: body.whoWasThere,
            whenWasThis: body.whenWasThis, whereWasThis: body.whereWasThis)
        let memory = try await request.heirloom.memoryPalace.update(input.path.id, edit, by: principal)
        return .ok(.init(body: .json(try answer(memory, principal))))
    }

    /// Reads the app's upload: the file streams to storage as it arrives (it usually comes first), the text
    /// parts after it in any order; if anything is wrong the file is deleted and nothing is kept.
    private func addAppMemory(_ kind: MemoryKind, _ body: Components.RequestBodies.AppMediaMemory) async throws
        -> Components.Schemas.AppMemoryAnswer
    {
        guard case .multipartForm(let parts) = body else {
            throw AppError.badRequest("Send the memory as multipart/form-data.")
        }
        let principal = try principal
        try principal.requireEditor()
        let memories = try request.heirloom.memories
        var upload = MemoryPalaceUpload()
        var files: [MediaObject] = []
        func receive(_ body: HTTPBody, _ name: String?) async throws {
            guard files.isEmpty else {
                throw AppError.invalid(FieldError(field: "file", message: "Send one file with the memory."))
            }
            files.append(try await memories.receiveFile(body, fileName: name, kind: kind, by: principal))
        }
        do {
            try await Self.readingParts {
                for try await part in parts {
                    switch part {
                    case .photo(let file): try await receive(file.payload.body, file.filename)
                    case .video(let file): try await receive(file.payload.body, file.filename)
                    case .voice(let file): try await receive(file.payload.body, file.filename)
                    case .title(let p): try upload.add(part: "title", try await Self.text(p.payload.body))
                    case .description(let p): try upload.add(part: "description", try await Self.text(p.payload.body))
                    case .context(let p): try upload.add(part: "context", try await Self.text(p.payload.body))
                    case .whenWasThis(let p): try upload.add(part: "whenWasThis", try await Self.text(p.payload.body))
                    case .whereWasThis(let p):
                        try upload.add(part: "whereWasThis", try await Self.text(p.payload.body))
                    case .deviceName(let p): try upload.add(part: "deviceName", try await Self.text(p.payload.body))
                    case .peopleIds(let p): try upload.add(part: "peopleIds", try await Self.text(p.payload.body))
                    case .faceTags(let p): try upload.add(part: "faceTags", try await Self.text(p.payload.body))
                    case .duration(let p): _ = try await Self.text(p.payload.body)
                    case .undocumented(let other): try await Self.drain(other.body)
                    }
                }
            }
            guard !files.isEmpty else {
                throw AppError.invalid(
                    FieldError(
                        field: kind.rawValue,
                        message: "Please send the \(kind.rawValue) as the part \"\(kind.rawValue)\"."))
            }
        } catch {
            try? await request.heirloom.media.delete(files)
            throw error
        }
        let memory = try await request.heirloom.memoryPalace.create(upload, kind: kind, files: files, by: principal)
        return try answer(memory, principal)
    }

    private func answer(_ memory: Memory, _ principal: Principal) throws -> Components.Schemas.AppMemoryAnswer {
        .init(success: true, memory: try .init(memory, links: AppMediaLinks(request: request, principal: principal)))
    }
}
