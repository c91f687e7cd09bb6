import Foundation
import HeirloomCore
import Vapor

extension JournalWebController {
    struct CardForm: Content {
        var drawerId: String?
        var title: String?
        var text: String?
        var day: String?
        var tags: [String]?
        var newTags: String?
    }

    struct CardFormPage: Encodable {
        var lock: JournalPages.LockBar
        var isNew: Bool
        var action: String
        var cancelHref: String
        var form: [String: String]
        var drawers: [JournalPages.DrawerOption]
        var hidesLockedDrawers: Bool
        var cardTags: [String]
        var hasCardTags: Bool
        var knownTags: [String]
        var errors: [String: String]
        /// The voice card form beside a new text card: its values and its errors.
        var voiceForm: [String: String]
        var voiceErrors: [String: String]
    }

    func showCard(req: Request) async throws -> View {
        let reader = req.heirloom.journalReader(try req.principal())
        let id = try req.id("card")
        let shown = try await req.heirloom.journalCards.card(id, for: reader)
        guard case .open(let card, _, _) = shown else { throw AppError.journalLocked }
        let drawers = try Self.byID(try await req.heirloom.journalDrawers.listed(for: reader))
        let row = JournalPages.CardRow(shown, drawers: drawers)
        let recording = card.kind == .voice ? JournalPages.Recording(card) : nil
        var model = JournalPages.Card(
            lock: .init(reader, next: SiteURL.journalCard(.value(id)).path, days: try req.principal().days), card: row,
            text: card.text,
            drawerID: card.drawerID.text, recording: recording)
        if recording != nil {
            // The card is the reader's own and open: they may correct its typed copy whatever their role.
            model.transcript = try await TranscriptPages.blocks(.journalCard, ids: [id], canCorrect: true, req: req)[
                id.text]
        }
        let base = PageBase(request: req, title: row.title, nav: .journal)
        return try await Page.render(.journalCard, base: base, model, on: req)
    }

    func newCard(req: Request) async throws -> Response {
        let reader = req.heirloom.journalReader(try req.principal())
        var drawerID = req.query[String.self, at: "drawer"] ?? ""
        if let id = UUID(uuidString: drawerID) {
            try reader.requireOpen(try await req.heirloom.journalDrawers.drawer(id, of: reader))
        } else {
            drawerID = ""
        }
        let form = CardForm(drawerId: drawerID, day: req.heirloom.journalCards.today.description)
        return try await cardFormPage(req: req, reader: reader, cardID: nil, form: form, cardTags: [], errors: [:])
    }

    func createCard(req: Request) async throws -> Response {
        let reader = req.heirloom.journalReader(try req.principal())
        let form = try req.content.decode(CardForm.self)
        return try await req.submitForm {
            let (day, tags) = try Self.dayAndTags(form)
            let drawerID = try Self.drawerID(form)
            let shown = try await req.heirloom.journalCards.create(
                .init(drawerID: drawerID, title: form.title, text: form.text ?? "", tags: tags, day: day),
                for: reader)
            return req.redirect(to: SiteURL.journalCard(.value(shown.id)).path)
        } orShowAgain: { errors, _ in
            try await cardFormPage(
                req: req, reader: reader, cardID: nil, form: form, cardTags: form.tags ?? [], errors: errors)
        }
    }

    func editCard(req: Request) async throws -> Response {
        let reader = req.heirloom.journalReader(try req.principal())
        let id = try req.id("card")
        let (card, _) = try await req.heirloom.journalCards.openCard(id, for: reader)
        let form = CardForm(
            drawerId: card.$drawer.id.text, title: card.title ?? "", text: card.body, day: card.writtenOn)
        let tags = (card.$tags.value ?? []).map(\.name).sorted()
        return try await cardFormPage(req: req, reader: reader, cardID: id, form: form, cardTags: tags, errors: [:])
    }

    func updateCard(req: Request) async throws -> Response {
        let reader = req.heirloom.journalReader(try req.principal())
        let id = try req.id("card")
        let form = try req.content.decode(CardForm.self)
        return try await req.submitForm {
            let (day, tags) = try Self.dayAndTags(form)
            let changes = JournalCardService.Changes(
                drawerID: try Self.drawerID(form), title: form.title ?? "", text: form.text ?? "", tags: tags,
                day: day)
            _ = try await req.heirloom.journalCards.update(id, changes, for: reader)
            return req.redirect(to: SiteURL.journalCard(.value(id)).path)
        } orShowAgain: { errors, _ in
            try await cardFormPage(
                req: req, reader: reader, cardID: id, form: form, cardTags: form.tags ?? [], errors: errors)
        }
    }

    func confirmCardDeletion(req: Request) async throws -> View {
        let reader = req.heirloom.journalReader(try req.principal())
        let id = try req.id("card")
        let (card, _) = try await req.heirloom.journalCards.openCard(id, for: reader)
        let title = JournalRules.displayTitle(title: card.title, text: card.body, kind: card.kind)
        let model = ConfirmPage(
            heading: "Delete “\(title)”?",
            consequence: card.kind == .voice
                ? "The card, its recording and everything written on it will be gone for good. This cannot be undone."
                : "The card and everything written on it will be gone for good. This cannot be undone.",
            action: .journalCardDelete(.value(id)),
            confirmLabel: "Delete this card",
            cancel: .journalCard(.value(id))
        )
        return try await model.render(title: "Delete a card", nav: .journal, on: req)
    }

    func deleteCard(req: Request) async throws -> Response {
        let reader = req.heirloom.journalReader(try req.principal())
        try await req.heirloom.journalCards.delete(try req.id("card"), for: reader)
        return req.redirect(to: SiteURL.journal.path(done: .cardDeleted))
    }

    func cardFormPage(
        req: Request, reader: JournalReader, cardID: UUID?, form: CardForm, cardTags: [String],
        errors: [String: String], voiceForm: CardForm? = nil, voiceErrors: [String: String] = [:]
    ) async throws -> Response {
        let drawers = try await req.heirloom.journalDrawers.drawers(of: reader)
        let open = drawers.filter(reader.canRead)
        let selected = voiceForm?.drawerId ?? form.drawerId ?? ""
        let options = try open.enumerated().map { index, drawer in
            let id = try drawer.requireID().text
            return JournalPages.DrawerOption(
                id: id, name: drawer.name, selected: id == selected || (selected.isEmpty && index == 0))
        }
        let known = try await req.heirloom.journalCards.tags(prefix: nil, for: reader).map(\.name)
        let model = CardFormPage(
            lock: .init(
                reader, next: (cardID.map { SiteURL.journalCardEdit(.value($0)) } ?? .journalCardNew).path,
                days: try req.principal().days),
            isNew: cardID == nil,
            action: (cardID.map { SiteURL.journalCardEdit(.value($0)) } ?? .journalCardNew).path,
            cancelHref: (cardID.map { SiteURL.journalCard(.value($0)) } ?? .journal).path,
            form: [
                "title": form.title ?? "", "text": form.text ?? "", "day": form.day ?? "",
                "newTags": form.newTags ?? "",
            ],
            drawers: options,
            hidesLockedDrawers: open.count < drawers.count,
            cardTags: cardTags,
            hasCardTags: !cardTags.isEmpty,
            knownTags: known,
            errors: errors,
            voiceForm: [
                "title": voiceForm?.title ?? "", "day": voiceForm?.day ?? form.day ?? "",
                "newTags": voiceForm?.newTags ?? "",
            ],
            voiceErrors: voiceErrors
        )
        let title = cardID == nil ? "Write a card" : "Edit card"
        let view = try await Page.render(
            .journalCardForm, base: PageBase(request: req, title: title, nav: .journal), model, on: req)
        let failed = !errors.isEmpty || !voiceErrors.isEmpty
        return try await view.encodeResponse(status: failed ? .unprocessableEntity : .ok, for: req)
    }

    static func dayAndTags(_ form: CardForm) throws -> (JournalDay?, [String]) {
        let rawDay = form.day?.trimmingWhitespace() ?? ""
        var day: JournalDay?
        if !rawDay.isEmpty {
            guard let parsed = JournalDay(rawDay) else {
                throw AppError.invalid(FieldError(field: "day", message: "Please choose the day it was written."))
            }
            day = parsed
        }
        let tags = try JournalRules.tags((form.tags ?? []) + [form.newTags ?? ""])
        return (day, tags)
    }

    static func drawerID(_ form: CardForm) throws -> UUID {
        guard let id = form.drawerId.flatMap(UUID.init(uuidString:)) else {
            throw AppError.invalid(FieldError(field: "drawerId", message: "Please choose a drawer for the card."))
        }
        return id
    }
}
