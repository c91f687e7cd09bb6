import Foundation
import HeirloomCore
import Vapor

/// "The book of <name>'s stories": the page where any member chooses its chapters and their order, and the PDF.
struct StoryBookController {
    /// The PDF: `?chapters=id,id,…` (question ids, in their order), or every answered question as answered.
    func pdf(req: Request) async throws -> Response {
        let principal = try req.principal()
        let household = try await req.heirloom.households.household(of: principal)
        let book = try await req.heirloom.storytellers.book(
            try req.id("storyteller"), chapters: try? req.query.get(String.self, at: "chapters"),
            paper: household.paper, baseURL: req.heirloom.config.publicBaseURL, by: principal)
        return try await req.storyBookPDF(book, householdID: principal.householdID, days: household.days)
    }

    /// The chapters to choose from, each ticked and numbered in the order it was answered.
    func page(req: Request) async throws -> View {
        let principal = try req.principal()
        let id = try req.id("storyteller")
        let service = req.heirloom.storytellers
        let storyteller = try await service.find(id, principal)
        let chapters = try await service.chapters(of: id, baseURL: req.heirloom.config.publicBaseURL, by: principal)
        let links = try await req.heirloom.bookLinks.list(id, householdID: principal.householdID)
        let days = principal.days
        let model = StoryBookPage(
            title: StoryBook.title(for: storyteller.name), name: storyteller.name,
            backHref: SiteURL.storyteller(.value(id)).path, action: SiteURL.storytellerBookPrint(.value(id)).path,
            chapters: chapters.enumerated().map { index, chapter in
                .init(
                    id: chapter.id.text, title: chapter.title, position: index + 1,
                    kind: chapter.recordingURL == nil ? "Written" : "Told aloud",
                    untyped: chapter.recordingURL != nil && chapter.text.isEmpty)
            },
            links: links.map { link in
                .init(
                    chapter: link.chapter, made: "on \(days.day(link.createdAt))",
                    opened: link.lastOpenedAt.map { "Last played on \(days.day($0))." } ?? "Not played yet.",
                    withdrawn: link.withdrawnAt.map { "on \(days.day($0))" },
                    withdrawAction: SiteURL.storytellerBookLinkWithdraw(.value(id), .value(link.id)).path)
            }, canWithdraw: principal.role.canEdit)
        return try await Page.render(
            .storytellerBook, base: PageBase(request: req, title: model.title, nav: .memories), model, on: req)
    }

    /// The page's form: the ticked chapters in the order of their numbers (ties as listed), then the PDF.
    func print(req: Request) async throws -> Response {
        let id = try req.id("storyteller")
        let fields = (try? req.query.decode([String: String].self)) ?? [:]
        let chosen = StoryBookChoice.chapters(fields)
        guard !chosen.isEmpty else {
            return req.redirect(to: SiteURL.storytellerBook(.value(id)).path(done: .bookNeedsAChapter))
        }
        var pdf = URLComponents(string: SiteURL.apiStorytellerBook(.value(id)).path)
        pdf?.queryItems = [URLQueryItem(name: "chapters", value: chosen.joined(separator: ","))]
        return req.redirect(to: pdf?.string ?? SiteURL.apiStorytellerBook(.value(id)).path)
    }
}

/// The model of the book's page.
struct StoryBookPage: Encodable {
    struct Chapter: Encodable {
        var id: String
        var title: String
        var position: Int
        var kind: String
        var untyped: Bool
    }

    /// A link printed in a copy of the book (`BookLinks`), and its withdrawal.
    struct Link: Encodable {
        var chapter: String
        var made: String
        var opened: String
        var withdrawn: String?
        var withdrawAction: String
    }

    var title: String
    var name: String
    var backHref: String
    var action: String
    var chapters: [Chapter]
    var links: [Link] = []
    var canWithdraw = false
}
