import Foundation
import HeirloomCore
import Vapor

/// The writer's pages (their letters, the form) and the reader's page, with the models their templates show.
enum LetterPages {
    /// One letter in the writer's list, or another member's in an owner's.
    struct Row: Encodable {
        var subject: String?
        var from: String
        var to: String
        var when: String
        var delivered: Bool
        var shared: Bool
        var hasRecording: Bool
        var editHref: String?
        var withdrawHref: String?
        /// Another member's letter that its writer shared with the owners, to read here.
        var sharedText: [String]? = nil
        /// Readers without email whose link the viewer may print, once the letter is delivered.
        var handOn: [HandOn] = []
    }

    /// A reader whose link is printed by hand: the form that makes it.
    struct HandOn: Encodable {
        var name: String
        var action: String
    }

    /// A reader's link on paper, printed by the writer or an owner and given by hand.
    struct LinkSheet: Encodable {
        var name: String
        var from: String
        var url: String
        var qrSVG: String
        var backHref: String
    }

    struct IndexPage: Encodable {
        var mine: [Row]
        var others: [Row]
        var isOwner: Bool
    }

    struct ReaderRow: Encodable {
        var name: String
        var email: String
    }

    /// The form as sent and shown again: up to `rows` readers, the words, the day or after passing.
    struct Form: Content {
        var name: [String]?
        var email: [String]?
        var subject: String?
        var text: String?
        /// "day" or "afterPassing".
        var deliver: String?
        var day: String?
        var shared: String?

        var draft: LetterService.Draft {
            let names = name ?? []
            let emails = email ?? []
            let readers = (0..<max(names.count, emails.count)).map { index in
                LetterRecipientInput(
                    name: names.indices.contains(index) ? names[index] : "",
                    email: emails.indices.contains(index) ? emails[index] : "")
            }
            let afterPassing = deliver == "afterPassing"
            return .init(
                input: LetterInput(
                    to: readers, subject: subject ?? "", text: text ?? "", day: afterPassing ? nil : day,
                    afterPassing: afterPassing),
                sharedWithOwners: shared == "on")
        }
    }

    struct FormPage: Encodable {
        var heading: String
        var action: String
        var submitLabel: String
        var readers: [ReaderRow]
        var subject: String
        var text: String
        var afterPassing: Bool
        var day: String
        var shared: Bool
        var mayWriteAfterPassing: Bool
        var errors: [String: String]
        /// On the edit page: the recording kept with the letter, and where to upload one.
        var recording: Recording?
        var recordingAction: String?
        /// Where the page's recorder sends a recording made on the page.
        var recordingApiUrl: String?
        var withdrawHref: String?
    }

    struct Recording: Encodable {
        var isVideo: Bool
        var url: String
        var downloadUrl: String
    }

    /// The reader's page.
    struct ReaderPage: Encodable {
        var from: String
        var to: String
        var subject: String
        var paragraphs: [String]
        var deliveredOn: String
        var recording: Recording?
        var pdfHref: String
    }

    static let blankReaders = 3

    static func form(
        _ draft: LetterService.Draft, heading: String, action: SiteURL, submitLabel: String, mayWriteAfterPassing: Bool,
        errors: [String: String]
    ) -> FormPage {
        var readers = draft.input.to.map { ReaderRow(name: $0.name, email: $0.email) }
        while readers.count < blankReaders { readers.append(ReaderRow(name: "", email: "")) }
        return FormPage(
            heading: heading, action: action.path, submitLabel: submitLabel, readers: readers,
            subject: draft.input.subject, text: draft.input.text, afterPassing: draft.input.afterPassing,
            day: draft.input.day ?? "", shared: draft.sharedWithOwners, mayWriteAfterPassing: mayWriteAfterPassing,
            errors: errors)
    }

    static func row(_ letter: Letter, mine: Bool, days: DayText) -> Row {
        let id = letter.id ?? UUID()
        let readable = mine || letter.sharedWithOwners
        let open = mine && letter.deliveredAt == nil
        return Row(
            subject: readable ? letter.subject : nil, from: letter.writerName,
            to: ListText.and(letter.recipients.sorted { $0.position < $1.position }.map(\.name)),
            when: when(letter, days: days), delivered: letter.deliveredAt != nil, shared: letter.sharedWithOwners,
            hasRecording: letter.$recording.id != nil,
            editHref: open ? SiteURL.letterEdit(.value(id)).path : nil,
            withdrawHref: open ? SiteURL.letterWithdraw(.value(id)).path : nil,
            sharedText: !mine && letter.sharedWithOwners ? paragraphs(letter.text) : nil,
            handOn: letter.deliveredAt == nil
                ? []
                : letter.recipients.filter(\.email.isEmpty).sorted { $0.position < $1.position }.map { reader in
                    HandOn(
                        name: reader.name,
                        action: SiteURL.letterReaderLink(.value(id), .value(reader.id ?? UUID())).path)
                })
    }

    /// The letter's text in paragraphs, as the pages show it (single line breaks stay within a paragraph).
    static func paragraphs(_ text: String) -> [String] {
        text.components(separatedBy: "\n\n")
    }

    /// "Delivered on …", "On April 28, 2031", "After my passing is confirmed".
    static func when(_ letter: Letter, days: DayText) -> String {
        if let delivered = letter.deliveredAt { return "Delivered on \(days.day(delivered))" }
        if letter.afterPassing { return "After \(letter.writerName)’s passing is confirmed" }
        return "On \(DayText.calendarDay(letter.deliverOn ?? ""))"
    }

    static func reader(_ reading: LetterReading, days: DayText) -> ReaderPage {
        let letter = reading.letter
        return ReaderPage(
            from: letter.writerName, to: reading.reader.name, subject: letter.subject,
            paragraphs: paragraphs(letter.text), deliveredOn: days.day(letter.deliveredAt),
            recording: letter.recording.map {
                Recording(
                    isVideo: $0.use == .video, url: SiteURL.apiLetterRecording(.value(.play)).path,
                    downloadUrl: SiteURL.apiLetterRecording(.value(.original)).path)
            },
            pdfHref: SiteURL.apiLetterPDF.path)
    }

    /// The delivered letter of the reader's bearer token or page cookie; 404 otherwise.
    static func reading(_ req: Request) async throws -> LetterReading {
        let secret = req.headers.bearerAuthorization?.token ?? req.cookies[OutsiderPages.letterCookie]?.string ?? ""
        return try await req.heirloom.letterReader.read(session: secret)
    }
}
