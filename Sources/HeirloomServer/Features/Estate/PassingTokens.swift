import Fluent
import Foundation

/// Issues and checks the secret links and sessions of executors and recipients (256 bits, stored hashed).
struct PassingTokens: Sendable {
    let db: any Database

    /// A new secret for the subject; only its hash is stored.
    func issue(_ kind: PassingToken.Kind, subject: UUID, householdID: UUID) async throws -> String {
        let secret = SecretToken.generate()
        let token = PassingToken()
        token.$household.id = householdID
        token.kind = kind
        token.subjectID = subject
        token.tokenHash = SecretToken.hash(secret)
        try await token.create(on: db)
        return secret
    }

    /// The token a secret belongs to, when it is one of `kinds`.
    func find(_ secret: String, kinds: [PassingToken.Kind]) async throws -> PassingToken? {
        guard !secret.isEmpty, secret.count <= 200 else { return nil }
        return try await PassingToken.query(on: db).filter(\.$tokenHash == SecretToken.hash(secret))
            .filter(\.$kind ~~ kinds).first()
    }

    /// Ends every link and session of a subject.
    func revokeAll(subject: UUID, kinds: [PassingToken.Kind]? = nil) async throws {
        var query = PassingToken.query(on: db).filter(\.$subjectID == subject)
        if let kinds { query = query.filter(\.$kind ~~ kinds) }
        try await query.delete()
    }
}
