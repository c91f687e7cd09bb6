import Foundation
import HeirloomCore
import Vapor

extension JournalWebController {
    /// Saves a voice card from the plain upload form (which works without JavaScript): the form streams to
    /// disk, then its recording goes through the media pipeline like any upload.
    func createVoiceCard(req: Request) async throws -> Response {
        let reader = req.heirloom.journalReader(try req.principal())
        let media = req.heirloom.services.media
        let upload = try await FormUpload.read(
            req, temporaryDirectory: media.store.temporaryDirectory, maximumFileBytes: media.limit(for: .audio))
        defer { upload.removeFiles() }
        try CSRF.verify(upload.fields[CSRF.fieldName], req)
        let fields = upload.fields
        let form = CardForm(
            drawerId: fields["drawerId"], title: fields["title"], day: fields["day"], newTags: fields["newTags"])
        let cards = req.heirloom.journalCards
        do {
            let (day, tags) = try Self.dayAndTags(form)
            let drawerID = try Self.drawerID(form)
            guard let file = upload.files.first(where: { $0.field == "file" }) else {
                throw AppError.invalid(FieldError(field: "file", message: "Please choose a recording first."))
            }
            let recording = try await cards.record(
                FileChunks(url: file.url), fileName: file.fileName, drawerID: drawerID, for: reader)
            let shown = try await cards.createVoice(
                .init(drawerID: drawerID, title: form.title, text: nil, tags: tags, day: day),
                recording: recording, for: reader)
            return req.redirect(to: SiteURL.journalCard(.value(shown.id)).path)
        } catch {
            let error = try AppError.userFacing(error)
            let isFileProblem = error.status == .payloadTooLarge || error.status == .unsupportedMediaType
            guard error.field != nil || isFileProblem else { throw error }
            let errors = isFileProblem ? ["file": error.message] : error.formErrors
            return try await cardFormPage(
                req: req, reader: reader, cardID: nil, form: CardForm(day: form.day), cardTags: [], errors: [:],
                voiceForm: form, voiceErrors: errors)
        }
    }
}
