import Foundation
import HeirloomAPI
import HeirloomCore
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

/// The book of each storyteller's stories in the household export, read back with poppler and zbarimg: its codes
/// lead to the recordings inside the archive, not to the hub.
@Suite("Storytellers' books in the household export")
struct StoryBookExportTests {
    @Test("Mum's book is in the export with her corrected words, its code leads to her recording in the archive")
    func bookInTheArchive() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("export-\(UUID()).zip")
        defer { try? FileManager.default.removeItem(at: file) }
        let canary = "Quetzalcanary"
        var mumID = ""
        try await withApp { app in
            // given Mum's spoken answer, typed out and corrected, and her written one; Dad, who has not answered yet;
            // and a voice card in Ann's Private drawer, locked, whose typed copy holds a canary word
            let ann = try await app.setUpHub()
            let mum = try await app.addStoryteller(ann)
            mumID = mum.id
            _ = try await app.addStoryteller(ann, name: "Dad", email: "dad@example.com")
            let spoken = try await app.answerSession(mum.id, owner: ann)
            let told = try await app.sendParts(
                "/api/answer", token: spoken,
                parts: [
                    .file(
                        "audio", fileName: "answer.wav", contentType: "audio/wav",
                        try await SpokenFixtures.wav(SpokenFixtures.story))
                ])
            #expect(told.status == .created, "\(told.body.string)")
            let written = try await app.answerSession(mum.id, owner: ann)
            let typed = try await app.sendParts(
                "/api/answer", token: written, parts: [.text("text", "We kept hens behind the bakery in Leeds.")])
            #expect(typed.status == .created, "\(typed.body.string)")
            let privateID = try #require(try await app.journalDrawers(ann)["Private"])
            try await app.unlockJournal(ann)
            let card = try await app.voiceCard(
                ann, parts: [("drawerId", privateID), ("title", "A card")],
                file: try await SpokenFixtures.wav("The garden gate was painted green in spring."))
            #expect(card.status == .created, "\(card.body.string)")
            try await app.transcriptJobs().runOnce()
            let cardTranscript = try #require(try card.decoded(Components.Schemas.JournalCard.self).transcript?.id)
            let hidden = try await app.api(
                .PATCH, "/api/transcripts/\(cardTranscript)", token: ann.token,
                json: ["text": "The \(canary) gate was painted green."])
            #expect(hidden.status == .ok, "\(hidden.body.string)")
            let answers = try await app.api(.GET, "/api/storytellers/\(mum.id)/answers", token: ann.token)
                .decoded(Components.Schemas.StoryAnswerList.self).answers
            let transcriptID = try #require(answers.compactMap(\.transcript?.id).first)
            let corrected = try await app.api(
                .PATCH, "/api/transcripts/\(transcriptID)", token: ann.token,
                json: ["text": "My mother played the harmonium every Sunday morning."])
            #expect(corrected.status == .ok, "\(corrected.body.string)")
            #expect(try await app.api(.POST, "/api/journal/lock", token: ann.token).status == .noContent)

            // when the household is exported
            try Data(try await app.download("/api/export", token: ann.token).body.readableBytesView).write(to: file)
        }
        let parts = try ExportParts(file)

        // then Mum's book is in it (Dad has none yet), listed in the manifest and linked from the offline page
        let path = "story-book-\(mumID.lowercased()).pdf"
        #expect(parts.names.filter { $0.hasPrefix("story-book-") } == [path], "\(parts.names)")
        let manifest = try ExportJSON.decoder().decode(
            HouseholdExport.Manifest.self, from: try #require(parts.files["manifest.json"]))
        #expect(manifest.files.contains { $0.path == path })
        let index = String(decoding: try #require(parts.files["index.html"]), as: UTF8.self)
        #expect(index.contains("<a href=\"\(path)\">The book of Mum’s stories</a>"), "\(index)")
        // with both chapters, the corrected words and no word of the locked journal
        let pdf = FileManager.default.temporaryDirectory.appendingPathComponent("book-\(UUID()).pdf")
        defer { try? FileManager.default.removeItem(at: pdf) }
        try #require(parts.files[path]).write(to: pdf)
        let text = StoryBookTests.flat(try await StoryBookTests.tool("pdftotext", [pdf.path, "-"]))
        #expect(text.contains("The book of Mum’s stories"))
        #expect(text.contains("harmonium every Sunday morning") && !text.contains("piano"), "\(text)")
        #expect(text.contains("We kept hens behind the bakery in Leeds."))
        #expect(!text.lowercased().contains(canary.lowercased()))
        // and its one code leads to Mum's recording on the offline page, whose player plays the file in the archive
        let codes = try await StoryBookAPITests.codes(in: pdf)
        #expect(codes.count == 1, "\(codes)")
        let code = try #require(codes.first).split(separator: "#", maxSplits: 1).map(String.init)
        #expect(code.count == 2 && code.first == "index.html", "\(codes)")
        #expect(!text.contains("http://"), "no address on the hub")
        let mediaID = try #require(code.last?.split(separator: "-", maxSplits: 1).last.map(String.init))
        let media = try ExportJSON.decoder().decode(
            [ExportRecord.Media].self, from: try #require(parts.files["media.json"]))
        let recording = try #require(media.first { $0.id == UUID(uuidString: mediaID) })
        #expect(recording.kind == "audio" && parts.names.contains(recording.path))
        #expect(index.contains("<audio id=\"\(code[1])\" controls preload=\"none\">"), "\(index)")
        #expect(index.contains("<source src=\"\(recording.path)\">"))

        try await withApp { app in
            // when the archive is imported into a fresh hub, then the book is passed over and made again there
            try await app.runCommand(ImportCommand(), ["heirloom", file.path])
            let token = try await app.signInAfterImport(email: "ann@example.com")
            let again = try await app.download("/api/storytellers/\(mumID)/book.pdf", token: token)
            #expect(again.status == .ok, "\(again.body.string)")
        }
    }

    @Test("a book per storyteller who answered, in the order answered; a recording off the page is its file")
    func booksFromRecords() throws {
        // given Rose, who answered three questions (a recording on a memory, one nowhere on the page, in writing)
        // and was asked a fourth, and Sam, who answered none
        let onPage = Self.media(kind: "audio", sha: "a", transcript: "My mother played the harmonium.")
        let offPage = Self.media(kind: "audio", sha: "b")
        let photo = Self.media(kind: "image", sha: "c", width: 800)
        let memory = ExportRecord.Memory(
            id: 7, kind: "voice", title: "Sundays", description: nil, content: nil, date: nil, location: nil,
            context: nil, deviceName: nil, createdById: nil, createdAt: nil, updatedAt: nil, personIds: [],
            files: [.init(id: 1, mediaId: onPage.id, position: 0), .init(id: 2, mediaId: photo.id, position: 1)],
            faces: [])
        let day = { (n: Double) in Date(timeIntervalSince1970: 1_780_000_000 + n * 86_400) }
        let rose = Self.storyteller(
            "Rose",
            [
                Self.question("Where were you born?", answeredAt: day(3), media: offPage.id),
                Self.question("What did you do on Sundays?", answeredAt: day(1), media: onPage.id, memory: 7),
                Self.question("What was your first job?", answeredAt: day(2), text: "The mill."),
                Self.question("Who was Uncle Bob?", answeredAt: nil),
            ])
        let snapshot = ExportSnapshot(
            household: .init(
                id: UUID(), name: "The Millers", defaultCurrency: "USD", timeZone: nil, paperSize: nil,
                showValuesToViewers: nil, createdAt: nil, updatedAt: nil),
            members: [], media: [onPage, offPage, photo], items: [], beneficiaries: [], links: [], people: [],
            memories: [memory], sets: [],
            storytellers: .init(storytellers: [rose, Self.storyteller("Sam", [Self.question("Hi?", answeredAt: nil)])]))

        // when
        let books = ExportStoryBooks.books(snapshot)

        // then
        #expect(books.map(\.path) == [ExportStoryBooks.path(of: rose.id)])
        let chapters = try #require(books.first).book.chapters
        #expect(
            chapters.map(\.title) == [
                "What did you do on Sundays?", "What was your first job?", "Where were you born?",
            ])
        #expect(
            chapters.map(\.recordingURL) == [
                "index.html#recording-\(onPage.id.uuidString.lowercased())", nil, offPage.path,
            ])
        #expect(chapters.map(\.text) == ["My mother played the harmonium.", "The mill.", ""])
        #expect(chapters[0].photos == [StoryBook.Photo(mediaID: photo.id)])
        #expect(books.first?.book.paper == .letter)
        #expect(
            ExportViewer.html(snapshot, exportedAt: day(4)).contains(
                "id=\"recording-\(onPage.id.uuidString.lowercased())\""))
    }

    @Test("an import takes a book's name exactly: story-book-, a lower-case id, .pdf")
    func bookNames() {
        let id = UUID()
        #expect(ExportPaths.isStoryBook(ExportStoryBooks.path(of: id)))
        for name in [
            "story-book-\(id.uuidString).pdf", "story-book-\(id.uuidString.lowercased()).txt", "story-book-.pdf",
            "story-book-../index.html.pdf", "media/story-book-\(id.uuidString.lowercased()).pdf",
            "story-book-\(id.uuidString.lowercased())x.pdf",
        ] {
            #expect(!ExportPaths.isStoryBook(name), "\(name)")
        }
    }

    private static func media(kind: String, sha: String, width: Int? = nil, transcript: String? = nil)
        -> ExportRecord.Media
    {
        let hash = String(repeating: sha, count: 64)
        let format = kind == "image" ? "jpeg" : "m4a"
        return ExportRecord.Media(
            id: UUID(), path: "media/\(hash).\(format)", sha256: hash, fileName: "file.\(format)", format: format,
            kind: kind, use: kind == "image" ? "photo" : "audio", sizeBytes: 10, width: width, height: width,
            takenAt: nil, durationSeconds: nil, waveform: nil, pageCount: nil, ownerType: nil, ownerId: nil,
            uploadedById: nil, createdAt: nil,
            transcript: transcript.map {
                .init(
                    id: UUID(), state: "done", text: "machine words", segments: [], engine: "offline", editedText: $0,
                    editedById: nil, editedAt: nil, error: nil)
            })
    }

    private static func question(
        _ text: String, answeredAt: Date?, media: UUID? = nil, memory: Int? = nil, text answer: String? = nil
    ) -> ExportRecord.Storytellers.Question {
        .init(
            id: UUID(), source: "builtIn", key: text, text: text, position: 0, skipped: false, itemId: nil,
            photoMemoryId: nil, createdById: nil, askedAt: answeredAt, answeredAt: answeredAt,
            answerKind: answeredAt == nil ? nil : media == nil ? "text" : "voice", answerText: answer,
            answerMediaId: media, answerItemAudioId: nil, answerMemoryId: memory, createdAt: nil)
    }

    private static func storyteller(_ name: String, _ questions: [ExportRecord.Storytellers.Question])
        -> ExportRecord.Storytellers.Storyteller
    {
        .init(
            id: UUID(), name: name, email: "\(name.lowercased())@example.com", userId: nil, weekday: 7, hour: 10,
            nextSendAt: Date(timeIntervalSince1970: 0), active: true, createdAt: nil, questions: questions)
    }
}
