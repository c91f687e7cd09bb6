import Foundation
import HeirloomAPI
import HeirloomCore

extension LetterRecipientInput {
    init(_ reader: Components.Schemas.LetterReader) {
        self.init(name: reader.name, email: reader.email ?? "")
    }
}

extension Components.Schemas.LetterDeliver {
    init(_ letter: Letter) {
        self.init(on: letter.afterPassing ? nil : letter.deliverOn, afterPassing: letter.afterPassing ? true : nil)
    }
}

extension Components.Schemas.LetterRecording {
    /// The recording as its writer hears it (the members' media route) or its reader (their own route).
    init(_ object: MediaObject, forReader: Bool) throws {
        let id = try object.requireID()
        // The reader's original is always sent as a download; a member's through the shared route when asked.
        let play = forReader ? SiteURL.apiLetterRecording(.value(.play)) : .apiMedia(.value(id), .value(.play))
        let download =
            forReader
            ? SiteURL.apiLetterRecording(.value(.original)).path
            : SiteURL.apiMedia(.value(id), .value(.original)).path + "?download=true"
        self.init(
            kind: object.use == .video ? .video : .audio, format: object.format.rawValue,
            durationSeconds: object.durationSeconds, url: play.path, downloadUrl: download)
    }
}

extension Components.Schemas.Letter {
    init(_ letter: Letter) throws {
        self.init(
            id: try letter.requireID().text, from: letter.writerName,
            to: letter.recipients.sorted { $0.position < $1.position }.map { reader in
                .init(id: reader.id?.text, name: reader.name, email: reader.email.isEmpty ? nil : reader.email)
            },
            subject: letter.subject, text: letter.text, deliver: .init(letter),
            sharedWithOwners: letter.sharedWithOwners,
            recording: try letter.recording.map { try .init($0, forReader: false) },
            delivered: letter.deliveredAt != nil, deliveredAt: letter.deliveredAt)
    }
}

extension Components.Schemas.LetterNotice {
    init(_ letter: Letter) {
        self.init(
            id: letter.id?.text ?? "", from: letter.writerName,
            to: letter.recipients.sorted { $0.position < $1.position }.map(\.name), deliver: .init(letter),
            sharedWithOwners: letter.sharedWithOwners, delivered: letter.deliveredAt != nil)
    }
}

extension Components.Schemas.LetterList {
    init(letters: [Components.Schemas.Letter], household: [Letter]) {
        self.init(letters: letters, household: household.map(Components.Schemas.LetterNotice.init))
    }
}

extension Components.Schemas.LetterReading {
    init(_ reading: LetterReading) {
        let letter = reading.letter
        self.init(
            from: letter.writerName, to: reading.reader.name, subject: letter.subject, text: letter.text,
            recording: letter.recording.flatMap { try? .init($0, forReader: true) }, pdfUrl: SiteURL.apiLetterPDF.path,
            deliveredAt: letter.deliveredAt ?? Date())
    }
}
