import Fluent
import Foundation
import HeirloomCore
import SQLKit

/// The questions waiting for a storyteller, kept as rows so the family can reorder and skip them: the list is
/// topped up to `QuestionPlan.horizon` from the family's things and the built-in collection whenever it is read.
struct StoryQueue: Sendable {
    let db: any Database
    let clock: @Sendable () -> Date

    /// The waiting questions, in order, after topping the list up.
    func waiting(_ storyteller: Storyteller) async throws -> [StoryQuestion] {
        try await topUp(storyteller)
        return try await waitingRows(try storyteller.requireID())
    }

    private func waitingRows(_ id: UUID) async throws -> [StoryQuestion] {
        try await StoryQuestion.query(on: db).filter(\.$storyteller.$id == id).filter(\.$askedAt == nil)
            .filter(\.$skipped == false).sort(\.$position).sort(\.$createdAt).all()
    }

    /// Adds questions until `QuestionPlan.horizon` wait; never one this storyteller already has (any state).
    func topUp(_ storyteller: Storyteller) async throws {
        let id = try storyteller.requireID()
        let all = try await StoryQuestion.query(on: db).filter(\.$storyteller.$id == id).all()
        let waitingCount = all.filter(\.isWaiting).count
        guard waitingCount < QuestionPlan.horizon else { return }
        let householdID = storyteller.$household.id
        let plan = QuestionPlan.next(
            family: [], things: try await things(householdID),
            builtIn: BuiltInQuestions.all.map { QuestionCandidate.builtIn($0.text) },
            used: Set(all.map(\.key)), count: QuestionPlan.horizon - waitingCount)
        var position = (all.map(\.position).max() ?? -1) + 1
        for candidate in plan {
            let row = StoryQuestion()
            row.$household.id = householdID
            row.$storyteller.id = id
            row.source = candidate.source.rawValue
            row.key = candidate.key
            row.text = candidate.text
            row.position = position
            row.skipped = false
            switch candidate.source {
            case .item: row.$item.id = UUID(uuidString: String(candidate.key.dropFirst("item:".count)))
            case .photo: row.$photoMemory.id = Int(candidate.key.dropFirst("photo:".count))
            case .family, .builtIn: break
            }
            position += 1
            // Two readers topping up at once: the unique key keeps one of each.
            do { try await row.create(on: db) } catch { continue }
        }
    }

    /// Items without a recorded story, whatever their description (the AI appraiser's describes a thing, it does
    /// not tell its story), and photo memories naming nobody and undated, oldest first.
    private func things(_ householdID: UUID) async throws -> [QuestionCandidate] {
        let told = try await ItemAudio.query(on: db).join(Item.self, on: \ItemAudio.$item.$id == \Item.$id)
            .filter(Item.self, \.$household.$id == householdID).all(\.$item.$id)
        let items = try await Item.query(on: db).filter(\.$household.$id == householdID).filter(\.$id !~ told)
            .sort(\.$createdAt).limit(60).all()
        let photos = try await Memory.query(on: db).filter(\.$household.$id == householdID)
            .filter(\.$kind == MemoryKind.photo.rawValue).filter(\.$dateYear == nil).sort(\.$createdAt).limit(60)
            .all()
        let named = Set(
            try await MemoryPerson.query(on: db).filter(\.$memory.$id ~~ photos.compactMap(\.id)).all()
                .map(\.$memory.id))
        let itemQuestions = items.compactMap { item in
            item.id.map { QuestionCandidate.item(id: $0.uuidString, title: item.name) }
        }
        let photoQuestions = photos.compactMap { memory in
            memory.id.flatMap { named.contains($0) ? nil : QuestionCandidate.photo(id: String($0)) }
        }
        // One of each in turn, so both kinds come up.
        var mixed: [QuestionCandidate] = []
        for index in 0..<max(itemQuestions.count, photoQuestions.count) {
            if index < itemQuestions.count { mixed.append(itemQuestions[index]) }
            if index < photoQuestions.count { mixed.append(photoQuestions[index]) }
        }
        return mixed
    }

    /// Adds a family member's question after the family's questions already waiting at the front.
    func addFamilyQuestion(_ text: String, to storyteller: Storyteller, by principal: Principal) async throws
        -> StoryQuestion
    {
        let words = try StoryRules.question(text)
        let id = try storyteller.requireID()
        var waiting = try await waitingRows(id)
        let row = StoryQuestion()
        row.id = UUID()
        row.$household.id = storyteller.$household.id
        row.$storyteller.id = id
        row.source = QuestionSource.family.rawValue
        row.key = "family:\(row.id!.uuidString)"
        row.text = words
        row.position = 0
        row.skipped = false
        row.$createdBy.id = principal.userID
        waiting.insert(row, at: QuestionPlan.familyInsertIndex(waiting: waiting.map(\.questionSource)))
        let ordered = waiting
        try await db.transaction { db in
            try await row.create(on: db)
            try await Self.renumber(ordered, on: db)
        }
        return row
    }

    /// Moves a waiting question to `position` (0 is next), or skips it / brings it back.
    func change(_ questionID: UUID, of storyteller: Storyteller, position: Int?, skipped: Bool?) async throws
        -> StoryQuestion
    {
        let id = try storyteller.requireID()
        guard
            let question = try await StoryQuestion.query(on: db).filter(\.$id == questionID)
                .filter(\.$storyteller.$id == id).first()
        else { throw AppError.notFound("question") }
        guard question.askedAt == nil else {
            throw AppError.conflict(code: "question_asked", message: "This question was already asked.")
        }
        if let position, position < 0 {
            throw AppError.invalid(FieldError(field: "position", message: "Please give a place of 0 or more."))
        }
        try await db.transaction { db in
            if let skipped {
                question.skipped = skipped
                try await question.save(on: db)
            }
            if let position, !question.skipped {
                let waiting = try await StoryQueue(db: db, clock: clock).waitingRows(id)
                guard let from = waiting.firstIndex(where: { $0.id == questionID }) else { return }
                try await Self.renumber(QuestionPlan.move(waiting, from: from, to: position), on: db)
            }
        }
        return try await StoryQuestion.find(questionID, on: db) ?? question
    }

    private static func renumber(_ rows: [StoryQuestion], on db: any Database) async throws {
        for (index, row) in rows.enumerated() where row.position != index {
            row.position = index
            try await row.save(on: db)
        }
    }
}
