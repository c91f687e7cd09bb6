import Fluent
import Foundation
import HeirloomAPI
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

@Suite("Media: bad files are refused and nothing is lost or left behind")
struct MediaSafetyTests {
    @Test("empty, truncated, disguised and scriptable files get their own 4xx and leave nothing")
    func badFiles() async throws {
        try await withApp { app in
            let owner = try await app.setUpHub()
            let jpeg = try await MediaFixtures.data("photo.jpg")
            let cases: [(String, Data, String, HTTPStatus, String)] = [
                ("empty", Data(), "photo", .unprocessableEntity, "empty"),
                ("truncated JPEG", jpeg.prefix(jpeg.count / 3), "photo", .unprocessableEntity, "damaged"),
                (
                    "text named .jpg", Data("hello, this is not a picture at all, really not".utf8), "photo",
                    .unsupportedMediaType, "JPEG"
                ),
                (
                    "SVG", Data(#"<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>"#.utf8),
                    "photo", .unsupportedMediaType, "HEIC"
                ),
                (
                    "HTML", Data("<!doctype html><html><script>alert(1)</script></html>".utf8), "document",
                    .unsupportedMediaType, "PDF"
                ),
                ("photo as audio", jpeg, "audio", .unsupportedMediaType, "M4A"),
                (
                    "broken PDF", Data("%PDF-1.4\nthis is not really a pdf".utf8), "document", .unprocessableEntity,
                    "damaged"
                ),
            ]
            for (label, data, use, status, words) in cases {
                let response = try await app.upload(data, use: use, fileName: "photo.jpg", token: owner.token)
                #expect(response.status == status, "\(label): \(response.body.string)")
                let message = try response.apiError.message
                #expect(message.contains(words), "\(label): \(message)")
            }
            #expect(try await MediaObject.query(on: app.db).count() == 0)
            #expect(try await app.hub.media.store.allBlobs().isEmpty)
            #expect(
                try FileManager.default.contentsOfDirectory(atPath: app.hub.media.store.temporaryDirectory.path)
                    .isEmpty)
        }
    }

    @Test("a picture of more than 100 megapixels is refused")
    func decompressionBomb() async throws {
        try await withApp { app in
            let owner = try await app.setUpHub()
            let bomb = try await MediaFixtures.data("bomb.png")
            #expect(bomb.count < 5_000_000)
            let response = try await app.upload(bomb, use: "photo", token: owner.token)
            #expect(response.status == .unprocessableEntity)
            #expect(try response.apiError.message.contains("100 megapixels"))
        }
    }

    @Test("a file over the limit is 413 naming the limit")
    func tooLarge() async throws {
        var options = TestOptions()
        options.extraEnvironment["HEIRLOOM_MAX_IMAGE_MB"] = "1"
        try await withApp(options) { app in
            let owner = try await app.setUpHub()
            var big = try await MediaFixtures.data("photo.jpg")
            big.append(Data(count: 1_100_000))
            let response = try await app.upload(big, use: "photo", token: owner.token)
            #expect(response.status == .payloadTooLarge)
            #expect(try response.apiError.message.contains("1 MB"))
            #expect(try await app.hub.media.store.allBlobs().isEmpty)
        }
    }

    @Test("the same content uploaded at once is stored once, and freed when the last one goes")
    func deduplication() async throws {
        try await withApp { app in
            let owner = try await app.setUpHub()
            let data = try await MediaFixtures.data("photo.png")
            let ids = try await withThrowingTaskGroup(of: String.self) { group in
                for _ in 0..<4 {
                    group.addTask {
                        try await app.upload(data, use: "photo", token: owner.token).decoded(
                            Components.Schemas.MediaFile.self
                        ).id
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(Set(ids).count == 4)
            // original, display and thumbnail: three blobs for four uploads
            #expect(try await app.hub.media.store.allBlobs().count == 3)
            for id in ids.dropLast() {
                #expect(try await app.api(.DELETE, "/api/media/\(id)", token: owner.token).status == .noContent)
                #expect(try await app.hub.media.store.allBlobs().count == 3)
            }
            #expect(try await app.api(.DELETE, "/api/media/\(ids[3])", token: owner.token).status == .noContent)
            #expect(try await app.hub.media.store.allBlobs().isEmpty)
        }
    }

    @Test("an upload cut off midway leaves no file and no row")
    func interruptedUpload() async throws {
        try await withApp { app in
            let owner = try await app.setUpHub()
            let user = try #require(try await User.query(on: app.db).first())
            let chunks = AsyncThrowingStream<[UInt8], any Error> { continuation in
                continuation.yield([0xFF, 0xD8, 0xFF] + Array(repeating: 0x00, count: 100_000))
                continuation.finish(throwing: TestFailure("the connection dropped"))
            }
            await #expect(throws: TestFailure.self) {
                _ = try await MediaService(db: app.db, pipeline: app.hub.media).ingest(
                    chunks,
                    fileName: "half.jpg",
                    use: .photo,
                    origin: .init(householdID: user.$household.id, uploaderID: user.id)
                )
            }
            _ = owner
            #expect(try await MediaObject.query(on: app.db).count() == 0)
            #expect(try await app.hub.media.store.allBlobs().isEmpty)
            #expect(
                try FileManager.default.contentsOfDirectory(atPath: app.hub.media.store.temporaryDirectory.path)
                    .isEmpty)
        }
    }

    @Test("media gc removes what a crash left behind and says how much it freed")
    func garbageCollection() async throws {
        let clock = TestClock()
        try await withApp(clock: clock) { app in
            let owner = try await app.setUpHub()
            let kept = try await app.upload(try await MediaFixtures.data("photo.png"), use: "photo", token: owner.token)
            #expect(kept.status == .created)
            let store = app.hub.media.store
            // given what a crash leaves: a blob without a row, and a half-written temporary file
            let orphan = String(repeating: "ab", count: 32)
            let leftover = store.temporaryFile()
            try Data(count: 5000).write(to: leftover)
            try await store.adopt(leftover, sha256: orphan)
            try Data(count: 700).write(to: store.temporaryFile())
            // when an hour has passed
            clock.advance(by: 3600)
            let report = try await MediaGarbageCollector(
                db: app.db, pipeline: app.hub.media, now: Date().addingTimeInterval(3600)
            ).run()
            // then only the leftovers are gone
            #expect(report.removed.count == 2)
            #expect(report.bytesFreed == 5700)
            #expect(try await !store.contains(orphan))
            #expect(try await store.allBlobs().count == 3)
            let media = try kept.decoded(Components.Schemas.MediaFile.self)
            #expect(try await app.download(media.originalUrl, token: owner.token).status == .ok)
        }
    }

    @Test("uploads are private to their uploader until attached; other households see nothing; viewers cannot upload")
    func access() async throws {
        var options = TestOptions()
        options.allowSignup = true
        try await withApp(options) { app in
            let owner = try await app.setUpHub()
            let editor = try await app.addMember(role: "editor", by: owner)
            let viewer = try await app.addMember(role: "viewer", by: owner, name: "Vic", email: "vic@example.com")
            let upload = try await app.upload(
                try await MediaFixtures.data("photo.png"), use: "photo", token: owner.token)
            let media = try upload.decoded(Components.Schemas.MediaFile.self)

            #expect(try await app.download(media.originalUrl, token: editor.token).status == .notFound)
            #expect(try await app.api(.GET, "/api/media/\(media.id)", token: editor.token).status == .notFound)
            let stranger = try await app.api(
                .POST,
                "/api/auth/register",
                json: [
                    "householdName": "Others", "name": "Sam", "email": "sam@example.com",
                    "password": "sam's long password",
                ]
            ).decoded(Components.Schemas.AuthResponse.self)
            #expect(try await app.download(media.originalUrl, token: stranger.token).status == .notFound)
            #expect(try await app.download(media.originalUrl, token: "nonsense").status == .unauthorized)

            let refused = try await app.upload(
                try await MediaFixtures.data("photo.png"), use: "photo", token: viewer.token)
            #expect(refused.status == .forbidden)
        }
    }
}
