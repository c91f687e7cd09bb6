import Fluent
import Foundation
import HeirloomCore

/// Proves a member's address: a link is emailed to it, and opening it (and pressing the button on its page) marks
/// the address confirmed. Until then nothing the family named by address is the member's (`AddressProof`).
struct EmailConfirmationService: Sendable {
    let db: any Database
    let clock: @Sendable () -> Date
    let publicBaseURL: String
    let deliversMail: Bool

    static let noMail = AppError.conflict(
        code: "no_mail",
        message: "This hub does not send email, so your address cannot be confirmed by a link. Your wish rounds "
            + "and links reach you through the owners instead.")

    /// Whether the member's address is confirmed.
    func isConfirmed(_ userID: UUID) async throws -> Bool {
        try await User.find(userID, on: db)?.emailConfirmedAt != nil
    }

    /// Emails the member a link that confirms their address; false when it is confirmed already (nothing sent).
    func send(to principal: Principal) async throws -> Bool {
        guard let user = try await User.find(principal.userID, on: db) else { throw AppError.notFound("member") }
        if user.emailConfirmedAt != nil { return false }
        guard deliversMail else { throw Self.noMail }
        let now = clock()
        let base = publicBaseURL
        try await db.transaction { db in
            let tokens = LinkTokens(db: db)
            try await tokens.revokeAll(subject: principal.userID, kinds: [.emailConfirmation])
            let secret = try await tokens.issue(
                .emailConfirmation, subject: principal.userID, householdID: principal.householdID,
                expiresAt: now.addingTimeInterval(AddressProof.linkLifetime))
            let mail = Mail(
                purpose: .emailConfirmation, toName: user.name, toEmail: user.email,
                subject: "Please confirm your email address",
                paragraphs: [
                    "You asked your family's Heirloom hub to confirm that this address is yours. Please press the "
                        + "button below; it works for a week.",
                    "Once it is confirmed, what the family names you for by this address (a wish round, say) can "
                        + "reach you when you sign in. If you did not ask, you can ignore this email.",
                ],
                link: SiteURL.emailConfirmation(.value(secret)).url(on: base), linkLabel: "Confirm my address")
            try await Outbox(db: db, clock: { now }).enqueue(mail, householdID: principal.householdID)
        }
        return true
    }

    /// The member a confirmation link is for, or nil when it does not work (unknown, used or out of date).
    func member(forLink secret: String) async throws -> User? {
        guard let token = try await LinkTokens(db: db).find(secret, kinds: [.emailConfirmation], now: clock())
        else { return nil }
        return try await User.find(token.subjectID, on: db)
    }

    /// Confirms the address of the link's member; the link then stops working. Nil when it does not work.
    func confirm(_ secret: String) async throws -> User? {
        guard let user = try await member(forLink: secret) else { return nil }
        let now = clock()
        let userID = try user.requireID()
        try await db.transaction { db in
            if user.emailConfirmedAt == nil {
                user.emailConfirmedAt = now
                try await user.save(on: db)
            }
            try await LinkTokens(db: db).revokeAll(subject: userID, kinds: [.emailConfirmation])
        }
        return user
    }
}

extension RequestServices {
    var emailConfirmations: EmailConfirmationService {
        EmailConfirmationService(
            db: db, clock: services.clock, publicBaseURL: config.publicBaseURL,
            deliversMail: services.mailTransport != nil)
    }
}
