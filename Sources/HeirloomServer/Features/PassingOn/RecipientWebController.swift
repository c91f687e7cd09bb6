import Foundation
import HeirloomCore
import Vapor

/// The recipient's page: exactly the items released to them, with photos, documents, stories and the message.
struct RecipientWebController {
    /// The link from the email: exchanges its token for a session cookie and shows the page.
    func link(req: Request) async throws -> Response {
        try await OutsiderPages.link(req, cookie: OutsiderPages.recipientCookie, home: .recipientHome) { token in
            try await req.heirloom.recipients.signIn(linkSecret: token, from: req.clientAddress).secret
        }
    }

    func show(req: Request) async throws -> Response {
        guard let person = try await Self.recipient(req) else { return try await OutsiderPages.missing(req) }
        let services = req.heirloom
        let estate = try await EstateService.ensure(householdID: person.$household.id, on: req.db)
        let links = try await services.recipients.items(of: person)
        let transcripts = try await PassingOnPages.storyTranscripts(links, on: req.db)
        var model = PassingOnPages.RecipientView(
            name: person.name, fromName: estate.holder?.name ?? "Your family",
            items: try links.map {
                try .init($0, showValues: estate.showValuesToRecipients, transcripts: transcripts)
            },
            whoToContact: try await EstateContacts.sentence(of: estate, for: person.email, on: req.db),
            note: estate.status.effectiveState(at: req.heirloom.now) == .released
                ? estate.noteForHeirs.map { .init(by: $0.by, text: $0.text) } : nil)
        if !person.canBeTold {
            model.emptyText =
                "There is nothing here for you yet. Please keep this page’s address: what was left to you will be "
                + "here when the time comes."
        }
        let binder = try await services.binder.binder(for: .beneficiary(person))
        if !binder.entries.isEmpty {
            let words = try await BinderWords.load(estate, reader: nil, on: req.db)
            model.binder = BinderPages.reading(
                binder, words: words, days: estate.days, paperHref: BinderPages.outsiderPaper)
        }
        var base = PageBase(request: req, title: "For \(person.name)")
        base.household = .init(name: try await Household.find(person.$household.id, on: req.db)?.name ?? "Heirloom")
        return try await Page.render(.recipientPage, base: base, model, on: req).encodeResponse(for: req)
    }

    func accept(req: Request) async throws -> Response {
        try await answer(req, accept: true)
    }

    func decline(req: Request) async throws -> Response {
        try await answer(req, accept: false)
    }

    private func answer(_ req: Request, accept: Bool) async throws -> Response {
        guard let person = try await Self.recipient(req) else { return try await OutsiderPages.missing(req) }
        let id = try req.id("item")
        _ = try await req.heirloom.recipients.answer(id, accept: accept, by: person)
        return req.redirect(
            to: SiteURL.recipientHome.path(
                done: accept ? .itemAccepted : .itemDeclined, fragment: "answer-\(id.text)"))
    }

    static func recipient(_ req: Request) async throws -> Beneficiary? {
        guard let secret = req.cookies[OutsiderPages.recipientCookie]?.string, !secret.isEmpty else { return nil }
        return try await req.heirloom.recipients.recipient(forSession: secret)
    }
}
