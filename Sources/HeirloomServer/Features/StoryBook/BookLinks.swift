import Fluent
import Foundation
import HeirloomCore

/// The keyed links a printed story book's QR codes open: each plays one recording, with its words, on any phone and
/// without an account, and leads nowhere else in the hub (`LinkToken.Kind.bookRecording`, 256 bits, stored hashed).
///
/// Each printing gets keys of its own, since only their hashes are kept; the book's page lists them, and an owner or
/// editor withdraws one (a lost or given-away copy) without touching the others.
struct BookLinks: Sendable {
    let db: any Database
    let clock: @Sendable () -> Date
    let linkThrottle: LoginThrottle

    /// A book's link as the book's page and the API list it.
    struct Listed: Sendable {
        var id: UUID
        var questionID: UUID
        var chapter: String
        var createdAt: Date?
        /// The day it was last opened (noted once a day).
        var lastOpenedAt: Date?
        var withdrawnAt: Date?
    }

    /// What a link opens: one answer's recording and its typed copy.
    struct Opened: Sendable {
        var question: StoryQuestion
        var storyteller: Storyteller
        var recording: MediaObject
        var transcript: TranscriptRecord?
    }

    /// What the address of a link leads to: its recording, a withdrawn link, or nothing.
    enum Opening: Sendable {
        case recording(Opened)
        case withdrawn
        case missing
    }

    /// A new key for the recording of `question`, for one printing of its book.
    func issue(for question: StoryQuestion) async throws -> String {
        try await LinkTokens(db: db).issue(
            .bookRecording, subject: try question.requireID(), householdID: question.$household.id)
    }

    /// Every link printed for the storyteller's book, newest first, withdrawn ones included.
    func list(_ storytellerID: UUID, householdID: UUID) async throws -> [Listed] {
        let questions = try await StoryQuestion.query(on: db).filter(\.$storyteller.$id == storytellerID)
            .filter(\.$household.$id == householdID).filter(\.$answerMedia.$id != nil).all()
        let titles = Dictionary(uniqueKeysWithValues: try questions.map { (try $0.requireID(), $0.text) })
        guard !titles.isEmpty else { return [] }
        let links = try await LinkToken.query(on: db).filter(\.$kind == .bookRecording)
            .filter(\.$household.$id == householdID).filter(\.$subjectID ~~ Array(titles.keys))
            .sort(\.$createdAt, .descending).all()
        return try links.map { link in
            Listed(
                id: try link.requireID(), questionID: link.subjectID, chapter: titles[link.subjectID] ?? "",
                createdAt: link.createdAt, lastOpenedAt: link.openingRecordedAt, withdrawnAt: link.expiresAt)
        }
    }

    /// Withdraws one link of the storyteller's book (owners and editors): its QR code then opens a page saying so.
    /// Withdrawing it again changes nothing; a link of another book or household is 404.
    func withdraw(_ linkID: UUID, of storytellerID: UUID, by principal: Principal) async throws -> Listed {
        try principal.requireEditor()
        let householdID = principal.householdID
        guard let listed = try await list(storytellerID, householdID: householdID).first(where: { $0.id == linkID }),
            let link = try await LinkToken.find(linkID, on: db)
        else { throw AppError.notFound("link") }
        if link.expiresAt == nil {
            link.expiresAt = Transcript.wholeSecond(clock())
            try await link.save(on: db)
        }
        return Listed(
            id: listed.id, questionID: listed.questionID, chapter: listed.chapter, createdAt: listed.createdAt,
            lastOpenedAt: listed.lastOpenedAt, withdrawnAt: link.expiresAt)
    }

    /// What the secret of a link opens; failed guesses are counted per link and per address, as every link's are.
    func open(_ secret: String, from address: String) async throws -> Opening {
        let now = clock()
        let tokens = LinkTokens(db: db)
        guard
            let link = try await tokens.open(
                secret, kinds: [.bookRecording], from: address, throttle: linkThrottle, now: now, endedToo: true)
        else { return .missing }
        guard link.expiresAt.map({ $0 > now }) ?? true else { return .withdrawn }
        guard
            let question = try await StoryQuestion.query(on: db).filter(\.$id == link.subjectID)
                .filter(\.$household.$id == link.$household.id).with(\.$answerMedia).first(),
            let recording = question.answerMedia,
            let storyteller = try await Storyteller.find(question.$storyteller.id, on: db)
        else { return .missing }
        _ = try await tokens.recordsOpening(link, now: now)
        let transcript = try await Transcript.query(on: db).filter(\.$recording.$id == recording.requireID())
            .with(\.$editedBy).first().map(TranscriptRecord.init)
        return .recording(
            Opened(question: question, storyteller: storyteller, recording: recording, transcript: transcript))
    }
}
