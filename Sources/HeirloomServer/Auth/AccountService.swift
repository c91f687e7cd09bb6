import Fluent
import Foundation
import HeirloomCore
import Vapor

/// Creating accounts and signing in: set-up, sign-up, log-in, password changes and invitations.
struct AccountService: Sendable {
    let db: any Database
    let tokens: TokenService
    let client: any Client
    /// Now, as the hub sees it.
    let clock: @Sendable () -> Date
    let passwords: PasswordHasher
    let throttle: LoginThrottle
    let apple: AppleIdentityVerifier
    /// Whether anyone may start a new household on this hub.
    let allowsSignup: Bool
    /// The hub's address, for the links in emails a sign-in may cause.
    var publicBaseURL = ""

    /// What a new household needs: its name and its owner.
    struct NewHousehold: Sendable {
        var householdName: String
        var name: String
        var email: String
        var password: String
        /// The zone of the browser that set the hub up, when it said; an unknown name is ignored.
        var timeZone: String? = nil
    }

    /// A signed-in member with the secret of their new session or token.
    struct SignedIn: Sendable {
        var user: User
        var household: Household
        var secret: String
    }

    /// How the new credential should be kept.
    struct Credential: Sendable {
        var kind: AuthToken.Kind
        var name: String

        static func api(deviceName: String?) -> Credential {
            let name = deviceName?.trimmingWhitespace() ?? ""
            return Credential(kind: .api, name: name.isEmpty ? "App" : name)
        }
    }

    /// Whether nobody has an account yet (the first visit shows set-up).
    func needsSetup() async throws -> Bool {
        try await User.query(on: db).count() == 0
    }

    /// Creates the household and its owner on a fresh hub; 409 once anyone exists.
    func setUp(_ input: NewHousehold, credential: Credential) async throws -> SignedIn {
        let alreadySetUp = AppError.conflict(
            code: "already_set_up",
            message: "This hub is already set up. Please sign in, or ask an owner for an invitation."
        )
        guard try await needsSetup() else { throw alreadySetUp }
        return try await createHousehold(input, credential: credential, marking: true, conflict: alreadySetUp)
    }

    /// Creates a household of one's own where sign-up is allowed.
    func register(_ input: NewHousehold, credential: Credential) async throws -> SignedIn {
        guard allowsSignup else {
            throw AppError.forbidden("This hub is private. Please ask a family member for an invitation link.")
        }
        return try await createHousehold(input, credential: credential, marking: false, conflict: nil)
    }

    private func createHousehold(
        _ input: NewHousehold,
        credential: Credential,
        marking: Bool,
        conflict: AppError?
    ) async throws -> SignedIn {
        // Every field is checked, so the set-up form shows all its mistakes at once.
        var checks = FieldChecks()
        let householdName = try checks.value {
            try AccountRules.name(input.householdName, field: "householdName", what: "household name")
        }
        let name = try checks.value { try AccountRules.name(input.name, field: "name") }
        let email = try checks.value { try AccountRules.email(input.email) }
        let password = try checks.value { try AccountRules.newPassword(input.password) }
        try checks.finish()
        guard let householdName, let name, let email, let password else { throw AppError.internalProblem("set-up") }
        try await requireUnusedEmail(email)
        let hash = try await passwords.hash(password)
        return try await insertHousehold(
            named: householdName, timeZone: input.timeZone, marking: marking, credential: credential
        ) { id in
            User(householdID: id, name: name, email: email, passwordHash: hash, role: .owner)
        } onConflict: {
            conflict ?? Self.emailTaken
        }
    }

    /// Creates a household with its owner and the owner's first token in one transaction.
    ///
    /// `marking` also records that the hub is set up, which fails for the second of two simultaneous set-ups.
    func insertHousehold(
        named name: String,
        timeZone: String? = nil,
        marking: Bool,
        credential: Credential,
        owner makeOwner: @escaping @Sendable (UUID) -> User,
        onConflict: @Sendable () -> AppError
    ) async throws -> SignedIn {
        do {
            return try await db.transaction { db in
                if marking { try await HubState(id: HubState.singletonID).create(on: db) }
                let household = Household(name: name)
                household.timeZone = timeZone.flatMap { TimeZone(identifier: $0)?.identifier }
                try await household.create(on: db)
                let user = makeOwner(try household.requireID())
                try await user.create(on: db)
                let issued = try await TokenService(database: tokens.database.on(db), now: clock)
                    .issue(userID: try user.requireID(), kind: credential.kind, name: credential.name)
                return SignedIn(user: user, household: household, secret: issued.secret)
            }
        } catch let error as any DatabaseError where error.isConstraintFailure {
            throw onConflict()
        }
    }

    /// Checks an email and password and issues a session or token.
    func logIn(email rawEmail: String, password: String, credential: Credential, address: String) async throws
        -> SignedIn
    {
        let email = rawEmail.trimmingWhitespace().lowercased()
        let wrong = AppError.invalidCredentials("That email and password do not match. Please try again.")
        // Absurd input is refused before any bookkeeping, so it cannot fill the throttle's table.
        guard email.count <= AccountRules.maximumEmailLength, password.count <= AccountRules.maximumPasswordLength
        else {
            throw wrong
        }
        let now = clock()
        try await throttle.reserve(account: email, address: address, now: now, on: db)
        guard let user = try await User.query(on: db).filter(\.$email == email).with(\.$household).first(),
            let hash = user.passwordHash
        else {
            try await passwords.verifyAgainstNothing(password)
            throw wrong
        }
        guard try await passwords.verify(password, against: hash) else { throw wrong }
        try await throttle.succeeded(account: email, address: address, reservedAt: now, on: db)
        let issued = try await tokens.issue(userID: try user.requireID(), kind: credential.kind, name: credential.name)
        // The estate holder signing in is the surest sign that they are still here.
        _ = try await EstateService.holderSeen(
            userID: try user.requireID(), householdID: user.$household.id, name: user.name, now: now,
            base: publicBaseURL, on: db)
        // So is any other member whose passing was reported for their letters.
        try await MemberPassingService.seen(userID: try user.requireID(), name: user.name, now: now, on: db)
        return SignedIn(user: user, household: user.household, secret: issued.secret)
    }

    /// Changes a password after checking the current one; every other session and token ends. A wrong current
    /// password, a new one too short and a `confirmation` that differs are said together.
    func changePassword(
        for principal: Principal, current: String, new: String, confirmation: String? = nil, address: String
    ) async throws {
        let now = clock()
        try await throttle.reserve(account: principal.email, address: address, now: now, on: db)
        guard let user = try await User.find(principal.userID, on: db) else { throw AppError.unauthenticated }
        let matches: Bool
        if let hash = user.passwordHash, current.count <= AccountRules.maximumPasswordLength {
            matches = try await passwords.verify(current, against: hash)
        } else {
            matches = false
        }
        var checks = FieldChecks()
        if matches {
            try await throttle.succeeded(account: principal.email, address: address, reservedAt: now, on: db)
        } else {
            checks.note(FieldError(field: "currentPassword", message: "Your current password is not right."))
        }
        let password = try checks.value { try AccountRules.newPassword(new, field: "newPassword") }
        if let confirmation, confirmation != new {
            checks.note(
                FieldError(
                    field: "confirmPassword", message: "The two new passwords are not the same. Please type it again."))
        }
        try checks.finish()
        guard let password else { throw AppError.internalProblem("changing a password") }
        user.passwordHash = try await passwords.hash(password)
        try await db.transaction { db in
            try await user.save(on: db)
            try await TokenService(database: tokens.database.on(db), now: clock).revokeAll(
                userID: principal.userID, except: principal.tokenID)
        }
    }

    /// Sets a new password without the old one (the `reset-password` command); every session ends.
    func resetPassword(email rawEmail: String, to new: String) async throws -> User {
        let email = try AccountRules.email(rawEmail)
        guard let user = try await User.query(on: db).filter(\.$email == email).first() else {
            throw AppError.notFound("account with the email \(email)")
        }
        user.passwordHash = try await passwords.hash(try AccountRules.newPassword(new))
        try await db.transaction { db in
            try await user.save(on: db)
            try await TokenService(database: tokens.database.on(db), now: clock).revokeAll(userID: try user.requireID())
        }
        return user
    }

    func requireUnusedEmail(_ email: String) async throws {
        if try await User.query(on: db).filter(\.$email == email).count() > 0 {
            throw Self.emailTaken
        }
    }

    static let emailTaken = AppError.conflict(
        code: "email_taken",
        message: "An account with this email address already exists. Please sign in instead, or use another address."
    )
}
