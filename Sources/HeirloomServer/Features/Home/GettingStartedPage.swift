import Fluent
import HeirloomCore
import Vapor

/// Home's "Getting started" list, for owners (`GettingStarted`).
struct GettingStartedPage: Encodable {
    struct Step: Encodable {
        var label: String
        var hint: String
        var href: String
        var done: Bool
    }

    var steps: [Step]
    var doneCount: Int
    var dismissAction: String

    /// The list for an owner of this household, or nil when Home should not show it.
    static func load(_ req: Request, principal: Principal) async throws -> GettingStartedPage? {
        guard principal.role.canManageHousehold else { return nil }
        let household = try await req.heirloom.households.household(of: principal)
        guard !household.gettingStartedDismissed else { return nil }
        let db = req.db
        let facts = GettingStarted.Facts(
            hasItem: try await Item.query(on: db).filter(\.$household.$id == principal.householdID).first() != nil,
            hasBeneficiaryWithEmail: try await Beneficiary.query(on: db)
                .filter(\.$household.$id == principal.householdID).filter(\.$email != nil).filter(\.$email != "")
                .first() != nil,
            hasTrustedContact: try await Executor.query(on: db)
                .filter(\.$household.$id == principal.householdID).first() != nil,
            keepsBackups: req.heirloom.config.backup != nil, hasCopy: household.lastCopyAt != nil)
        guard GettingStarted.isShown(facts, dismissed: false) else { return nil }
        let steps = GettingStarted.Step.allCases.map { step in
            Step(
                label: label(step), hint: hint(step), href: href(step), done: GettingStarted.isDone(step, facts))
        }
        return GettingStartedPage(
            steps: steps, doneCount: steps.filter(\.done).count, dismissAction: SiteURL.gettingStartedDismiss.path)
    }

    static func label(_ step: GettingStarted.Step) -> String {
        switch step {
        case .firstItem: "Add a first treasured thing"
        case .beneficiaryWithEmail: "Name someone to receive things, with their email"
        case .trustedContact: "Choose a trusted contact"
        case .backup: "Keep a copy safe"
        }
    }

    static func hint(_ step: GettingStarted.Step) -> String {
        switch step {
        case .firstItem: "A photo, a few words and, if you like, the story behind it."
        case .beneficiaryWithEmail: "So the hub can tell them, when the time comes."
        case .trustedContact: "Someone who can tell the hub when you have passed, and help your family."
        case .backup: "Download everything the family has put here, to keep on another computer or a USB stick."
        }
    }

    static func href(_ step: GettingStarted.Step) -> String {
        switch step {
        case .firstItem: SiteURL.itemNew.path
        case .beneficiaryWithEmail: SiteURL.beneficiaryNew.path
        case .trustedContact: SiteURL.passingOn.path(fragment: "executors")
        case .backup: SiteURL.settingsExport.path
        }
    }
}

/// "Put this list away": Home no longer shows "Getting started" to this household's owners.
struct GettingStartedController {
    func dismiss(req: Request) async throws -> Response {
        let principal = try req.principal()
        try principal.requireOwner()
        let household = try await req.heirloom.households.household(of: principal)
        household.gettingStartedDismissed = true
        try await household.save(on: req.db)
        return req.redirect(to: SiteURL.home.path)
    }
}
