import Fluent
import Foundation
import HeirloomCore
import SQLKit

/// Beneficiaries as recipients: invitations, their personal link, and exactly the items the release rule lets
/// them see at this moment (`RecipientVisibility`); anything else is "not found".
struct RecipientService: Sendable {
    let db: any Database
    let clock: @Sendable () -> Date
    let publicBaseURL: String
    /// Counts the openings of links, per link and per address.
    let linkThrottle: LoginThrottle

    /// A link with its item's name, description, photos, documents and stories loaded.
    typealias Shown = ItemBeneficiary

    /// An owner invites a beneficiary to see their items: a new personal link (the old one stops working), and
    /// one email saying how many items are theirs to see now.
    func invite(_ beneficiaryID: UUID, by principal: Principal) async throws -> OutboxMessage {
        try principal.require(.change(.estatePlan), hidingAs: "beneficiary")
        guard
            let person = try await Beneficiary.query(on: db).filter(\.$id == beneficiaryID)
                .filter(\.$household.$id == principal.householdID).first()
        else { throw AppError.notFound("beneficiary") }
        guard let email = person.email, !email.isEmpty else {
            throw AppError.invalid(
                FieldError(
                    field: "email",
                    message: "Please add \(person.name)'s email address first, so the link can reach them."
                ))
        }
        let estate = try await EstateService.ensure(householdID: principal.householdID, on: db)
        let now = clock()
        let base = publicBaseURL
        return try await db.transaction { db in
            person.invitedAt = now
            try await person.save(on: db)
            let tokens = LinkTokens(db: db)
            try await tokens.revokeAll(subject: beneficiaryID)
            let secret = try await tokens.issue(
                .recipientLink, subject: beneficiaryID, householdID: principal.householdID)
            let links = try await ItemBeneficiary.query(on: db).filter(\.$beneficiary.$id == beneficiaryID).all()
            let visible = links.filter { Self.isVisible($0, estate: estate, invited: true, at: now) }
            for link in visible where link.announcedAt == nil {
                link.announcedAt = now
                try await link.save(on: db)
            }
            let mail = RecipientMail.items(
                to: person, email: email, count: visible.count, from: estate.holder?.name ?? principal.name,
                contact: try await EstateContacts.sentence(of: estate, for: email, on: db),
                link: SiteURL.recipientLink(.value(secret)).url(on: base),
                linkIDs: try visible.map { try $0.requireID() },
                note: estate.status.effectiveState(at: now) == .released ? estate.noteForHeirs : nil)
            let message = try await Outbox(db: db, clock: { now }).enqueue(mail, householdID: principal.householdID)
            try await AuditLog.append(
                .recipientInvited, "\(principal.name) invited \(person.name) to see their items.",
                householdID: principal.householdID, at: now, on: db)
            return message
        }
    }

    /// Exchanges the secret of a recipient's link for a session secret, and notes (once a day) that they opened
    /// it. A secret that opens nothing counts against it and the address it came from (`LinkTokens.open`).
    func signIn(linkSecret: String, from address: String) async throws -> (beneficiary: Beneficiary, secret: String) {
        let now = clock()
        let tokens = LinkTokens(db: db)
        guard
            let token = try await tokens.open(
                linkSecret, kinds: [.recipientLink, .recipientSession], from: address, throttle: linkThrottle, now: now),
            let person = try await Beneficiary.find(token.subjectID, on: db)
        else { throw AppError.notFound("page") }
        let secret = try await tokens.startSession(
            .recipientSession, subject: token.subjectID, householdID: token.$household.id, now: now)
        if token.kind == .recipientLink, person.openedAt == nil {
            try await Beneficiary.query(on: db).filter(\.$id == token.subjectID).filter(\.$openedAt == nil)
                .set(\.$openedAt, to: now).update()
        }
        if token.kind == .recipientLink, try await tokens.recordsOpening(token, now: now) {
            try await AuditLog.append(
                .recipientOpened, "\(person.name) opened their page.", householdID: token.$household.id, at: now,
                on: db)
        }
        return (person, secret)
    }

    /// The beneficiary a session secret belongs to, or nil.
    func recipient(forSession secret: String) async throws -> Beneficiary? {
        guard let token = try await LinkTokens(db: db).find(secret, kinds: [.recipientSession], now: clock()) else {
            return nil
        }
        return try await Beneficiary.find(token.subjectID, on: db)
    }

    /// The items the recipient may see now, by name.
    func items(of person: Beneficiary) async throws -> [Shown] {
        let estate = try await EstateService.ensure(householdID: person.$household.id, on: db)
        let now = clock()
        return try await loadedLinks(of: try person.requireID()).filter {
            Self.isVisible($0, estate: estate, invited: person.invitedAt != nil, at: now)
        }
    }

    /// One item the recipient may see now (by the item's id); anything else is not found.
    func item(_ itemID: UUID, of person: Beneficiary) async throws -> Shown {
        guard let link = try await items(of: person).first(where: { $0.$item.id == itemID }) else {
            throw AppError.notFound("item")
        }
        return link
    }

    /// The recipient accepts or declines an item they can see.
    func answer(_ itemID: UUID, accept: Bool, by person: Beneficiary) async throws -> Shown {
        let link = try await item(itemID, of: person)
        let now = clock()
        try await db.transaction { db in
            link.notificationStatus = (accept ? NotificationStatus.accepted : .declined).rawValue
            link.answeredAt = now
            try await link.save(on: db)
            try await AuditLog.append(
                accept ? .accepted : .declined,
                "\(person.name) \(accept ? "accepted" : "declined") \(link.item.name).",
                householdID: person.$household.id, at: now, on: db)
        }
        return link
    }

    /// What a beneficiary would see at `moment` were the estate released then (owners and editors).
    func preview(_ beneficiaryID: UUID, at moment: Date, by principal: Principal) async throws -> [Shown] {
        let person = try await BeneficiaryService(db: db).find(beneficiaryID, by: principal)
        let estate = try await EstateService.ensure(householdID: principal.householdID, on: db)
        return try await loadedLinks(of: try person.requireID()).filter {
            RecipientVisibility.isVisibleInPreview($0.rule, at: moment, timeZone: estate.zone)
        }
    }

    /// The one rule, for a stored link.
    static func isVisible(_ link: ItemBeneficiary, estate: Estate, invited: Bool, at now: Date) -> Bool {
        RecipientVisibility.isVisible(
            link.rule, estate: estate.status, at: now, timeZone: estate.zone, invited: invited)
    }

    private func loadedLinks(of beneficiaryID: UUID) async throws -> [ItemBeneficiary] {
        try await ItemBeneficiary.query(on: db).filter(\.$beneficiary.$id == beneficiaryID)
            .with(\.$item) { item in
                item.with(\.$photos) { $0.with(\.$media) }.with(\.$documents) { $0.with(\.$media) }
                    .with(\.$audioStories) { $0.with(\.$media) }
            }
            .all()
            .sorted { $0.item.name.localizedCaseInsensitiveCompare($1.item.name) == .orderedAscending }
    }
}
