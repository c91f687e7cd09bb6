import Fluent
import Foundation

extension ExportSnapshot {
    /// The household's storytellers and their questions, by name then creation.
    static func readStorytellers(householdID: UUID, on db: any Database) async throws -> ExportRecord.Storytellers {
        let storytellers = try await Storyteller.query(on: db).filter(\.$household.$id == householdID)
            .sort(\.$createdAt).sort(\.$id).all()
        let questions = try await StoryQuestion.query(on: db).filter(\.$household.$id == householdID)
            .sort(\.$position).sort(\.$createdAt).sort(\.$id).all()
        return .init(
            storytellers: try storytellers.map { storyteller in
                let id = try storyteller.requireID()
                return .init(
                    id: id, name: storyteller.name, email: storyteller.email, userId: storyteller.$user.id,
                    weekday: storyteller.weekday, hour: storyteller.hour, nextSendAt: storyteller.nextSendAt,
                    active: storyteller.active, createdAt: storyteller.createdAt,
                    questions: try questions.filter { $0.$storyteller.id == id }.map(
                        ExportRecord.Storytellers.Question.init))
            })
    }
}

extension ExportRecord.Storytellers.Question {
    init(_ row: StoryQuestion) throws {
        self.init(
            id: try row.requireID(), source: row.source, key: row.key, text: row.text, position: row.position,
            skipped: row.skipped, itemId: row.$item.id, photoMemoryId: row.$photoMemory.id,
            createdById: row.$createdBy.id, askedAt: row.askedAt, answeredAt: row.answeredAt,
            answerKind: row.answerKind, answerText: row.answerText, answerMediaId: row.$answerMedia.id,
            answerItemAudioId: row.$answerItemAudio.id, answerMemoryId: row.$answerMemory.id,
            createdAt: row.createdAt)
    }
}

/// The storytellers' checks on import, beside the other records'.
extension ExportSnapshot {
    /// Throws `damaged` unless every id of storytellers.json is given once and every reference (a member, an item,
    /// a memory, a file, an item story) is to a record of this export.
    func checkStorytellerReferences(
        memberIDs: Set<UUID>, itemIDs: Set<UUID>, memoryIDs: Set<Int>, mediaIDs: Set<UUID>, storyIDs: Set<UUID>
    ) throws {
        let file = "storytellers.json"
        _ = try Self.unique(storytellers.storytellers.map(\.id), file, "storyteller")
        _ = try Self.unique(storytellers.storytellers.flatMap(\.questions).map(\.id), file, "question")
        for storyteller in storytellers.storytellers {
            guard storyteller.userId.map(memberIDs.contains) ?? true else {
                throw Self.outside(file, "storyteller", storyteller.id)
            }
            for question in storyteller.questions {
                guard question.itemId.map(itemIDs.contains) ?? true,
                    question.photoMemoryId.map(memoryIDs.contains) ?? true,
                    question.answerMemoryId.map(memoryIDs.contains) ?? true,
                    question.createdById.map(memberIDs.contains) ?? true,
                    question.answerMediaId.map(mediaIDs.contains) ?? true,
                    question.answerItemAudioId.map(storyIDs.contains) ?? true
                else { throw Self.outside(file, "question", question.id) }
            }
        }
    }
}

extension RowWriter {
    /// Writes the storytellers and their questions as they stood: asked and answered questions stay so, and are
    /// never asked again. Links are not carried: a question waiting for its answer needs "Send now" again.
    func writeStorytellers(_ records: ExportRecord.Storytellers, householdID: UUID) async throws {
        for storyteller in records.storytellers {
            let row = Storyteller()
            row.id = storyteller.id
            row.$household.id = householdID
            row.name = storyteller.name
            row.email = storyteller.email
            row.$user.id = storyteller.userId
            row.weekday = storyteller.weekday
            row.hour = storyteller.hour
            row.nextSendAt = storyteller.nextSendAt
            row.active = storyteller.active
            try await row.create(on: db)
            for question in storyteller.questions {
                let child = StoryQuestion()
                child.id = question.id
                child.$household.id = householdID
                child.$storyteller.id = storyteller.id
                child.source = question.source
                child.key = question.key
                child.text = question.text
                child.position = question.position
                child.skipped = question.skipped
                child.$item.id = question.itemId
                child.$photoMemory.id = question.photoMemoryId
                child.$createdBy.id = question.createdById
                child.askedAt = question.askedAt
                child.answeredAt = question.answeredAt
                child.answerKind = question.answerKind
                child.answerText = question.answerText
                child.$answerMedia.id = question.answerMediaId
                child.$answerItemAudio.id = question.answerItemAudioId
                child.$answerMemory.id = question.answerMemoryId
                try await child.create(on: db)
            }
        }
    }
}
