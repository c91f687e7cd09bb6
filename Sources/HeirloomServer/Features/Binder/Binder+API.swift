import Foundation
import HeirloomAPI
import HeirloomCore
import OpenAPIRuntime
import Vapor

extension APIHandler {
    func getBinder(_ input: Operations.GetBinder.Input) async throws -> Operations.GetBinder.Output {
        let principal = try principal
        let binder = try await request.heirloom.binder.binder(by: principal)
        return .ok(.init(body: .json(try await binderBody(binder, for: principal))))
    }

    func createBinderEntry(_ input: Operations.CreateBinderEntry.Input) async throws
        -> Operations.CreateBinderEntry.Output
    {
        guard case .json(let body) = input.body else { throw AppError.badRequest("Expected a JSON body.") }
        let principal = try principal
        let draft = try BinderEntryDraft(
            section: body.section.rawValue, title: body.title, text: body.text,
            fields: body.fields?.additionalProperties ?? [:], reviewOn: body.reviewOn)
        let visibility = try body.visibility.map(BinderVisibility.init)
        let shown = try await request.heirloom.binder.create(draft, visibility: visibility, by: principal)
        return .created(.init(body: .json(try await entryBody(shown, for: principal))))
    }

    func getBinderEntry(_ input: Operations.GetBinderEntry.Input) async throws -> Operations.GetBinderEntry.Output {
        let principal = try principal
        let shown = try await request.heirloom.binder.entry(try uuid(input.path.id, "entry"), by: principal)
        return .ok(.init(body: .json(try await entryBody(shown, for: principal))))
    }

    func updateBinderEntry(_ input: Operations.UpdateBinderEntry.Input) async throws
        -> Operations.UpdateBinderEntry.Output
    {
        guard case .json(let body) = input.body else { throw AppError.badRequest("Expected a JSON body.") }
        let principal = try principal
        let id = try uuid(input.path.id, "entry")
        let binder = try request.heirloom.binder
        let current = try await binder.entry(id, by: principal).entry
        let draft = try BinderEntryDraft(
            section: body.section?.rawValue ?? current.section, title: body.title ?? current.title,
            text: body.text ?? current.text,
            fields: body.fields?.additionalProperties ?? Self.keptFields(current, movingTo: body.section?.rawValue),
            reviewOn: body.reviewOn ?? current.reviewOn)
        var visibility: BinderVisibility?? = nil
        if body.followSection == true { visibility = .some(nil) }
        if let chosen = body.visibility { visibility = .some(try BinderVisibility(chosen)) }
        let shown = try await binder.update(id, draft, visibility: visibility, by: principal)
        return .ok(.init(body: .json(try await entryBody(shown, for: principal))))
    }

    func deleteBinderEntry(_ input: Operations.DeleteBinderEntry.Input) async throws
        -> Operations.DeleteBinderEntry.Output
    {
        try await request.heirloom.binder.delete(try uuid(input.path.id, "entry"), by: try principal)
        return .noContent(.init())
    }

    func addBinderDocument(_ input: Operations.AddBinderDocument.Input) async throws
        -> Operations.AddBinderDocument.Output
    {
        let principal = try principal
        let id = try uuid(input.path.id, "entry")
        let binder = try request.heirloom.binder
        guard case .multipartForm(let parts) = input.body else {
            throw AppError.badRequest("Send the paper as multipart/form-data.")
        }
        var shown: BinderReading.Shown?
        try await Self.readingParts {
            for try await part in parts {
                switch part {
                case .file(let file):
                    shown = try await binder.addDocument(
                        to: id, file.payload.body, fileName: file.filename, by: principal)
                case .undocumented(let other):
                    try await Self.drain(other.body)
                }
            }
        }
        guard let shown else { throw AppError.invalid(FieldError(field: "file", message: "Please choose a paper.")) }
        return .created(.init(body: .json(try await entryBody(shown, for: principal))))
    }

    func deleteBinderDocument(_ input: Operations.DeleteBinderDocument.Input) async throws
        -> Operations.DeleteBinderDocument.Output
    {
        try await request.heirloom.binder.deleteDocument(
            try uuid(input.path.documentId, "document"), of: try uuid(input.path.id, "entry"), by: try principal)
        return .noContent(.init())
    }

    func setBinderSection(_ input: Operations.SetBinderSection.Input) async throws
        -> Operations.SetBinderSection.Output
    {
        guard case .json(let body) = input.body else { throw AppError.badRequest("Expected a JSON body.") }
        let principal = try principal
        guard let section = BinderSection(rawValue: input.path.key.rawValue) else { throw AppError.notFound("section") }
        let binder = try request.heirloom.binder
        try await binder.setSection(section, try BinderVisibility(body.visibility), by: principal)
        return .ok(.init(body: .json(try await binderBody(try await binder.binder(by: principal), for: principal))))
    }

    func previewBinder(_ input: Operations.PreviewBinder.Input) async throws -> Operations.PreviewBinder.Output {
        let principal = try principal
        let binder = try request.heirloom.binder
        let reader = try await binder.previewReader(
            executorID: try input.query.executorId.map { try uuid($0, "trusted contact") },
            beneficiaryID: try input.query.beneficiaryId.map { try uuid($0, "beneficiary") }, by: principal)
        let shown = try await binder.preview(as: reader.reader, at: input.query.at, by: principal)
        return .ok(.init(body: .json(try await binderBody(shown, for: principal, outsider: true))))
    }

    /// The fields an entry keeps when a change does not send them: all of them, or, moving to another section, those
    /// the new section has too.
    static func keptFields(_ entry: BinderEntry, movingTo section: String?) -> [String: String] {
        let fits = BinderSection(rawValue: section ?? entry.section)?.fields ?? []
        return Dictionary(
            uniqueKeysWithValues: entry.fields.filter { fits.contains($0.key) }.map { ($0.key.rawValue, $0.value) })
    }
}
