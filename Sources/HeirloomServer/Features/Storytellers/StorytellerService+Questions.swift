import Fluent
import Foundation
import HeirloomCore

/// An answered question with what it became, for the list of answers and the book.
struct StoryAnswerRecord: Sendable {
    var question: StoryQuestion
    var itemID: UUID?
    var transcript: TranscriptRecord?
}

extension StorytellerService {
    var queue: StoryQueue { StoryQueue(db: db, clock: clock) }

    /// What is coming for the storyteller, next first.
    func waiting(_ id: UUID, _ principal: Principal) async throws -> [StoryQuestion] {
        try await queue.waiting(try await find(id, principal))
    }

    func addQuestion(_ text: String, to id: UUID, by principal: Principal) async throws -> StoryQuestion {
        try principal.requireEditor()
        let storyteller = try await find(id, principal)
        return try await queue.addFamilyQuestion(text, to: storyteller, by: principal)
    }

    func changeQuestion(_ questionID: UUID, of id: UUID, position: Int?, skipped: Bool?, by principal: Principal)
        async throws -> StoryQuestion
    {
        try principal.requireEditor()
        let storyteller = try await find(id, principal)
        let question = try await queue.change(questionID, of: storyteller, position: position, skipped: skipped)
        // A skipped question's place is taken by the next one.
        try await queue.topUp(storyteller)
        return question
    }

    /// Sends the next question at once; 409 when none is left.
    func sendNow(_ id: UUID, by principal: Principal) async throws -> StoryQuestion {
        try principal.requireEditor()
        let storyteller = try await find(id, principal)
        if let pause = try await StorySender.pause(of: storyteller, at: clock(), on: db) {
            throw AppError.conflict(code: "storyteller_paused", message: pause.sentence(name: storyteller.name))
        }
        let sender = StorySender(db: db, clock: clock, publicBaseURL: publicBaseURL)
        guard let sent = try await sender.sendNow(storyteller, zone: try await zone(principal.householdID)) else {
            throw AppError.conflict(
                code: "no_questions", message: "There is no question left to send. Write one for \(storyteller.name).")
        }
        return sent
    }

    /// The answered questions, oldest first, each with its recording's transcript.
    func answers(_ id: UUID, _ principal: Principal) async throws -> [StoryAnswerRecord] {
        let storyteller = try await find(id, principal)
        let answered = try await StoryQuestion.query(on: db).filter(\.$storyteller.$id == storyteller.requireID())
            .filter(\.$answeredAt != nil).sort(\.$answeredAt).with(\.$answerMedia).all()
        var records: [StoryAnswerRecord] = []
        for question in answered {
            var transcript: TranscriptRecord?
            if let media = question.answerMedia {
                transcript = try await Transcript.query(on: db).filter(\.$household.$id == principal.householdID)
                    .filter(\.$recording.$id == media.requireID()).first().map(TranscriptRecord.init)
            }
            records.append(StoryAnswerRecord(question: question, itemID: question.$item.id, transcript: transcript))
        }
        return records
    }

    /// The storyteller whose answer became this memory: such a memory has no member as its author when they have no
    /// account, and its page names them instead of "a former member".
    func teller(ofMemory memoryID: Int, householdID: UUID) async throws -> String? {
        guard
            let question = try await StoryQuestion.query(on: db).filter(\.$household.$id == householdID)
                .filter(\.$answerMemory.$id == memoryID).first()
        else { return nil }
        return try await Storyteller.find(question.$storyteller.id, on: db)?.name
    }

    /// Whether the member gets a note when a story arrives (yes unless they turned it off).
    func storyNotices(for userID: UUID) async throws -> Bool {
        try await MemberPreference.query(on: db).filter(\.$user.$id == userID).first()?.storyNotices ?? true
    }

    func setStoryNotices(_ on: Bool, for userID: UUID) async throws {
        let preference =
            try await MemberPreference.query(on: db).filter(\.$user.$id == userID).first()
            ?? MemberPreference()
        preference.$user.id = userID
        preference.storyNotices = on
        try await preference.save(on: db)
    }
}
