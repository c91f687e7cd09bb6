import Fluent
import Foundation
import HeirloomCore
import Vapor

/// The estate binder's pages for its holder and the owners helping them.
struct BinderWebController {
    func index(req: Request) async throws -> View {
        let principal = try req.principal()
        let binder = try await req.heirloom.binder.binder(by: principal)
        let words = try await BinderWords.load(binder.estate, reader: principal.userID, on: req.db)
        let review = try await req.heirloom.binderReview.state(of: binder, now: req.heirloom.now)
        let model = BinderPages.IndexPage(
            sections: BinderPages.sections(
                binder, words: words, days: principal.days, link: true, paperHref: BinderPages.memberPaper),
            count: binder.entries.count,
            previewPeople: try await BinderPages.previewPeople(householdID: principal.householdID, on: req.db),
            review: BinderPages.review(review, days: principal.days),
            holderName: binder.estate.holder?.name, readerIsHolder: words.readerIsHolder)
        return try await Page.render(
            .binderIndex, base: PageBase(request: req, title: "The estate binder"), model, on: req)
    }

    func new(req: Request) async throws -> View {
        let section = req.query[String.self, at: "section"].flatMap { BinderSection(rawValue: $0) } ?? .legal
        return try await renderForm(req, entry: nil, section: section, input: nil, errors: [:])
    }

    func create(req: Request) async throws -> Response {
        let principal = try req.principal()
        let input = try req.content.decode(BinderEntryInput.self)
        return try await req.submitForm {
            let shown = try await req.heirloom.binder.create(
                try input.draft(), visibility: try input.visibility(), by: principal)
            return req.redirect(
                to: SiteURL.binderEntry(.value(try shown.entry.requireID())).path(done: .binderEntrySaved))
        } orShowAgain: { errors in
            try await renderForm(req, entry: nil, section: input.chosenSection, input: input, errors: errors)
        }
    }

    func show(req: Request) async throws -> View {
        let principal = try req.principal()
        let shown = try await req.heirloom.binder.entry(try req.id("entry"), by: principal)
        return try await renderEntry(req, shown, error: nil)
    }

    func edit(req: Request) async throws -> View {
        let shown = try await req.heirloom.binder.entry(try req.id("entry"), by: try req.principal())
        return try await renderForm(req, entry: shown, section: shown.entry.binderSection, input: nil, errors: [:])
    }

    func update(req: Request) async throws -> Response {
        let principal = try req.principal()
        let id = try req.id("entry")
        let shown = try await req.heirloom.binder.entry(id, by: principal)
        let input = try req.content.decode(BinderEntryInput.self)
        return try await req.submitForm {
            _ = try await req.heirloom.binder.update(
                id, try input.draft(), visibility: .some(try input.visibility()), keepBlankNumbers: true, by: principal)
            return req.redirect(to: SiteURL.binderEntry(.value(id)).path(done: .binderEntrySaved))
        } orShowAgain: { errors in
            try await renderForm(req, entry: shown, section: input.chosenSection, input: input, errors: errors)
        }
    }

    func confirmDelete(req: Request) async throws -> View {
        let shown = try await req.heirloom.binder.entry(try req.id("entry"), by: try req.principal())
        let id = try shown.entry.requireID()
        let papers = shown.entry.documents.count
        return try await ConfirmPage(
            heading: "Delete \u{201C}\(shown.entry.title)\u{201D}?",
            consequence: "The entry is removed from the binder"
                + (papers > 0 ? ", with its \(papers == 1 ? "paper" : "\(papers) papers")." : ".")
                + " Nobody will be able to read it, now or later.",
            action: .binderEntryDelete(.value(id)), confirmLabel: "Delete the entry", cancel: .binderEntry(.value(id))
        ).render(title: "Delete an entry", nav: .none, on: req)
    }

    func delete(req: Request) async throws -> Response {
        try await req.heirloom.binder.delete(try req.id("entry"), by: try req.principal())
        return req.redirect(to: SiteURL.binder.path(done: .binderEntryDeleted))
    }

    func addPaper(req: Request) async throws -> Response {
        let principal = try req.principal()
        let id = try req.id("entry")
        let shown = try await req.heirloom.binder.entry(id, by: principal)
        let media = req.heirloom.services.media
        do {
            let form = try await FormUpload.read(
                req, temporaryDirectory: media.store.temporaryDirectory, maximumFileBytes: media.limit(for: .document))
            defer { form.removeFiles() }
            try CSRF.verify(form.fields[CSRF.fieldName], req)
            guard !form.files.isEmpty else {
                throw AppError.invalid(FieldError(field: "file", message: "Please choose a file first."))
            }
            for file in form.files {
                _ = try await req.heirloom.binder.addDocument(
                    to: id, FileChunks(url: file.url), fileName: file.fileName, by: principal)
            }
        } catch {
            let problem = try AppError.userFacing(error)
            guard problem.status != .forbidden else { throw problem }
            return try await renderEntry(req, shown, error: problem.message).encodeResponse(
                status: problem.status, for: req)
        }
        return req.redirect(to: SiteURL.binderEntry(.value(id)).path(fragment: "papers"))
    }

    func deletePaper(req: Request) async throws -> Response {
        let id = try req.id("entry")
        try await req.heirloom.binder.deleteDocument(try req.id("paper", .paperID), of: id, by: try req.principal())
        return req.redirect(to: SiteURL.binderEntry(.value(id)).path(fragment: "papers"))
    }

    private func renderEntry(_ req: Request, _ shown: BinderReading.Shown, error: String?) async throws -> View {
        let principal = try req.principal()
        let estate = try await EstateService.ensure(householdID: principal.householdID, on: req.db)
        let words = try await BinderWords.load(estate, reader: principal.userID, on: req.db)
        let id = try shown.entry.requireID()
        let isHolder = estate.$holder.id == principal.userID
        let keepsNumber = shown.entry.fields.contains { $0.key.isMasked && !$0.value.isEmpty }
        let show =
            isHolder && req.query[String.self, at: "numbers"] == "show"
            && BinderRelease.readsWholeNumbers(.holder, estate: estate.status, at: req.heirloom.now)
        var model = BinderPages.EntryPage(
            entry: BinderPages.entry(
                shown, words: words, days: principal.days, link: false, paperHref: BinderPages.memberPaper,
                deletable: true, wholeNumbers: show),
            section: shown.entry.binderSection.title, followsSection: shown.followsSection,
            editHref: SiteURL.binderEntryEdit(.value(try shown.entry.requireID())).path,
            deleteHref: SiteURL.binderEntryDelete(.value(try shown.entry.requireID())).path,
            papersAction: SiteURL.binderEntryPapers(.value(try shown.entry.requireID())).path, paperError: error)
        if isHolder && keepsNumber {
            let page = SiteURL.binderEntry(.value(id)).path
            model.numbers =
                show
                ? .init(href: page, label: "Hide the number", shown: true)
                : .init(href: page + "?numbers=show", label: "Show the number", shown: false)
        }
        return try await Page.render(
            .binderEntry, base: PageBase(request: req, title: shown.entry.title), model, on: req)
    }

    private func renderForm(
        _ req: Request, entry: BinderReading.Shown?, section: BinderSection, input: BinderEntryInput?,
        errors: [String: String]
    ) async throws -> View {
        let principal = try req.principal()
        let estate = try await EstateService.ensure(householdID: principal.householdID, on: req.db)
        let words = try await BinderWords.load(estate, reader: principal.userID, on: req.db)
        let binder = try await req.heirloom.binder.binder(by: principal)
        let sectionVisibility = binder.sections.first { $0.section == section }?.visibility ?? .sectionDefault
        let people = try await Beneficiary.query(on: req.db).filter(\.$household.$id == principal.householdID)
            .sort(\.$name).all()
        let model = BinderPages.entryForm(
            entry: entry, section: section, input: input, errors: errors, people: people,
            sectionWords: words.whoSees(sectionVisibility), sectionVisibility: sectionVisibility)
        return try await Page.render(.binderForm, base: PageBase(request: req, title: model.heading), model, on: req)
    }
}
