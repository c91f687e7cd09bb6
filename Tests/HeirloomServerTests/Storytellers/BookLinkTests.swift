import Fluent
import Foundation
import HeirloomAPI
import HeirloomCore
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

/// A printed book's QR code plays its recording on any phone, without an account, and nothing else.
@Suite("The keyed links of a printed story book")
struct BookLinkTests {
    @Test("the book's code opens a page that plays the one recording without an account; withdrawn, it says so")
    func hearAndWithdraw() async throws {
        try await withApp { app in
            // given Mum's spoken answer, typed out, and a book printed from it
            let owner = try await app.setUpHub()
            let mum = try await app.addStoryteller(owner)
            let session = try await app.answerSession(mum.id, owner: owner)
            let wav = try await SpokenFixtures.wav(SpokenFixtures.story)
            _ = try await app.sendParts(
                "/api/answer", token: session,
                parts: [.file("audio", fileName: "answer.wav", contentType: "audio/wav", wav)])
            try await app.transcriptJobs().runOnce()
            let book = try await app.download("/api/storytellers/\(mum.id)/book.pdf", token: owner.token)
            #expect(book.status == .ok, "\(book.body.string)")
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("book-\(UUID()).pdf")
            defer { try? FileManager.default.removeItem(at: file) }
            try Data(book.body.readableBytesView).write(to: file)
            let codes = try await StoryBookAPITests.codes(in: file)
            let hub = app.hub.config.publicBaseURL
            let code = try #require(codes.first)
            #expect(codes.count == 1 && code.hasPrefix(hub + "/hear/"), "\(codes)")
            let path = String(code.dropFirst(hub.count))
            // and only the key's hash is kept
            let key = String(path.split(separator: "/").last ?? "")
            let stored = try #require(try await LinkToken.query(on: app.db).filter(\.$kind == .bookRecording).first())
            #expect(stored.tokenHash == SecretToken.hash(key) && stored.tokenHash != key)

            // when a cousin with no account scans it
            let cousin = WebSession(app: app)
            let page = try await cousin.get(path)

            // then a calm page plays that recording, with its words and the computer's note
            #expect(page.status == .ok)
            let html = page.body.string
            #expect(html.contains("<audio") && html.contains("src=\"\(path)/recording?form=original\""), "\(html)")
            #expect(html.contains("Told by Mum"))
            #expect(html.contains(TranscriptNote.machine))
            #expect(!html.contains("href=\"/items") && !html.contains("href=\"/memories"), "nothing else of the hub")
            for form in ["", "?form=original"] {
                let played = try await cousin.get("\(path)/recording\(form)")
                #expect(played.status == .ok && played.headers.contentType?.type == "audio")
            }
            // and nothing else opens for them
            #expect(try await cousin.get("/storytellers/\(mum.id)").status != .ok)
            #expect(try await app.api(.GET, "/api/storytellers/\(mum.id)/answers").status == .unauthorized)
            // and a made-up key is the calm "does not work" page, not JSON
            let madeUp = try await cousin.get("/hear/made-up-key")
            #expect(madeUp.status == .notFound && madeUp.body.string.contains("This link does not work"))

            // when the owner lists the book's links and withdraws it
            let listed = try await app.api(.GET, "/api/storytellers/\(mum.id)/book/links", token: owner.token)
                .decoded(Components.Schemas.StoryBookLinkList.self).links
            #expect(listed.count == 1 && listed.first?.withdrawnAt == nil)
            let bookPage = WebSession(app: app)
            _ = try await bookPage.post("/login", ["email": owner.email, "password": owner.password])
            let shown = try await bookPage.get("/storytellers/\(mum.id)/book").body.string
            #expect(shown.contains("Withdraw this code"), "\(shown)")
            let linkID = try #require(listed.first?.id)
            let withdrawn = try await bookPage.post(
                "/storytellers/\(mum.id)/book/links/\(linkID)/withdraw", [:])
            #expect(withdrawn.status == .seeOther)

            // then the code opens a kind page saying so, and plays nothing
            let gone = try await cousin.get(path)
            #expect(gone.status == .gone)
            #expect(gone.body.string.contains("This link was withdrawn"), "\(gone.body.string)")
            #expect(try await cousin.get("\(path)/recording").status == .notFound)
            let after = try await app.api(.GET, "/api/storytellers/\(mum.id)/book/links", token: owner.token)
                .decoded(Components.Schemas.StoryBookLinkList.self).links
            #expect(after.first?.withdrawnAt != nil)
        }
    }

    @Test("failed guesses at book links are throttled per address, with a page that says so")
    func guessesThrottled() async throws {
        try await withApp { app in
            _ = try await app.setUpHub()
            let guesser = WebSession(app: app)
            var statuses: [HTTPStatus] = []
            for index in 0..<31 { statuses.append(try await guesser.get("/hear/guess-\(index)").status) }
            #expect(statuses.prefix(30).allSatisfy { $0 == .notFound })
            #expect(statuses.last == .tooManyRequests)
        }
    }

    @Test("a viewer cannot withdraw a link; another household's is not found")
    func guards() async throws {
        try await withApp { app in
            let owner = try await app.setUpHub()
            let mum = try await app.addStoryteller(owner)
            let session = try await app.answerSession(mum.id, owner: owner)
            let wav = try await SpokenFixtures.wav(SpokenFixtures.story)
            _ = try await app.sendParts(
                "/api/answer", token: session,
                parts: [.file("audio", fileName: "answer.wav", contentType: "audio/wav", wav)])
            _ = try await app.download("/api/storytellers/\(mum.id)/book.pdf", token: owner.token)
            let link = try #require(
                try await app.api(.GET, "/api/storytellers/\(mum.id)/book/links", token: owner.token)
                    .decoded(Components.Schemas.StoryBookLinkList.self).links.first)
            let viewer = try await app.addMember(role: "viewer", by: owner)
            let refused = try await app.api(
                .DELETE, "/api/storytellers/\(mum.id)/book/links/\(link.id)", token: viewer.token)
            #expect(refused.status == .forbidden)
            let stranger = try await MemoryAPITests.otherHouseholdToken(app)
            let hidden = try await app.api(
                .DELETE, "/api/storytellers/\(mum.id)/book/links/\(link.id)", token: stranger)
            #expect(hidden.status == .notFound)
            let madeUp = try await app.api(
                .DELETE, "/api/storytellers/\(mum.id)/book/links/\(UUID())", token: owner.token)
            #expect(madeUp.status == .notFound)
            let withdrawn = try await app.api(
                .DELETE, "/api/storytellers/\(mum.id)/book/links/\(link.id)", token: owner.token)
            #expect(withdrawn.status == .ok, "\(withdrawn.body.string)")
        }
    }
}
