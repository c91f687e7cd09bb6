import Foundation
import HeirloomCore
import Vapor

/// The writer's pages: their letters for later, the form to write or change one, its recording, and withdrawing it.
struct LetterWebController {
    func index(req: Request) async throws -> View {
        let principal = try req.principal()
        let letters = req.heirloom.letters
        let model = LetterPages.IndexPage(
            mine: try await letters.mine(principal).map { LetterPages.row($0, mine: true, days: principal.days) },
            others: try await letters.others(principal).map { LetterPages.row($0, mine: false, days: principal.days) },
            isOwner: principal.role.canManageHousehold)
        return try await Page.render(
            .letters, base: PageBase(request: req, title: "Letters for later", nav: .home), model, on: req)
    }

    /// A reader's link on paper, for a reader without email: printed once the letter is delivered.
    func readerLink(req: Request) async throws -> Response {
        let id = try req.id("letter")
        let principal = try req.principal()
        let (name, url) = try await req.heirloom.letters.handOut(
            reader: try req.id("reader", .memberID), of: id, by: principal,
            base: req.heirloom.config.publicBaseURL)
        let letter = try await Letter.find(id, on: req.db)
        let model = LetterPages.LinkSheet(
            name: name, from: letter?.writerName ?? principal.name, url: url, qrSVG: try QRCode.svg(url),
            backHref: SiteURL.letters.path)
        let view = try await Page.render(
            .letterLinkSheet, base: PageBase(request: req, title: "\(name)’s link", nav: .home), model, on: req)
        let response = try await view.encodeResponse(for: req)
        // The page carries a secret: never kept by a cache or the browser's history.
        response.headers.replaceOrAdd(name: .cacheControl, value: "no-store")
        return response
    }

    func new(req: Request) async throws -> View {
        try await form(
            req,
            draft: .init(
                input: .init(to: [], subject: "", text: "", day: nil, afterPassing: false),
                sharedWithOwners: false), letter: nil, errors: [:])
    }

    func create(req: Request) async throws -> Response {
        let form = try req.content.decode(LetterPages.Form.self)
        return try await req.submitForm {
            _ = try await req.heirloom.letters.create(form.draft, by: try req.principal())
            return req.redirect(to: SiteURL.letters.path(done: .letterSaved))
        } orShowAgain: { errors in
            try await self.form(req, draft: form.draft, letter: nil, errors: errors)
        }
    }

    func edit(req: Request) async throws -> View {
        let letter = try await req.heirloom.letters.changeable(try req.id("letter"), by: try req.principal())
        return try await form(req, draft: LetterService.draft(of: letter), letter: letter, errors: [:])
    }

    func update(req: Request) async throws -> Response {
        let principal = try req.principal()
        let letter = try await req.heirloom.letters.changeable(try req.id("letter"), by: principal)
        let form = try req.content.decode(LetterPages.Form.self)
        return try await req.submitForm(conflictsOn: "deliver") {
            _ = try await req.heirloom.letters.update(try letter.requireID(), { $0 = form.draft }, by: principal)
            return req.redirect(to: SiteURL.letters.path(done: .letterSaved))
        } orShowAgain: { errors in
            try await self.form(req, draft: form.draft, letter: letter, errors: errors)
        }
    }

    /// The recording or film, from its own form on the edit page (streamed, its CSRF field checked in the stream).
    func addRecording(req: Request) async throws -> Response {
        let id = try req.id("letter")
        let media = req.heirloom.services.media
        let upload = try await FormUpload.read(
            req, temporaryDirectory: media.store.temporaryDirectory, maximumFileBytes: media.limit(for: .video))
        defer { upload.removeFiles() }
        try CSRF.verify(upload.fields[CSRF.fieldName], req)
        guard let file = upload.files.first else {
            throw AppError.invalid(FieldError(field: "file", message: "Please choose a recording first."))
        }
        _ = try await req.heirloom.letters.setRecording(
            of: id, FileChunks(url: file.url), fileName: file.fileName, contentType: nil, by: try req.principal())
        return req.redirect(to: SiteURL.letterEdit(.value(id)).path(done: .letterRecordingAdded))
    }

    func confirmWithdraw(req: Request) async throws -> View {
        let letter = try await req.heirloom.letters.changeable(try req.id("letter"), by: try req.principal())
        let id = try letter.requireID()
        let readers = ListText.and(letter.recipients.map(\.name))
        return try await ConfirmPage(
            heading: "Withdraw “\(letter.subject)”?",
            consequence: "The letter to \(readers) will be deleted, with its recording, and nobody will receive it. "
                + "This cannot be undone.",
            action: .letterWithdraw(.value(id)), confirmLabel: "Withdraw the letter", cancel: .letterEdit(.value(id))
        ).render(title: "Withdraw a letter", nav: .home, on: req)
    }

    func withdraw(req: Request) async throws -> Response {
        try await req.heirloom.letters.withdraw(try req.id("letter"), by: try req.principal())
        return req.redirect(to: SiteURL.letters.path(done: .letterWithdrawn))
    }

    private func form(_ req: Request, draft: LetterService.Draft, letter: Letter?, errors: [String: String])
        async throws -> View
    {
        let principal = try req.principal()
        let writer = try await req.heirloom.letters.writer(principal).rules
        let id = letter?.id
        var model = LetterPages.form(
            draft, heading: id == nil ? "Write a letter for later" : "Change your letter",
            action: id.map { .letterEdit(.value($0)) } ?? .letterNew,
            submitLabel: id == nil ? "Keep the letter" : "Save",
            mayWriteAfterPassing: writer.isEstateHolder || writer.membersMayWriteAfterPassing, errors: errors)
        if let id {
            model.recordingAction = SiteURL.letterRecording(.value(id)).path
            model.recordingApiUrl = SiteURL.apiLetterSetRecording(.value(id)).path
            model.withdrawHref = SiteURL.letterWithdraw(.value(id)).path
            model.recording = letter?.recording.map {
                let mediaID = $0.id ?? id
                return LetterPages.Recording(
                    isVideo: $0.use == .video, url: SiteURL.apiMedia(.value(mediaID), .value(.play)).path,
                    downloadUrl: SiteURL.apiMedia(.value(mediaID), .value(.original)).path + "?download=true")
            }
        }
        return try await Page.render(
            .letterForm, base: PageBase(request: req, title: model.heading, nav: .home), model, on: req)
    }
}
