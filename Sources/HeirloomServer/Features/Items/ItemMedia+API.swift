import Foundation
import HeirloomAPI
import HeirloomCore
import OpenAPIRuntime
import Vapor

extension APIHandler {
    func addItemPhotos(_ input: Operations.AddItemPhotos.Input) async throws -> Operations.AddItemPhotos.Output {
        let principal = try principal
        let id = try uuid(input.path.id, "item")
        let items = try request.heirloom.items
        guard case .multipartForm(let parts) = input.body else {
            throw AppError.badRequest("Send the photos as multipart/form-data.")
        }
        var added = 0
        for try await part in parts {
            switch part {
            case .file(let file):
                try await items.addPhoto(to: id, file.payload.body, fileName: file.filename, by: principal)
                added += 1
            case .undocumented(let other):
                try await Self.drain(other.body)
            }
        }
        guard added > 0 else {
            throw AppError.invalid(FieldError(field: "file", message: "Please choose at least one photo."))
        }
        return .created(.init(body: .json(try .init(try await items.find(id, householdID: principal.householdID)))))
    }

    func reorderItemPhotos(_ input: Operations.ReorderItemPhotos.Input) async throws
        -> Operations.ReorderItemPhotos.Output
    {
        guard case .json(let body) = input.body else { throw AppError.badRequest("Expected a JSON body.") }
        let principal = try principal
        let id = try uuid(input.path.id, "item")
        let photoIDs = try body.photoIds.map { raw in
            guard let photoID = UUID(uuidString: raw) else {
                throw AppError.invalid(
                    FieldError(field: "photoIds", message: "Please list each of the item's photos exactly once."))
            }
            return photoID
        }
        let items = try request.heirloom.items
        try await items.reorderPhotos(of: id, photoIDs, by: principal)
        return .ok(.init(body: .json(try .init(try await items.find(id, householdID: principal.householdID)))))
    }

    func deleteItemPhoto(_ input: Operations.DeleteItemPhoto.Input) async throws -> Operations.DeleteItemPhoto.Output {
        try await request.heirloom.items.deletePhoto(
            try uuid(input.path.photoId, "photo"),
            of: try uuid(input.path.id, "item"),
            by: try principal
        )
        return .noContent(.init())
    }

    func addItemDocument(_ input: Operations.AddItemDocument.Input) async throws -> Operations.AddItemDocument.Output {
        let principal = try principal
        let id = try uuid(input.path.id, "item")
        let items = try request.heirloom.items
        guard case .multipartForm(let parts) = input.body else {
            throw AppError.badRequest("Send the document as multipart/form-data.")
        }
        // The title and the type may come before or after the file: what comes after is applied once it is kept,
        // and a type that is refused takes the kept file away again, so a refused request keeps nothing.
        var title: String?
        var type: String?
        var added: [ItemDocument] = []
        var saidAfterFile = false
        do {
            for try await part in parts {
                switch part {
                case .file(let file):
                    added.append(
                        try await items.addDocument(
                            to: id, file.payload.body, fileName: file.filename, title: title, type: type, by: principal)
                    )
                case .title(let text):
                    title = try await MultipartTextBudget.text(text.payload.body, upTo: 4096)
                    saidAfterFile = !added.isEmpty
                case .documentType(let text):
                    type = try await MultipartTextBudget.text(text.payload.body, upTo: 4096)
                    saidAfterFile = !added.isEmpty
                case .undocumented(let other):
                    try await Self.drain(other.body)
                }
            }
            for document in added where saidAfterFile {
                try await items.describeDocument(
                    try document.requireID(), of: id, title: title, type: type, by: principal)
            }
        } catch {
            for document in added { try? await items.deleteDocument(try document.requireID(), of: id, by: principal) }
            throw error
        }
        guard !added.isEmpty else {
            throw AppError.invalid(FieldError(field: "file", message: "Please choose a document."))
        }
        return .created(.init(body: .json(try .init(try await items.find(id, householdID: principal.householdID)))))
    }

    func updateItemDocument(_ input: Operations.UpdateItemDocument.Input) async throws
        -> Operations.UpdateItemDocument.Output
    {
        guard case .json(let body) = input.body else { throw AppError.badRequest("Expected a JSON body.") }
        let principal = try principal
        let id = try uuid(input.path.id, "item")
        let documentID = try uuid(input.path.documentId, "document")
        let document = try await request.heirloom.items.describeDocument(
            documentID, of: id, title: body.title, type: body.documentType, by: principal)
        return .ok(.init(body: .json(.init(try ItemRecord.Document(document)))))
    }

    func deleteItemDocument(_ input: Operations.DeleteItemDocument.Input) async throws
        -> Operations.DeleteItemDocument.Output
    {
        try await request.heirloom.items.deleteDocument(
            try uuid(input.path.documentId, "document"),
            of: try uuid(input.path.id, "item"),
            by: try principal
        )
        return .noContent(.init())
    }

    func addItemAudio(_ input: Operations.AddItemAudio.Input) async throws -> Operations.AddItemAudio.Output {
        let principal = try principal
        let id = try uuid(input.path.id, "item")
        let items = try request.heirloom.items
        guard case .multipartForm(let parts) = input.body else {
            throw AppError.badRequest("Send the story as multipart/form-data.")
        }
        var title: String?
        var story: ItemAudio?
        for try await part in parts {
            switch part {
            case .file(let file):
                story = try await items.addAudio(
                    to: id, file.payload.body, fileName: file.filename, title: title, by: principal)
            case .title(let text):
                title = try await MultipartTextBudget.text(text.payload.body, upTo: 4096)
                if let saved = story, let storyID = saved.id, let title {
                    story = try await items.renameAudio(storyID, of: id, to: title, by: principal)
                }
            case .undocumented(let other):
                try await Self.drain(other.body)
            }
        }
        guard let story, let storyID = story.id else {
            throw AppError.invalid(FieldError(field: "file", message: "Please choose or record a story."))
        }
        let item = try await items.find(id, householdID: principal.householdID)
        guard let saved = item.audioStories.first(where: { $0.id == storyID }) else { throw AppError.notFound("story") }
        return .created(.init(body: .json(try await withTranscript(.init(try ItemRecord.Story(saved))))))
    }

    func updateItemAudio(_ input: Operations.UpdateItemAudio.Input) async throws -> Operations.UpdateItemAudio.Output {
        guard case .json(let body) = input.body else { throw AppError.badRequest("Expected a JSON body.") }
        let principal = try principal
        let id = try uuid(input.path.id, "item")
        let audioID = try uuid(input.path.audioId, "story")
        let items = try request.heirloom.items
        _ = try await items.renameAudio(audioID, of: id, to: body.title, by: principal)
        let item = try await items.find(id, householdID: principal.householdID)
        guard let saved = item.audioStories.first(where: { $0.id == audioID }) else { throw AppError.notFound("story") }
        return .ok(.init(body: .json(try await withTranscript(.init(try ItemRecord.Story(saved))))))
    }

    func deleteItemAudio(_ input: Operations.DeleteItemAudio.Input) async throws -> Operations.DeleteItemAudio.Output {
        try await request.heirloom.items.deleteAudio(
            try uuid(input.path.audioId, "story"),
            of: try uuid(input.path.id, "item"),
            by: try principal
        )
        return .noContent(.init())
    }
}
