import Fluent
import Foundation
import HeirloomCore

extension LetterService {
    /// The letters of the household delivered to a reader who has no email address, whose link someone must print
    /// and pass on by hand: the writer's own, and every writer's for an owner (who reads the names, never the letter).
    func waitingToBeHandedOn(by principal: Principal) async throws -> [(letter: Letter, reader: LetterRecipient)] {
        let letters = try await Letter.query(on: db).filter(\.$household.$id == principal.householdID)
            .filter(\.$deliveredAt != nil).with(\.$recipients).sort(\.$deliveredAt, .descending).all()
        return letters.filter { Self.mayHandOn($0, principal) }.flatMap { letter in
            letter.recipients.filter(\.email.isEmpty).sorted { $0.position < $1.position }.map { (letter, $0) }
        }
    }

    /// Makes a new link for a delivered letter's reader without an email address (the previous one stops working),
    /// for the letter's writer or an owner; 409 before the letter is delivered, or for a reader the hub emailed.
    func handOut(reader readerID: UUID, of id: UUID, by principal: Principal, base: String) async throws
        -> (name: String, url: String)
    {
        guard
            let letter = try await Letter.query(on: db).filter(\.$id == id)
                .filter(\.$household.$id == principal.householdID).with(\.$recipients).first(),
            Self.mayHandOn(letter, principal)
        else { throw AppError.notFound("letter") }
        guard letter.deliveredAt != nil else {
            throw AppError.conflict(
                code: "not_delivered",
                message:
                    "The letter stays sealed until its day; its readers’ links can be printed once it is delivered.")
        }
        guard let reader = letter.recipients.first(where: { $0.id == readerID }) else {
            throw AppError.notFound("reader")
        }
        guard reader.email.isEmpty else {
            throw AppError.conflict(
                code: "has_email", message: "\(reader.name)’s link was emailed to them, and it is theirs alone.")
        }
        let now = clock()
        let secret = try await db.transaction { db in
            let secret = try await LinkTokens(db: db).renew(
                .letterLink, subject: readerID, householdID: principal.householdID, endingSessions: .letterSession)
            try await AuditLog.append(
                .letterDelivered,
                "\(principal.name) printed \(reader.name)’s link to the letter from \(letter.writerName), to give it "
                    + "to them by hand.",
                householdID: principal.householdID, at: now, on: db)
            return secret
        }
        return (reader.name, SiteURL.letterLink(.value(secret)).url(on: base))
    }

    /// The writer hands their own letter's links on; an owner, who passes on the links of people without email
    /// (`AccessRule`: the outbox), hands on anyone's.
    static func mayHandOn(_ letter: Letter, _ principal: Principal) -> Bool {
        letter.$writer.id == principal.userID || principal.may(.change(.outbox))
    }
}
