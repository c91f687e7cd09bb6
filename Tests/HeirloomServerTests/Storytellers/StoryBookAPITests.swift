import Foundation
import HeirloomAPI
import HeirloomCore
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

/// The book of a storyteller's stories, made by a member from the answers: the corrected words, in the order chosen,
/// with a code that plays each recording from the hub.
@Suite("The book of a storyteller's stories, over HTTP")
struct StoryBookAPITests {
    @Test("Mum answers by voice and in writing; Ann corrects a word; the book holds it and plays the recording")
    func bookFromAnswers() async throws {
        try await withApp { app in
            // given Mum's spoken answer, typed out and corrected, and her written one
            let owner = try await app.setUpHub()
            let mum = try await app.addStoryteller(owner)
            let spoken = try await app.answerSession(mum.id, owner: owner)
            let wav = try await SpokenFixtures.wav(SpokenFixtures.story)
            let first = try await app.sendParts(
                "/api/answer", token: spoken,
                parts: [.file("audio", fileName: "answer.wav", contentType: "audio/wav", wav)])
            #expect(first.status == .created, "\(first.body.string)")
            let written = try await app.answerSession(mum.id, owner: owner)
            let second = try await app.sendParts(
                "/api/answer", token: written, parts: [.text("text", "We kept hens behind the bakery in Leeds.")])
            #expect(second.status == .created, "\(second.body.string)")
            try await app.transcriptJobs().runOnce()
            let answers = try await app.api(.GET, "/api/storytellers/\(mum.id)/answers", token: owner.token)
                .decoded(Components.Schemas.StoryAnswerList.self).answers
            #expect(answers.count == 2)
            let told = try #require(answers.first { $0.transcript != nil })
            let transcriptID = try #require(told.transcript?.id)
            let corrected = try await app.api(
                .PATCH, "/api/transcripts/\(transcriptID)", token: owner.token,
                json: ["text": "My mother played the harmonium every Sunday morning."])
            #expect(corrected.status == .ok, "\(corrected.body.string)")

            // when Ann makes the book with the written answer first
            let writtenID = try #require(answers.first { $0.transcript == nil }).questionId
            let path = "/api/storytellers/\(mum.id)/book.pdf?chapters=\(writtenID),\(told.questionId)"
            let book = try await app.download(path, token: owner.token)

            // then it is a PDF with the corrected words, in that order, and a code that plays the recording
            #expect(book.status == .ok, "\(book.body.string)")
            #expect(book.headers.contentType == HTTPMediaType(type: "application", subType: "pdf"))
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("book-\(UUID()).pdf")
            defer { try? FileManager.default.removeItem(at: file) }
            try Data(book.body.readableBytesView).write(to: file)
            let text = StoryBookTests.flat(try await StoryBookTests.tool("pdftotext", [file.path, "-"]))
            #expect(text.contains("The book of Mum’s stories"))
            #expect(text.contains("harmonium every Sunday morning"), "\(text)")
            #expect(!text.contains("piano"), "the machine's words are not printed once corrected")
            let hens = try #require(text.range(of: "hens behind the bakery", options: .backwards))
            let harmonium = try #require(text.range(of: "harmonium", options: .backwards))
            #expect(hens.lowerBound < harmonium.lowerBound, "the chapters in the order chosen")
            let codes = try await Self.codes(in: file)
            #expect(codes.count == 1, "\(codes)")
            let hub = app.hub.config.publicBaseURL
            #expect(codes.first?.hasPrefix(hub + "/hear/") == true, "\(codes)")
            let played = try await app.testing().sendRequest(
                .GET, String(try #require(codes.first).dropFirst(hub.count)) + "/recording")
            #expect(played.status == .ok && played.headers.contentType?.type == "audio")
        }
    }

    @Test("a chapter that is not an answer is a 400 naming it; another household's storyteller is a 404")
    func refusals() async throws {
        try await withApp { app in
            let owner = try await app.setUpHub()
            let mum = try await app.addStoryteller(owner)
            let none = try await app.api(.GET, "/api/storytellers/\(mum.id)/book.pdf", token: owner.token)
            #expect(none.status == .badRequest, "no answers yet: \(none.body.string)")
            let session = try await app.answerSession(mum.id, owner: owner)
            _ = try await app.sendParts("/api/answer", token: session, parts: [.text("text", "The war years.")])
            let madeUp = UUID().uuidString.lowercased()
            let unknown = try await app.api(
                .GET, "/api/storytellers/\(mum.id)/book.pdf?chapters=\(madeUp)", token: owner.token)
            #expect(unknown.status == .badRequest)
            #expect(try unknown.apiError.message.contains(madeUp))
            let stranger = try await MemoryAPITests.otherHouseholdToken(app)
            let hidden = try await app.api(.GET, "/api/storytellers/\(mum.id)/book.pdf", token: stranger)
            #expect(hidden.status == .notFound)
        }
    }

    @Test("the book's page lists the chapters; its form orders the ticked ones into the PDF's address")
    func page() async throws {
        try await withApp { app in
            let owner = try await app.setUpHub()
            let mum = try await app.addStoryteller(owner)
            for answer in ["The war years.", "Our first house."] {
                let session = try await app.answerSession(mum.id, owner: owner)
                _ = try await app.sendParts("/api/answer", token: session, parts: [.text("text", answer)])
            }
            let answers = try await app.api(.GET, "/api/storytellers/\(mum.id)/answers", token: owner.token)
                .decoded(Components.Schemas.StoryAnswerList.self).answers.map(\.questionId)
            let ann = WebSession(app: app)
            _ = try await ann.post("/login", ["email": owner.email, "password": owner.password])
            let page = try await ann.get("/storytellers/\(mum.id)/book").body.string
            #expect(page.contains("The book of Mum’s stories") && page.contains("include-\(answers[1])"))
            let print = try await ann.get(
                "/storytellers/\(mum.id)/book/print?include-\(answers[0])=yes&order-\(answers[0])=2"
                    + "&include-\(answers[1])=yes&order-\(answers[1])=1")
            #expect(print.status == .seeOther)
            #expect(
                print.headers.first(name: .location)
                    == "/api/storytellers/\(mum.id)/book.pdf?chapters=\(answers[1]),\(answers[0])")
            let nothing = try await ann.get("/storytellers/\(mum.id)/book/print")
            #expect(nothing.headers.first(name: .location)?.contains("done=book-needs-a-chapter") == true)
        }
    }

    /// The QR codes on the book's pages, decoded.
    static func codes(in pdf: URL) async throws -> [String] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("book-pages-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try await StoryBookTests.tool(
            "pdftoppm", ["-r", "150", "-gray", "-png", pdf.path, folder.appendingPathComponent("page").path])
        let pages = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
            .map { folder.appendingPathComponent($0).path }
        let decoded = try await StoryBookTests.tool(
            "zbarimg", ["--quiet", "--raw", "-Sdisable", "-Sqrcode.enable"] + pages)
        return decoded.split(separator: "\n").map(String.init)
    }
}
