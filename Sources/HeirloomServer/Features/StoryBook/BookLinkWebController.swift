import Foundation
import HeirloomCore
import Vapor

/// The page a printed story book's QR code opens on any phone: one recording and its words, nothing else of the hub;
/// and, on the book's page, an owner or editor withdrawing one of the book's links.
struct BookLinkWebController {
    /// "Scan to hear Mum tell it": the chapter's question, who told it and when, the player and the typed words.
    struct HearPage: Encodable {
        var question: String
        var told: String
        /// The copy every phone plays (AAC), when there is one; `original` is the recording as it was made, for the
        /// browsers that do not play AAC.
        var playable: String?
        var original: String
        var typed: [String]
        var typedNote: String?
        var withdrawn: Bool
    }

    func show(req: Request) async throws -> Response {
        let token = req.parameters.get(RouteParameter.token.rawValue) ?? ""
        switch try await req.heirloom.bookLinks.open(token, from: req.clientAddress) {
        case .missing:
            return try await OutsiderPages.missing(req)
        case .withdrawn:
            let model = HearPage(
                question: "", told: "", playable: nil, original: "", typed: [], typedNote: nil, withdrawn: true)
            return try await Page.render(
                .bookRecording, base: PageBase(request: req, title: "This link was withdrawn"), model, on: req
            )
            .encodeResponse(status: .gone, for: req)
        case .recording(let opened):
            let household = try await Household.find(opened.question.$household.id, on: req.db)
            let days = household?.days ?? DayText(zone: .current)
            let typed = opened.transcript.flatMap { $0.state == .done ? $0 : nil }
            let paragraphs = (typed?.text ?? opened.question.answerText ?? "").components(separatedBy: "\n")
                .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            let model = HearPage(
                question: opened.question.text,
                told: "Told by \(opened.storyteller.name)"
                    + (opened.question.answeredAt.map { " on \(days.day($0))" } ?? "") + ".",
                playable: opened.recording.playableSHA256 == nil
                    ? nil : SiteURL.bookRecordingFile(.value(token)).path,
                original: SiteURL.bookRecordingFile(.value(token)).path + "?form=original", typed: paragraphs,
                typedNote: paragraphs.isEmpty ? nil : typed.flatMap { TranscriptNote.note(corrected: $0.edited) },
                withdrawn: false)
            var base = PageBase(request: req, title: opened.question.text)
            base.household = .init(name: household?.name ?? "Heirloom")
            return try await Page.render(.bookRecording, base: base, model, on: req).encodeResponse(for: req)
        }
    }

    /// The recording itself, for the page's player: the copy every phone plays when there is one, or the recording as
    /// it was made (`?form=original`).
    func recording(req: Request) async throws -> Response {
        let token = req.parameters.get(RouteParameter.token.rawValue) ?? ""
        guard case .recording(let opened) = try await req.heirloom.bookLinks.open(token, from: req.clientAddress)
        else { throw AppError.notFound("recording") }
        let object = opened.recording
        return try await req.mediaFile(
            object,
            variant: object.playableSHA256 == nil || req.query[String.self, at: "form"] == "original"
                ? .original : .play,
            download: false)
    }

    /// Withdraws one of the book's links; the book's page then lists it as withdrawn.
    func withdraw(req: Request) async throws -> Response {
        let id = try req.id("storyteller")
        _ = try await req.heirloom.bookLinks.withdraw(try req.id("link", .linkID), of: id, by: try req.principal())
        return req.redirect(
            to: SiteURL.storytellerBook(.value(id)).path(done: .bookLinkWithdrawn, fragment: "book-links"))
    }
}
