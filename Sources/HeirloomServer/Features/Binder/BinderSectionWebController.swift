import Fluent
import Foundation
import HeirloomCore
import Vapor

/// The binder's other pages: a section's readers, "Preview as …", the yearly look, and the executor's address check.
struct BinderSectionWebController {
    func show(req: Request) async throws -> View {
        try await render(req, section: try req.id("section", .section, as: BinderSection.self), input: nil, error: nil)
    }

    func update(req: Request) async throws -> Response {
        let principal = try req.principal()
        let section = try req.id("section", .section, as: BinderSection.self)
        let input = try req.content.decode(BinderEntryInput.self)
        return try await req.submitForm {
            try await req.heirloom.binder.setSection(section, try input.readersChosen(), by: principal)
            return req.redirect(to: SiteURL.binder.path(done: .binderSectionSaved, fragment: section.rawValue))
        } orShowAgain: { errors in
            try await render(req, section: section, input: input, error: errors.values.first)
        }
    }

    private func render(_ req: Request, section: BinderSection, input: BinderEntryInput?, error: String?) async throws
        -> View
    {
        let principal = try req.principal()
        let binder = try await req.heirloom.binder.binder(by: principal)
        guard let current = binder.sections.first(where: { $0.section == section }) else {
            throw AppError.notFound("section")
        }
        let people = try await Beneficiary.query(on: req.db).filter(\.$household.$id == principal.householdID)
            .sort(\.$name).all()
        let visibility = (try? input?.readersChosen()) ?? current.visibility
        let words = try await BinderWords.load(binder.estate, reader: principal.userID, on: req.db)
        let holderOnly =
            !words.readerIsHolder && current.visibility.isPrivate
            ? "\(words.holderName) keeps this section to themselves. Only \(words.holderName) can let others read it."
            : nil
        let model = BinderPages.SectionForm(
            title: section.title, hint: section.hint, action: SiteURL.binderSection(.value(section)).path,
            readers: BinderPages.readers(visibility, people: people, error: error),
            entriesFollowing: current.entries.filter(\.followsSection).count, holderOnly: holderOnly)
        return try await Page.render(
            .binderSection, base: PageBase(request: req, title: "Who reads \(section.title)"), model, on: req)
    }

    /// "Preview as …": the binder exactly as one trusted contact or beneficiary would see it, now or after the
    /// passing.
    func preview(req: Request) async throws -> View {
        let principal = try req.principal()
        let chosen = req.query[String.self, at: "as"] ?? ""
        let parts = chosen.split(separator: ":", maxSplits: 1).map(String.init)
        let id = parts.count == 2 ? UUID(uuidString: parts[1]) : nil
        let binder = req.heirloom.binder
        let reader = try await binder.previewReader(
            executorID: parts.first == "executor" ? id : nil, beneficiaryID: parts.first == "beneficiary" ? id : nil,
            by: principal)
        let after = req.query[String.self, at: "when"] == "after"
        let shown = try await binder.preview(as: reader.reader, at: after ? req.heirloom.now : nil, by: principal)
        let words = try await BinderWords.load(shown.estate, reader: principal.userID, on: req.db)
        let model = BinderPages.PreviewPage(
            name: reader.name, after: after,
            binder: BinderPages.reading(shown, words: words, days: principal.days, paperHref: BinderPages.memberPaper),
            people: try await BinderPages.previewPeople(householdID: principal.householdID, on: req.db), chosen: chosen)
        return try await Page.render(
            .binderPreview, base: PageBase(request: req, title: "The binder as \(reader.name) sees it"), model, on: req)
    }

    func look(req: Request) async throws -> Response {
        try await req.heirloom.binderReview.look(by: try req.principal())
        return req.redirect(to: SiteURL.binder.path(done: .binderLooked))
    }

    /// The link in a trusted contact's yearly email: one click confirms their address.
    func confirmAddress(req: Request) async throws -> View {
        let secret = req.parameters.get(RouteParameter.token.rawValue) ?? ""
        let executor = try await req.heirloom.binderReview.confirmAddress(secret: secret)
        let model = BinderPages.AddressPage(name: executor?.name)
        return try await Page.render(
            .binderAddress, base: PageBase(request: req, title: executor == nil ? "Link not found" : "Thank you"),
            model, on: req)
    }
}
