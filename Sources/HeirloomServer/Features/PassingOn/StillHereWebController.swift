import Foundation
import Vapor

/// The one-click "I am still here" of an inactivity reminder: the link shows one button (a mail client that
/// opens links to check them changes nothing); pressing it counts as the holder signing in, and uses up every
/// still-here link the holder was sent: each works once (`StillHereLinks`).
struct StillHereWebController {
    struct Model: Encodable {
        var name: String
        var token: String
        var done: Bool
        /// The estate was released already: the button would change nothing, so the page says how to put it right.
        var released = false
    }

    func show(req: Request) async throws -> Response {
        guard let (user, token) = try await Self.holder(req) else { return try await OutsiderPages.missing(req) }
        return try await page(
            req, user: user, token: token, done: false, released: try await Self.isReleased(user, req))
    }

    func confirm(req: Request) async throws -> Response {
        guard let (user, token) = try await Self.holder(req) else { return try await OutsiderPages.missing(req) }
        let services = req.heirloom
        if try await Self.isReleased(user, req) {
            // Nothing to cancel: the link stays usable, and the page sends them to sign in and see what happened.
            return try await page(req, user: user, token: token, done: false, released: true)
        }
        let userID = try user.requireID()
        try await req.db.transaction { db in
            try await EstateService.holderSeen(
                userID: userID, householdID: user.$household.id, name: user.name, now: services.now,
                base: services.config.publicBaseURL, on: db)
            try await LinkTokens(db: db).revokeAll(subject: userID, kinds: [.holderStillHere])
        }
        return try await page(req, user: user, token: token, done: true, released: false)
    }

    private func page(_ req: Request, user: User, token: String, done: Bool, released: Bool) async throws
        -> Response
    {
        var base = PageBase(request: req, title: "I am still here")
        base.household = .init(name: try await Household.find(user.$household.id, on: req.db)?.name ?? "Heirloom")
        let model = Model(name: user.name, token: token, done: done, released: released)
        return try await Page.render(.stillHere, base: base, model, on: req).encodeResponse(for: req)
    }

    private static func isReleased(_ user: User, _ req: Request) async throws -> Bool {
        let estate = try await EstateService.ensure(householdID: user.$household.id, on: req.db)
        return estate.$holder.id == user.id && estate.status.effectiveState(at: req.heirloom.now) == .released
    }

    private static func holder(_ req: Request) async throws -> (User, String)? {
        guard let token = req.parameters.get(RouteParameter.token.rawValue),
            let stored = try await req.heirloom.passingTokens.find(
                token, kinds: [.holderStillHere], now: req.heirloom.now),
            let user = try await User.find(stored.subjectID, on: req.db)
        else { return nil }
        return (user, token)
    }
}
