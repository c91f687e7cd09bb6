import Foundation
import HeirloomAPI
import HeirloomCore
import OpenAPIRuntime
import Vapor

extension APIHandler {
    func getTranscript(_ input: Operations.GetTranscript.Input) async throws -> Operations.GetTranscript.Output {
        let (transcript, _) = try await request.heirloom.transcripts.find(
            try uuid(input.path.id, "transcript"), by: try principal)
        return .ok(.init(body: .json(.init(try TranscriptRecord(transcript)))))
    }

    func correctTranscript(_ input: Operations.CorrectTranscript.Input) async throws
        -> Operations.CorrectTranscript.Output
    {
        guard case .json(let body) = input.body else { throw AppError.badRequest("Expected a JSON body.") }
        let transcript = try await request.heirloom.transcripts.correct(
            try uuid(input.path.id, "transcript"), text: body.text, by: try principal)
        return .ok(.init(body: .json(.init(try TranscriptRecord(transcript)))))
    }

    func retryTranscript(_ input: Operations.RetryTranscript.Input) async throws -> Operations.RetryTranscript.Output {
        let transcript = try await request.heirloom.transcripts.retry(
            try uuid(input.path.id, "transcript"), by: try principal)
        return .accepted(.init(body: .json(.init(try TranscriptRecord(transcript)))))
    }

    /// The items with their stories' transcripts.
    func withTranscripts(_ items: [Components.Schemas.Item]) async throws -> [Components.Schemas.Item] {
        let ids = items.flatMap { $0.audioStories.compactMap { UUID(uuidString: $0.id) } }
        let found = try await TranscriptLookup.transcripts(.itemStory, ids: ids, on: request.db.sql())
        return items.map { item in
            var item = item
            for index in item.audioStories.indices {
                item.audioStories[index].transcript = found[item.audioStories[index].id].map { .init($0) }
            }
            return item
        }
    }

    /// The item with its stories' transcripts.
    func withTranscripts(_ item: Components.Schemas.Item) async throws -> Components.Schemas.Item {
        try await withTranscripts([item])[0]
    }

    /// The story with its transcript.
    func withTranscript(_ story: Components.Schemas.AudioStory) async throws -> Components.Schemas.AudioStory {
        var story = story
        let ids = [UUID(uuidString: story.id)].compactMap { $0 }
        story.transcript = try await TranscriptLookup.transcripts(.itemStory, ids: ids, on: request.db.sql())[story.id]
            .map { .init($0) }
        return story
    }

    /// The memories with their voice and film transcripts.
    func withTranscripts(_ memories: [Components.Schemas.Memory]) async throws -> [Components.Schemas.Memory] {
        let ids = memories.flatMap { $0.media.filter { $0.kind != .image }.map(\.id) }
        let found = try await TranscriptLookup.transcripts(.memoryFile, ids: ids, on: request.db.sql())
        return memories.map { memory in
            var memory = memory
            for index in memory.media.indices {
                memory.media[index].transcript = found[String(memory.media[index].id)].map { .init($0) }
            }
            return memory
        }
    }

    func withTranscripts(_ memory: Components.Schemas.Memory) async throws -> Components.Schemas.Memory {
        try await withTranscripts([memory])[0]
    }

    /// The journal cards with their recordings' transcripts; a redacted card (a locked drawer's) gets none.
    func withTranscripts(_ cards: [Components.Schemas.JournalCard]) async throws -> [Components.Schemas.JournalCard] {
        let ids = cards.filter { !$0.redacted && $0.kind == .voice }.compactMap { UUID(uuidString: $0.id) }
        let found = try await TranscriptLookup.transcripts(.journalCard, ids: ids, on: request.db.sql())
        return cards.map { card in
            var card = card
            card.transcript = card.redacted ? nil : found[card.id].map { .init($0) }
            return card
        }
    }

    func withTranscripts(_ card: Components.Schemas.JournalCard) async throws -> Components.Schemas.JournalCard {
        try await withTranscripts([card])[0]
    }
}

extension Components.Schemas.Transcript {
    init(_ record: TranscriptRecord) {
        self.init(
            id: record.id.text,
            state: .init(rawValue: record.state.rawValue) ?? .failed,
            text: record.text,
            machineText: record.machineText,
            segments: record.segments.map { .init(start: $0.start, end: $0.end, text: $0.text) },
            engine: record.engine,
            edited: record.edited,
            editedBy: record.editedBy,
            editedAt: record.editedAt,
            error: record.error)
    }
}
