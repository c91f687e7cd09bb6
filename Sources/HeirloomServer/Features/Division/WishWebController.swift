import Foundation
import HeirloomCore
import Vapor

/// The participant's page, reached from the link in their email; no account needed.
struct WishWebController {
    /// The link from the email: exchanges its token for a session cookie and shows the page.
    func link(req: Request) async throws -> Response {
        try await OutsiderPages.link(req, cookie: OutsiderPages.wishCookie, home: .wishHome) { token in
            try await req.heirloom.wishes.signIn(linkSecret: token, from: req.clientAddress).secret
        }
    }

    func show(req: Request) async throws -> Response {
        guard let participant = try await OutsiderPages.wishParticipant(req) else {
            return try await OutsiderPages.missing(req)
        }
        return try await page(req, participant, form: nil, errors: [:]).encodeResponse(for: req)
    }

    func save(req: Request) async throws -> Response {
        guard let participant = try await OutsiderPages.wishParticipant(req) else {
            return try await OutsiderPages.missing(req)
        }
        let form = try req.content.decode(WishPages.Form.self)
        return try await req.submitForm(conflictsOn: "wishes") {
            _ = try await req.heirloom.wishes.put(try form.wishes(), by: participant)
            return req.redirect(to: SiteURL.wishHome.path(done: .wishesSaved))
        } orShowAgain: { errors in
            try await page(req, participant, form: form, errors: errors)
        }
    }

    /// A member taking part through their account: a session for their round, and their page.
    func takePart(req: Request) async throws -> Response {
        let secret = try await req.heirloom.wishes.signIn(member: try req.principal(), round: try req.id("wish round"))
        let response = req.redirect(to: SiteURL.wishHome.path)
        response.cookies[OutsiderPages.wishCookie] = OutsiderPages.sessionCookie(secret, req: req)
        return response
    }

    /// A pick for this participant's turn of a draft taken live.
    func pick(req: Request) async throws -> Response {
        guard let participant = try await OutsiderPages.wishParticipant(req) else {
            return try await OutsiderPages.missing(req)
        }
        struct Form: Content { var thingId: String? }
        let thing = (try? req.content.decode(Form.self))?.thingId.flatMap(UUID.init(uuidString:))
        return try await req.submitForm(conflictsOn: "wishes") {
            guard let thing else {
                throw AppError.invalid(FieldError(field: "wishes", message: "Please choose one of the things left."))
            }
            _ = try await req.heirloom.wishes.pick(thing, by: participant)
            return req.redirect(to: SiteURL.wishHome.path(done: .wishPicked))
        } orShowAgain: { errors in
            try await page(req, participant, form: nil, errors: errors)
        }
    }

    private func page(_ req: Request, _ participant: WishParticipant, form: WishPages.Form?, errors: [String: String])
        async throws -> View
    {
        let services = req.heirloom
        let sheet = try await services.wishes.sheet(of: participant)
        let result = sheet.state == .confirmed ? try await services.wishes.result(of: participant).result : nil
        var base = PageBase(request: req, title: sheet.round.title)
        base.household = .init(
            name: try await Household.find(sheet.round.$household.id, on: req.db)?.name ?? "Heirloom")
        return try await Page.render(
            .wishSheet, base: base, WishPages.sheet(sheet, result: result, form: form, errors: errors), on: req)
    }
}
