import Fluent
import Foundation
import HeirloomCore

extension AccountService {
    /// Verifies an identity token, then signs in the linked account, links one with the same email, or
    /// creates one (through an invitation, on a fresh hub, or where sign-up is allowed).
    func signInWithApple(
        identityToken: String,
        fullName: String?,
        invitationSecret: String?,
        credential: Credential
    ) async throws -> SignedIn {
        let identity = try await apple.verify(identityToken, client: client)
        if let user = try await User.query(on: db).filter(\.$appleSubject == identity.subject).with(\.$household)
            .first()
        {
            return try await signIn(user, credential: credential)
        }
        if let email = identity.email,
            let user = try await User.query(on: db).filter(\.$email == email).with(\.$household).first()
        {
            user.appleSubject = identity.subject
            try await user.save(on: db)
            return try await signIn(user, credential: credential)
        }
        guard let email = identity.email else {
            throw AppError.invalid(
                FieldError(
                    field: "identityToken", message: "Apple did not share an email address, which a new account needs.")
            )
        }
        let name = (try? AccountRules.name(fullName ?? "", field: "fullName")) ?? Self.name(fromEmail: email)
        if let invitationSecret, !invitationSecret.isEmpty {
            let (invitation, household) = try await openInvitation(secret: invitationSecret)
            return try await join(invitation: invitation, household: household, credential: credential) { householdID in
                User(
                    householdID: householdID, name: name, email: email, passwordHash: nil, role: invitation.role,
                    appleSubject: identity.subject)
            }
        }
        let fresh = try await needsSetup()
        guard fresh || allowsSignup else {
            throw AppError.forbidden("This hub is private. Please ask a family member for an invitation link.")
        }
        return try await insertHousehold(named: "\(name)’s family", marking: fresh, credential: credential) { id in
            User(
                householdID: id, name: name, email: email, passwordHash: nil, role: .owner,
                appleSubject: identity.subject)
        } onConflict: {
            Self.emailTaken
        }
    }

    private func signIn(_ user: User, credential: Credential) async throws -> SignedIn {
        let issued = try await tokens.issue(userID: try user.requireID(), kind: credential.kind, name: credential.name)
        return SignedIn(user: user, household: user.household, secret: issued.secret)
    }

    /// "ann.miller@example.com" → "Ann Miller", for an account Apple gave no name for.
    static func name(fromEmail email: String) -> String {
        let local = email.split(separator: "@").first.map(String.init) ?? email
        let words = local.split(whereSeparator: { $0 == "." || $0 == "_" || $0 == "-" || $0 == "+" })
        let name = words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
        return name.isEmpty ? "Family member" : TextLimit.clipped(name, to: AccountRules.maximumNameLength)
    }
}
