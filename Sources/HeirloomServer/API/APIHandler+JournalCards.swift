import Foundation
import HeirloomAPI
import HeirloomCore
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
        return .ok(.init(body: .json(.init(cards, grouping: grouping))))
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
        case .multipartForm:
            // Honest for now: recordings need the media pipeline (transcoding, duration, waveform).
            throw AppError.invalid(
                FieldError(
                    field: "file",
                    message: "Voice cards arrive with the media pipeline. For now, please write a text card."))
        }
    }

    func getJournalCard(_ input: Operations.GetJournalCard.Input) async throws -> Operations.GetJournalCard.Output {
        let card = try await request.heirloom.journalCards.card(try uuid(input.path.id, "card"), for: try reader)
        return .ok(.init(body: .json(.init(card))))
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
        return .ok(.init(body: .json(.init(card))))
    }

    func deleteJournalCard(_ input: Operations.DeleteJournalCard.Input) async throws
        -> Operations.DeleteJournalCard.Output
    {
        try await request.heirloom.journalCards.delete(try uuid(input.path.id, "card"), for: try reader)
        return .noContent(.init())
    }

    func getJournalCardAudio(_ input: Operations.GetJournalCardAudio.Input) async throws
        -> Operations.GetJournalCardAudio.Output
    {
        try await request.heirloom.journalCards.audio(try uuid(input.path.id, "card"), for: try reader)
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
