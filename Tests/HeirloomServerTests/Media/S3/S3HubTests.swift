import Crypto
import Fluent
import Foundation
import HeirloomAPI
import NIOCore
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

/// A hub that keeps its media in an S3 service (scripts/with-s3.sh's, under `make test-s3`): where the files go,
/// a large upload sent on as it arrives, and the service failing under it.
@Suite("A hub on S3", .enabled(if: TestS3.isAvailable))
struct S3HubTests {
    @Test("An upload is an object of the bucket under the hub's prefix, and comes back whole and by Range")
    func uploadIsAnObject() async throws {
        try await withApp { app in
            let owner = try await app.setUpHub()
            let photo = try await MediaFixtures.data("photo.jpg")
            let upload = try await app.upload(photo, use: "photo", token: owner.token)
            #expect(upload.status == .created, "\(upload.body.string)")
            let media = try upload.decoded(Components.Schemas.MediaFile.self)

            #expect(app.hub.media.locations.configured.hasPrefix("s3://"))
            let sha256 = Self.hex(photo)
            let blobs = try app.hub.media.locations.open(app.hub.media.locations.configured)
            let stored = try #require(blobs as? S3Blobs)
            #expect(try await stored.client.head(BlobKey.path(sha256))?.size == Int64(photo.count))

            var range = HTTPHeaders()
            range.replaceOrAdd(name: .range, value: "bytes=10-19")
            let part = try await app.download(media.originalUrl, token: owner.token, headers: range)
            #expect(part.status == .partialContent)
            #expect(Data(part.body.readableBytesView) == photo[10...19])
            let whole = try await app.download(media.originalUrl, token: owner.token)
            #expect(Data(whole.body.readableBytesView) == photo)
            var headers = HTTPHeaders()
            headers.bearerAuthorization = BearerAuthorization(token: owner.token)
            try await app.server.start(address: .hostname("127.0.0.1", port: 0))
            let port = try #require(app.hubServerAddress?.port)
            let head = try await app.http.client.shared.execute(
                request: .init(url: "http://127.0.0.1:\(port)\(media.originalUrl)", method: .HEAD, headers: headers)
            ).get()
            #expect(head.status == .ok)
            #expect(head.headers.first(name: .contentLength) == String(photo.count))
            var cached = headers
            cached.replaceOrAdd(name: .ifNoneMatch, value: "\"\(sha256)\"")
            #expect(
                try await app.download(media.originalUrl, token: owner.token, headers: cached).status == .notModified)
        }
    }

    @Test("A large upload goes on to the bucket as it arrives; nothing staged or unfinished is left")
    func largeUploadIsStaged() async throws {
        try await withApp { app in
            let owner = try await app.setUpHub()
            var film = try await MediaFixtures.data("clip.mp4")
            film.append(contentsOf: TestS3.bytes(21 << 20))  // past two parts: staged, then copied into place
            let upload = try await app.upload(film, use: "video", fileName: "long.mp4", token: owner.token)
            #expect(upload.status == .created, "\(upload.body.string)")

            let stored = try #require(try app.hub.media.locations.open(app.hub.media.locations.configured) as? S3Blobs)
            #expect(try await MediaCheck.sha256(of: Self.hex(film), in: stored) == Self.hex(film))
            #expect(try await stored.client.abandonedUploads().isEmpty)
            var staged: [String] = []
            for try await object in stored.client.list(prefix: S3Staging.prefix) { staged.append(object.key) }
            #expect(staged.isEmpty)
        }
    }

    @Test("The service gone mid-upload: 503 in plain words, no row, what was stored before is kept")
    func serviceGoneMidUpload() async throws {
        let service = try #require(TestS3.settings).endpoint
        let proxy = try await LoopbackProxy.start(to: service.host ?? "127.0.0.1", port: service.port ?? 80)
        var options = TestOptions()
        options.extraEnvironment = ["HEIRLOOM_S3_ENDPOINT": "http://127.0.0.1:\(proxy.port)"]
        try await withApp(options) { app in
            // given a photo kept
            let owner = try await app.setUpHub()
            let photo = try await MediaFixtures.data("photo.jpg")
            #expect(try await app.upload(photo, use: "photo", token: owner.token).status == .created)
            let rows = try await MediaObject.query(on: app.db).count()

            var settings = try #require(TestS3.settings)
            let hubs = try #require(
                try app.hub.media.locations.open(app.hub.media.locations.configured) as? S3Blobs)
            settings.prefix = hubs.client.settings.prefix
            let direct = S3Client(settings: settings, httpClient: S3HTTP.client(app), logger: app.logger)

            // when the service goes away while a large film is being sent on (its multipart upload begun)
            var film = try await MediaFixtures.data("clip.mp4")
            film.append(contentsOf: TestS3.bytes(60 << 20))
            async let answer = app.upload(film, use: "video", fileName: "long.mp4", token: owner.token)
            let deadline = ContinuousClock.now + .seconds(20)
            while try await direct.abandonedUploads().isEmpty, ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(20))
            }
            await proxy.cut()
            let refused = try await answer

            // then the answer says so in plain words, nothing is recorded, and the photo is still in the bucket
            #expect(refused.status == .serviceUnavailable, "\(refused.body.string)")
            let error = try refused.apiError
            #expect(error.code == "media_store_unavailable")
            #expect(try await MediaObject.query(on: app.db).count() == rows)
            #expect(try await direct.head(BlobKey.path(Self.hex(photo)))?.size == Int64(photo.count))
            // and the collector, a day later, removes what the cut left in the bucket
            let left = try await S3Blobs(client: direct).sweepLeftovers(olderThan: Date().addingTimeInterval(86_400))
            #expect(try await direct.abandonedUploads().isEmpty, "\(left)")
        }
    }

    static func hex(_ data: Data) -> String {
        SHA256.hash(data: data).map { String(format: "%02x", $0) }.joined()
    }
}
