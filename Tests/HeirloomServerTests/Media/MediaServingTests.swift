import Foundation
import HeirloomAPI
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

@Suite("Serving media: ranges, caching of private recordings, long addresses, face limits")
struct MediaServingTests {
    @Test("a locked journal recording is never kept in the browser's cache")
    func journalAudioNoStore() async throws {
        try await withApp { app in
            // given a voice card in the Private drawer
            let ann = try await app.setUpHub()
            let privateID = try #require(try await app.journalDrawers(ann)["Private"])
            try await app.unlockJournal(ann)
            let created = try await app.voiceCard(
                ann, parts: [("drawerId", privateID)], file: try await MediaFixtures.data("story.m4a"))
            let card = try created.decoded(Components.Schemas.JournalCard.self)
            let mediaID = try #require(try await JournalCard.find(UUID(uuidString: card.id), on: app.db)?.mediaID)

            // when its recording is played, by its own address or the media address
            for path in ["/api/journal/cards/\(card.id)/audio", "/api/media/\(mediaID)/play"] {
                let audio = try await app.download(path, token: ann.token)
                #expect(audio.status == .ok)
                // then the browser is told not to store it
                #expect(audio.headers.first(name: .cacheControl) == "no-store", "\(path)")
            }
        }
    }

    @Test("ranges: a zero-length suffix and unsatisfiable ranges answer 416 with the size; a bad one the whole file")
    func rangeEdges() async throws {
        try await withApp { app in
            // given a photo of a known size
            let owner = try await app.setUpHub()
            let data = try await MediaFixtures.data("photo.png")
            let media = try await app.upload(data, use: "photo", token: owner.token).decoded(
                Components.Schemas.MediaFile.self)
            let path = "/api/media/\(media.id)/original"
            let size = data.count

            for range in ["bytes=-0", "bytes=\(size)-", "bytes=\(size + 10)-\(size + 20)"] {
                let response = try await app.download(path, token: owner.token, headers: ["Range": range])
                #expect(response.status == .rangeNotSatisfiable, "\(range): \(response.status)")
                #expect(response.headers.first(name: .contentRange) == "bytes */\(size)", "\(range)")
            }
            // a range that runs past the end is cut to the end
            let tail = try await app.download(path, token: owner.token, headers: ["Range": "bytes=\(size - 10)-"])
            #expect(tail.status == .partialContent)
            #expect(tail.body.readableBytes == 10)
            #expect(tail.headers.first(name: .contentRange) == "bytes \(size - 10)-\(size - 1)/\(size)")
            // a header that is not a byte range at all is ignored
            let odd = try await app.download(path, token: owner.token, headers: ["Range": "pages=1-2"])
            #expect(odd.status == .ok)
            #expect(odd.body.readableBytes == size)
        }
    }

    @Test("a path segment of hundreds of characters is a 404, on pages and under /api")
    func longPathSegment() async throws {
        try await withApp { app in
            let long = String(repeating: "a", count: 600)
            let page = try await app.testing().sendRequest(.GET, "/\(long)")
            #expect(page.status == .notFound)
            let nested = try await app.testing().sendRequest(.GET, "/css/\(long).css")
            #expect(nested.status == .notFound)
            let api = try await app.testing().sendRequest(.GET, "/api/\(long)")
            #expect(api.status == .notFound)
            #expect(try api.apiError.code == "not_found")
        }
    }

    @Test("more than the documented 500 face tags are refused")
    func tooManyFaces() async throws {
        try await withApp { app in
            let owner = try await app.setUpHub()
            let memory = try await MemoryAPITests.photoMemory(app, token: owner.token)
            let face: [String: any Sendable] = ["photoIndex": 0, "x": 0.1, "y": 0.1, "width": 0.2, "height": 0.2]
            let body = String(
                decoding: try JSONSerialization.data(withJSONObject: Array(repeating: face, count: 501)), as: UTF8.self)
            let response = try await app.api(
                .PUT, "/api/memories/\(memory.id)/faces", token: owner.token, rawBody: body)
            #expect(response.status == .unprocessableEntity, "\(response.status)")
            #expect(try response.apiError.field == "faces")
            let fine = String(
                decoding: try JSONSerialization.data(withJSONObject: Array(repeating: face, count: 500)), as: UTF8.self)
            let accepted = try await app.api(
                .PUT, "/api/memories/\(memory.id)/faces", token: owner.token, rawBody: fine)
            #expect(accepted.status == .ok)
        }
    }
}
