import Fluent
import Foundation
import HeirloomCore

/// The heirs of an estate as the family sees them in the hand-over: each beneficiary with something left to them,
/// their state (`HeirFacts`), and a link to print for those the hub could not tell.
struct HeirService: Sendable {
    let db: any Database
    let clock: @Sendable () -> Date
    let publicBaseURL: String

    struct Heir: Sendable {
        var person: Beneficiary
        var facts: HeirFacts
        /// How many things are left to them in all, whenever they may have them.
        var things: Int

        var state: HeirState { facts.state }
        var id: UUID { person.id ?? UUID() }
    }

    /// Every beneficiary with something left to them, by name, with their state now (owners).
    func heirs(by principal: Principal) async throws -> [Heir] {
        try principal.require(.read(.estatePlan), hidingAs: "beneficiary")
        return try await heirs(householdID: principal.householdID)
    }

    /// Every beneficiary of a household with something left to them, by name, with their state now.
    func heirs(householdID: UUID) async throws -> [Heir] {
        let estate = try await EstateService.ensure(householdID: householdID, on: db)
        let now = clock()
        let people = try await Beneficiary.query(on: db).filter(\.$household.$id == householdID).with(\.$links).all()
        let delivered = try await Self.told(householdID: householdID, on: db)
        return
            people.filter { !$0.links.isEmpty }
            .sorted { $0.name.localizedCaseInsensitiveCompare($1.name) == .orderedAscending }
            .map { person in
                let visible = person.links.filter {
                    RecipientService.isVisible($0, estate: estate, invited: person.invitedAt != nil, at: now)
                }
                let answered = { (status: NotificationStatus) in
                    visible.filter { $0.notificationStatus == status.rawValue }.count
                }
                let facts = HeirFacts(
                    hasEmail: person.canBeTold, visible: visible.count,
                    announced: visible.filter { $0.announcedAt != nil }.count,
                    delivered: person.id.map { delivered.contains($0) } ?? false, accepted: answered(.accepted),
                    declined: answered(.declined), openedAt: person.openedAt, handedAt: person.linkHandedAt)
                return Heir(person: person, facts: facts, things: person.links.count)
            }
    }

    /// The heir, when they have something left to them in the household.
    func heir(_ beneficiaryID: UUID, householdID: UUID) async throws -> Heir {
        guard let heir = try await heirs(householdID: householdID).first(where: { $0.id == beneficiaryID }) else {
            throw AppError.notFound("beneficiary")
        }
        return heir
    }

    /// A new personal link for an heir, to print or pass on by hand: their earlier link stops working (their open
    /// sessions stay), and the log says who asked for it. The recipient page opens with it as with an emailed one.
    func handOut(_ beneficiaryID: UUID, householdID: UUID, by name: String) async throws -> (Heir, String) {
        let heir = try await heir(beneficiaryID, householdID: householdID)
        let now = clock()
        let base = publicBaseURL
        let secret = try await db.transaction { db in
            let secret = try await LinkTokens(db: db).renew(
                .recipientLink, subject: beneficiaryID, householdID: householdID)
            try await Beneficiary.query(on: db).filter(\.$id == beneficiaryID).set(\.$linkHandedAt, to: now).update()
            try await AuditLog.append(
                .linkHandedOut, "\(name) printed \(heir.person.name)'s link to give it to them by hand.",
                householdID: householdID, at: now, on: db)
            return secret
        }
        heir.person.linkHandedAt = now
        var handed = heir
        handed.facts.handedAt = now
        return (handed, SiteURL.recipientLink(.value(secret)).url(on: base))
    }
}

extension HeirService {
    /// The beneficiaries whose "left to you" email left the hub (reached the mail server, or an owner passed it on
    /// by hand): a queued or failed one has told them nothing.
    static func told(householdID: UUID, on db: any Database) async throws -> Set<UUID> {
        Set(
            try await OutboxMessage.query(on: db).filter(\.$household.$id == householdID)
                .filter(\.$purpose == "recipientItems").filter(\.$status == .sent).all().compactMap(\.beneficiaryID))
    }

    /// A trusted contact sees the heirs (names and states only) once the estate is released.
    func requireReleased(for executor: Executor) async throws {
        let estate = try await EstateService.ensure(householdID: executor.$household.id, on: db)
        guard estate.status.effectiveState(at: clock()) == .released else {
            throw AppError.conflict(
                code: "not_released", message: "The estate has not been released; there is nobody to tell yet.")
        }
    }

    /// A trusted contact may print a link only for someone nobody could tell (or whose printed link they give
    /// again): never for someone who was told, whose own link it would end, nor for someone with nothing released.
    func handOut(_ beneficiaryID: UUID, by executor: Executor) async throws -> (Heir, String) {
        try await requireReleased(for: executor)
        let heir = try await heir(beneficiaryID, householdID: executor.$household.id)
        guard heir.facts.visible > 0, heir.state == .notTold || heir.state == .givenByHand else {
            throw AppError.conflict(
                code: "already_told",
                message: "\(heir.person.name) does not need a printed link: the hub has told them, or has nothing "
                    + "for them yet.")
        }
        return try await handOut(beneficiaryID, householdID: executor.$household.id, by: executor.name)
    }

    /// The heirs of the trusted contact's household, once the estate is released.
    func heirs(for executor: Executor) async throws -> [Heir] {
        try await requireReleased(for: executor)
        return try await heirs(householdID: executor.$household.id)
    }
}
