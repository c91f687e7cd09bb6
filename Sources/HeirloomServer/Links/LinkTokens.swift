import Fluent
import Foundation
import HeirloomCore

/// Issues and checks the secret links and sessions of everyone who comes by a link: trusted contacts, heirs, wish
/// participants, letter readers, storytellers, and the holder's "I am still here" (256 bits, stored hashed).
struct LinkTokens: Sendable {
    let db: any Database

    /// A new secret for the subject; only its hash is stored.
    func issue(_ kind: LinkToken.Kind, subject: UUID, householdID: UUID) async throws -> String {
        try await issue(kind, subject: subject, householdID: householdID, expiresAt: nil)
    }

    /// A new one-tap "I am still here" link for the estate's holder, for an email that asks them (a reported
    /// passing, the inactivity check); nil without a holder. It works once, until a waiting report's release moment
    /// or, without one, for `StillHereLinks.lifetime`.
    func stillHereLink(for estate: Estate, base: String, now: Date) async throws -> String? {
        guard let holderID = estate.$holder.id else { return nil }
        let until = StillHereLinks.expiry(issuedAt: now, releaseAt: estate.status.releaseAt)
        let secret = try await issue(
            .holderStillHere, subject: holderID, householdID: estate.$household.id, expiresAt: until)
        return SiteURL.stillHere(.value(secret)).url(on: base)
    }

    /// A new session for the subject, ending after `OutsiderSessions.lifetime`; the subject's ended sessions, and
    /// those beyond the newest `OutsiderSessions.keptPerPerson`, are removed.
    func startSession(_ kind: LinkToken.Kind, subject: UUID, householdID: UUID, now: Date) async throws -> String {
        let secret = try await issue(
            kind, subject: subject, householdID: householdID, expiresAt: OutsiderSessions.expiry(from: now))
        let sessions = try await LinkToken.query(on: db).filter(\.$subjectID == subject).filter(\.$kind == kind)
            .sort(\.$expiresAt, .descending).sort(\.$createdAt, .descending).all()
        let ended = sessions.enumerated().filter { index, session in
            index >= OutsiderSessions.keptPerPerson || !OutsiderSessions.isLive(expiresAt: session.expiresAt, now: now)
        }
        let ids = ended.compactMap(\.element.id)
        if !ids.isEmpty { try await LinkToken.query(on: db).filter(\.$id ~~ ids).delete() }
        return secret
    }

    func issue(_ kind: LinkToken.Kind, subject: UUID, householdID: UUID, expiresAt: Date?) async throws
        -> String
    {
        let secret = SecretToken.generate()
        let token = LinkToken()
        token.$household.id = householdID
        token.kind = kind
        token.subjectID = subject
        token.tokenHash = SecretToken.hash(secret)
        token.expiresAt = expiresAt
        try await token.create(on: db)
        return secret
    }

    /// The token of a secret someone opened from `address`, as `find` finds it. Only a secret that opens nothing counts
    /// against the secret and the address (`throttle`), as a wrong password does: a family opening their real links
    /// from one home network is never kept waiting, while guesses are still slowed per address and per secret.
    /// `endedToo` finds a link that has ended as well (a withdrawn book code, whose page says so): it is no guess.
    func open(
        _ secret: String, kinds: [LinkToken.Kind], from address: String, throttle: LoginThrottle, now: Date,
        endedToo: Bool = false
    ) async throws -> LinkToken? {
        let account = SecretToken.hash(secret)
        try await throttle.reserve(account: account, address: address, now: now, on: db)
        let found = endedToo ? try await stored(secret, kinds: kinds) : try await find(secret, kinds: kinds, now: now)
        guard let token = found else { return nil }
        try await throttle.succeeded(account: account, address: address, reservedAt: now, on: db)
        return token
    }

    /// The token a secret belongs to, when it is one of `kinds` and, for a session, has not ended by `now`.
    func find(_ secret: String, kinds: [LinkToken.Kind], now: Date) async throws -> LinkToken? {
        guard let token = try await stored(secret, kinds: kinds) else { return nil }
        if token.kind.isSession, !OutsiderSessions.isLive(expiresAt: token.expiresAt, now: now) { return nil }
        if let expiresAt = token.expiresAt, expiresAt <= now { return nil }
        // Still-here links made before they had an end (issue 29) no longer work.
        if token.kind == .holderStillHere, token.expiresAt == nil { return nil }
        return token
    }

    /// A new link of `kind` for a link printed or passed on by hand: the subject's earlier links of that kind stop
    /// working, and so do the sessions of `endingSessions` when given (heirs keep theirs; a letter's reader does not).
    func renew(
        _ kind: LinkToken.Kind, subject: UUID, householdID: UUID, endingSessions: LinkToken.Kind? = nil
    ) async throws -> String {
        try await revokeAll(subject: subject, kinds: [kind] + (endingSessions.map { [$0] } ?? []))
        return try await issue(kind, subject: subject, householdID: householdID)
    }

    /// The stored token of a secret, of one of `kinds`, whether or not it has ended.
    private func stored(_ secret: String, kinds: [LinkToken.Kind]) async throws -> LinkToken? {
        guard !secret.isEmpty, secret.count <= 200 else { return nil }
        return try await LinkToken.query(on: db).filter(\.$tokenHash == SecretToken.hash(secret))
            .filter(\.$kind ~~ kinds).first()
    }

    /// Ends every link and session of a subject (or only those of `kinds`).
    func revokeAll(subject: UUID, kinds: [LinkToken.Kind]? = nil) async throws {
        var query = LinkToken.query(on: db).filter(\.$subjectID == subject)
        if let kinds { query = query.filter(\.$kind ~~ kinds) }
        try await query.delete()
    }

    /// Whether opening `link` at `now` goes into the audit log (once a day a link); notes it when it does.
    func recordsOpening(_ link: LinkToken, now: Date) async throws -> Bool {
        guard OutsiderSessions.recordsOpening(lastRecorded: link.openingRecordedAt, now: now) else { return false }
        link.openingRecordedAt = now
        try await link.save(on: db)
        return true
    }
}

extension LinkToken.Kind {
    /// A session a link was exchanged for, which ends (`OutsiderSessions`).
    var isSession: Bool {
        self == .executorSession || self == .recipientSession || self == .wishSession || self == .letterSession
            || self == .storySession
    }
}
