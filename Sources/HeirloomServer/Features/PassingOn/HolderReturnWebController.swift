import Foundation
import HeirloomCore
import Vapor

/// A holder who comes back: what happened while they were away, and reopening an estate released by mistake,
/// after saying what it will do.
struct HolderReturnWebController {
    func show(req: Request) async throws -> Response {
        let principal = try req.principal()
        guard let story = try await req.heirloom.holderReturn.story(for: principal) else {
            return req.redirect(to: SiteURL.home.path)
        }
        let model = PassingOnPages.whatHappened(
            story, days: principal.days, canReopen: principal.role.canManageHousehold)
        return try await Page.render(
            .whatHappened, base: PageBase(request: req, title: "What happened", nav: .home), model, on: req
        ).encodeResponse(for: req)
    }

    /// "Reopen the estate?": what will be hidden, and who will be told it was a mistake.
    func confirmReopen(req: Request) async throws -> View {
        let principal = try req.principal()
        let estate = try await req.heirloom.estate.get(by: principal)
        var reopened = estate.status
        let now = req.heirloom.now
        do {
            try reopened.reopen(at: now)
        } catch {
            throw AppError.conflict(
                code: "not_released", message: "The estate has not been released, so there is nothing to reopen.")
        }
        let recalled = try await RecallReleased(db: req.db, now: now).plan(estate, after: reopened)
        let told = recalled.filter(\.wasTold)
        let emailed = told.filter(\.person.canBeTold).map(\.person.name)
        let byHand = told.filter { !$0.person.canBeTold }.map(\.person.name)
        var toldText =
            emailed.isEmpty
            ? "Nobody who would see less was told by email, so no email goes out."
            : "\(ListText.and(emailed)) \(emailed.count == 1 ? "was" : "were") told; each will receive a short, "
                + "kind email saying the release was a mistake."
        if !byHand.isEmpty {
            toldText += " The hub has no email address for \(ListText.and(byHand)): please tell them yourself."
        }
        return try await ConfirmPage(
            heading: "Reopen the estate?",
            consequence: "The things left upon the passing are hidden again from the people who can see them now. "
                + toldText + " Nothing is deleted, and the plan stays as it is.",
            action: .passingOnReopen, confirmLabel: "Yes, reopen the estate", cancel: .passingOn
        ).render(title: "Reopen the estate", nav: .settings, on: req)
    }
}
