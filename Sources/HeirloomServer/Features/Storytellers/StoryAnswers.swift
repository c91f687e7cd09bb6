import Fluent
import Foundation
import HeirloomCore
import SQLKit

/// A question as its storyteller opens it from their link.
struct OpenQuestion: Sendable {
    var question: StoryQuestion
    var storyteller: Storyteller
    /// The photo a question about a photo memory shows.
    var photo: MediaObject?
}

/// The storyteller's side: the emailed link is exchanged for a session for that one question, which is answered
/// once by voice or in writing. An answered question's link and sessions stop at once (410, kept so the page can
/// thank them); a removed storyteller's, an expired one's or anyone else's are 404.
struct StoryAnswers: Sendable {
    let db: any Database
    let clock: @Sendable () -> Date
    let media: MediaService
    let publicBaseURL: String
    let linkThrottle: LoginThrottle

    /// Exchanges an emailed link's secret for a session for its question.
    func signIn(linkSecret: String, from address: String) async throws -> String {
        let now = clock()
        let tokens = LinkTokens(db: db)
        guard
            let token = try await tokens.open(
                linkSecret, kinds: [.storyLink], from: address, throttle: linkThrottle, now: now)
        else {
            throw AppError.notFound("page")
        }
        _ = try await open(token.subjectID)
        return try await tokens.startSession(
            .storySession, subject: token.subjectID, householdID: token.$household.id, now: now)
    }

    /// The question of a session; 410 once it is answered, 404 for a session that opens none.
    func question(session secret: String) async throws -> OpenQuestion {
        guard !secret.isEmpty,
            let token = try await LinkTokens(db: db).find(secret, kinds: [.storySession], now: clock())
        else { throw AppError.notFound("page") }
        return try await open(token.subjectID)
    }

    /// The day the storyteller of a session (their question answered or not) gets their next question, in words, as
    /// the thank-you page says it; nil without a session, or when their questions are paused or stopped.
    func nextQuestionDay(session secret: String) async throws -> String? {
        guard !secret.isEmpty,
            let token = try await LinkTokens(db: db).find(secret, kinds: [.storySession], now: clock()),
            let question = try await StoryQuestion.find(token.subjectID, on: db),
            let storyteller = try await Storyteller.find(question.$storyteller.id, on: db), storyteller.active,
            try await StorySender.pause(of: storyteller, at: clock(), on: db) == nil
        else { return nil }
        let household = try await Household.find(storyteller.$household.id, on: db)
        return (household?.days ?? DayText(zone: .current)).day(storyteller.nextSendAt)
    }

    /// The question of an emailed link (for the photo in the email), with the same rules.
    func question(link secret: String) async throws -> OpenQuestion {
        guard let token = try await LinkTokens(db: db).find(secret, kinds: [.storyLink], now: clock()) else {
            throw AppError.notFound("page")
        }
        return try await open(token.subjectID)
    }

    private func open(_ questionID: UUID) async throws -> OpenQuestion {
        guard let question = try await StoryQuestion.find(questionID, on: db), question.askedAt != nil,
            let storyteller = try await Storyteller.find(question.$storyteller.id, on: db)
        else { throw AppError.notFound("page") }
        guard question.answeredAt == nil else { throw Self.received }
        var photo: MediaObject?
        if let memoryID = question.$photoMemory.id {
            photo = try await MemoryMedia.query(on: db).filter(\.$memory.$id == memoryID).sort(\.$position)
                .with(\.$media).first()?.media
        }
        return OpenQuestion(question: question, storyteller: storyteller, photo: photo)
    }

    static let received = AppError.gone("Your story was received. Thank you! This link has done its work.")

    /// Keeps a typed answer.
    func answer(_ open: OpenQuestion, text raw: String) async throws -> StoryQuestion {
        let text = try StoryRules.answer(raw)
        return try await keep(open, kind: "text", text: text, recording: nil)
    }

    /// Keeps a spoken answer: the recording is stored (and typed out by the transcript jobs) and becomes a story.
    func answer<Chunks: AsyncSequence>(_ open: OpenQuestion, audio chunks: Chunks, fileName: String?) async throws
        -> StoryQuestion where Chunks.Element: Collection<UInt8>
    {
        let question = open.question
        let (ownerType, ownerID): (String?, String?) =
            switch question.questionSource {
            case .item: (ItemService.mediaOwnerType, question.$item.id?.uuidString)
            default: (nil, nil)
            }
        let object = try await media.ingest(
            chunks, fileName: fileName ?? "answer.webm", use: .audio,
            origin: .init(
                householdID: question.$household.id, uploaderID: open.storyteller.$user.id, ownerType: ownerType,
                ownerID: ownerID))
        do {
            return try await keep(open, kind: "voice", text: nil, recording: object)
        } catch {
            try? await media.delete([object])
            throw error
        }
    }

    private func keep(_ open: OpenQuestion, kind: String, text: String?, recording: MediaObject?) async throws
        -> StoryQuestion
    {
        let question = open.question
        let storyteller = open.storyteller
        let now = Date(timeIntervalSince1970: clock().timeIntervalSince1970.rounded(.down))
        let questionID = try question.requireID()
        let base = publicBaseURL
        try await db.transaction { db in
            let claimed = try await db.sql().update(StoryQuestion.schema).set("answered_at", to: now)
                .where("id", .equal, questionID).where("answered_at", .is, SQLLiteral.null).returning("id").all()
            guard claimed.count == 1 else { throw Self.received }
            question.answeredAt = now
            question.answerKind = kind
            question.answerText = text
            question.$answerMedia.id = try recording?.requireID()
            try await StoryMaking(db: db, now: now).make(question, by: storyteller, recording: recording)
            try await question.save(on: db)
            try await notifyFamily(question, storyteller, base: base, now: now, on: db)
        }
        return question
    }

    /// A short note to every member who has not turned these off (not to the storyteller themselves).
    private func notifyFamily(
        _ question: StoryQuestion, _ storyteller: Storyteller, base: String, now: Date, on db: any Database
    ) async throws {
        let householdID = storyteller.$household.id
        let members = try await User.query(on: db).filter(\.$household.$id == householdID).all()
        let quiet = Set(
            try await MemberPreference.query(on: db).filter(\.$user.$id ~~ members.compactMap(\.id))
                .filter(\.$storyNotices == false).all().map(\.$user.id))
        let link = SiteURL.storyteller(.value(try storyteller.requireID())).url(on: base)
        for member in members {
            guard let id = member.id, !quiet.contains(id), id != storyteller.$user.id else { continue }
            try await Outbox(db: db, clock: { now }).enqueue(
                StoryMail.storyArrived(from: storyteller, question: question, to: member, link: link),
                householdID: householdID)
        }
    }
}
