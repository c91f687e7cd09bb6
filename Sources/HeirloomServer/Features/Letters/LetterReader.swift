import Fluent
import Foundation
import HeirloomCore

/// A delivered letter as its reader opens it.
struct LetterReading: Sendable {
    var letter: Letter
    var reader: LetterRecipient
}

/// The reader's side of letters for later: the emailed link is exchanged for a session for that one letter, and
/// the letter is read through it once it is delivered. A letter not yet delivered, withdrawn, or anyone else's does
/// not exist here; each reading goes into the estate's audit log (once a day a session).
struct LetterReader: Sendable {
    let db: any Database
    let clock: @Sendable () -> Date
    /// Counts the openings of links, per link and per address.
    let linkThrottle: LoginThrottle

    /// Exchanges the secret of an emailed link for a session. A secret that opens nothing counts against
    /// it and the address it came from (`LinkTokens.open`).
    func signIn(linkSecret: String, from address: String) async throws -> String {
        let now = clock()
        let tokens = LinkTokens(db: db)
        guard
            let token = try await tokens.open(
                linkSecret, kinds: [.letterLink, .letterSession], from: address, throttle: linkThrottle, now: now),
            try await delivered(token.subjectID) != nil
        else { throw AppError.notFound("page") }
        return try await tokens.startSession(
            .letterSession, subject: token.subjectID, householdID: token.$household.id, now: now)
    }

    /// The delivered letter of a session, noted in the audit log; 404 for a session that does not open one.
    func read(session secret: String) async throws -> LetterReading {
        let now = clock()
        let tokens = LinkTokens(db: db)
        guard !secret.isEmpty, let token = try await tokens.find(secret, kinds: [.letterSession], now: now),
            let reading = try await delivered(token.subjectID)
        else { throw AppError.notFound("page") }
        if try await tokens.recordsOpening(token, now: now) {
            try await AuditLog.append(
                .letterOpened,
                "\(reading.reader.name) opened “\(reading.letter.subject)” from \(reading.letter.writerName).",
                householdID: token.$household.id, at: now, on: db)
        }
        return reading
    }

    /// The reader and their letter, once the letter is delivered.
    private func delivered(_ readerID: UUID) async throws -> LetterReading? {
        guard let reader = try await LetterRecipient.find(readerID, on: db),
            let letter = try await Letter.query(on: db).filter(\.$id == reader.$letter.id).with(\.$recording).first(),
            letter.deliveredAt != nil
        else { return nil }
        return LetterReading(letter: letter, reader: reader)
    }
}
