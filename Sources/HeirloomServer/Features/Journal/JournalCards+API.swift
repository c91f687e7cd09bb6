import Foundation
import HeirloomAPI
import HeirloomCore
import OpenAPIRuntime
import Vapor

extension APIHandler {
    func listJournalCards(_ input: Operations.ListJournalCards.Input) async throws
        -> Operations.ListJournalCards.Output
    {
        let query = input.query
        let drawerID = try query.drawerId.map { try uuid($0, "drawer") }
        let grouping = query.group.flatMap { JournalGrouping(rawValue: $0.rawValue) } ?? .none
        let cards = try await request.heirloom.journalCards.list(
            .init(drawerID: drawerID, tag: query.tag, query: query.q, limit: query.limit), for: try reader)
        var json = Components.Schemas.JournalCardList(cards, grouping: grouping)
        json.cards = try await withTranscripts(json.cards)
        return .ok(.init(body: .json(json)))
    }

    func createJournalCard(_ input: Operations.CreateJournalCard.Input) async throws
        -> Operations.CreateJournalCard.Output
    {
        switch input.body {
        case .json(let body):
            let card = try await request.heirloom.journalCards.create(
                .init(
                    drawerID: try uuid(body.drawerId, "drawer"),
                    title: body.title,
                    text: body.text,
                    tags: body.tags ?? [],
                    day: try day(body.createdAt)
                ),
                for: try reader
            )
            return .created(.init(body: .json(.init(card))))
        case .multipartForm(let parts):
            return .created(.init(body: .json(try await withTranscripts(.init(try await createVoiceCard(parts))))))
        }
    }

    /// Reads a voice card's parts in the order they come; the recording streams into the media pipeline.
    private func createVoiceCard(_ parts: MultipartBody<Operations.CreateJournalCard.Input.Body.MultipartFormPayload>)
        async throws -> JournalRedaction.Shown
    {
        let reader = try reader
        let cards = try request.heirloom.journalCards
        var fields: [String: String] = [:]
        var tags: [String] = []
        var recording: JournalCardService.Recording?
        do {
            var iterator = parts.makeAsyncIterator()
            while let part = try await Self.nextPart(&iterator, hasFile: recording != nil, fields: fields) {
                switch part {
                case .file(let file):
                    guard recording == nil else {
                        throw AppError.invalid(
                            FieldError(field: "file", message: "Please send one recording per card."))
                    }
                    let drawerID = try fields["drawerId"].map { try uuid($0, "drawer") }
                    recording = try await cards.record(
                        file.payload.body, fileName: file.filename, drawerID: drawerID, for: reader)
                case .drawerId(let part):
                    fields["drawerId"] = try await MultipartTextBudget.text(part.payload.body, upTo: 100)
                case .title(let part):
                    fields["title"] = try await MultipartTextBudget.text(part.payload.body, upTo: 4096)
                case .text(let part):
                    fields["text"] = try await MultipartTextBudget.text(part.payload.body, upTo: 1 << 20)
                case .createdAt(let part):
                    fields["createdAt"] = try await MultipartTextBudget.text(part.payload.body, upTo: 100)
                case .tags(let part): tags.append(try await MultipartTextBudget.text(part.payload.body, upTo: 4096))
                case .undocumented(let other): try await Self.drain(other.body)
                }
            }
            guard let saved = recording else {
                throw AppError.invalid(FieldError(field: "file", message: "Please choose or record a voice card."))
            }
            guard let rawDrawer = fields["drawerId"] else {
                throw AppError.invalid(FieldError(field: "drawerId", message: "Please choose a drawer for the card."))
            }
            let new = JournalCardService.NewVoiceCard(
                drawerID: try uuid(rawDrawer, "drawer"), title: fields["title"], text: fields["text"], tags: tags,
                day: try day(fields["createdAt"]))
            recording = nil  // from here createVoice deletes it itself if the card cannot be written
            return try await cards.createVoice(new, recording: saved, for: reader)
        } catch {
            if let recording { await cards.discard(recording) }
            throw error
        }
    }

    /// The next part; when the body ends without a required part, a 422 naming it (the runtime's own
    /// complaint would otherwise be a 500).
    private static func nextPart(
        _ iterator: inout MultipartBody<Operations.CreateJournalCard.Input.Body.MultipartFormPayload>.Iterator,
        hasFile: Bool,
        fields: [String: String]
    ) async throws -> Operations.CreateJournalCard.Input.Body.MultipartFormPayload? {
        do {
            return try await iterator.next()
        } catch let error where !(error is AppError) && !(error is MediaError) {
            if !hasFile {
                throw AppError.invalid(FieldError(field: "file", message: "Please choose or record a voice card."))
            }
            if fields["drawerId"] == nil {
                throw AppError.invalid(FieldError(field: "drawerId", message: "Please choose a drawer for the card."))
            }
            throw error
        }
    }

    func getJournalCard(_ input: Operations.GetJournalCard.Input) async throws -> Operations.GetJournalCard.Output {
        let card = try await request.heirloom.journalCards.card(try uuid(input.path.id, "card"), for: try reader)
        return .ok(.init(body: .json(try await withTranscripts(.init(card)))))
    }

    func updateJournalCard(_ input: Operations.UpdateJournalCard.Input) async throws
        -> Operations.UpdateJournalCard.Output
    {
        guard case .json(let body) = input.body else { throw AppError.badRequest("Expected a JSON body.") }
        let changes = JournalCardService.Changes(
            drawerID: try body.drawerId.map { try uuid($0, "drawer") },
            title: body.title,
            text: body.text,
            tags: body.tags,
            day: try day(body.createdAt)
        )
        let card = try await request.heirloom.journalCards.update(
            try uuid(input.path.id, "card"), changes, for: try reader)
        return .ok(.init(body: .json(try await withTranscripts(.init(card)))))
    }

    func deleteJournalCard(_ input: Operations.DeleteJournalCard.Input) async throws
        -> Operations.DeleteJournalCard.Output
    {
        try await request.heirloom.journalCards.delete(try uuid(input.path.id, "card"), for: try reader)
        return .noContent(.init())
    }

    private func day(_ text: String?) throws -> JournalDay? {
        guard let text else { return nil }
        guard let day = JournalDay(text) else {
            throw AppError.invalid(
                FieldError(field: "createdAt", message: "Please give the day as year-month-day, like 2026-11-22."))
        }
        return day
    }
}
