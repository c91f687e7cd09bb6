import Fluent
import Foundation
import HeirloomAPI
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

@Suite("Media: every kind goes in and comes out right")
struct MediaIngestTests {
    @Test("a JPEG is turned upright, sized, stripped of metadata, and kept untouched")
    func jpeg() async throws {
        try await withApp { app in
            let owner = try await app.setUpHub()
            let original = try await MediaFixtures.data("rotated.jpg")
            // when
            let response = try await app.upload(
                original, use: "photo", fileName: "Grandma's ring.jpg", token: owner.token)
            // then
            #expect(response.status == .created, "\(response.body.string)")
            let media = try response.decoded(Components.Schemas.MediaFile.self)
            #expect(media.kind == .image && media.format == "jpeg")
            #expect(media.width == 600 && media.height == 800)
            #expect(media.fileName == "Grandma's ring.jpg")
            let taken = try #require(media.takenAt)
            #expect(
                Calendar(identifier: .gregorian).dateComponents(in: TimeZone(identifier: "UTC")!, from: taken).year
                    == 2019)

            let kept = try await app.download(media.originalUrl, token: owner.token)
            #expect(Data(kept.body.readableBytesView) == original)
            #expect(kept.headers.first(name: .cacheControl)?.contains("private") == true)
            #expect(kept.headers.first(name: "X-Content-Type-Options") == "nosniff")
            #expect(kept.headers.first(name: .eTag) != nil)
            #expect(kept.headers.first(name: .contentDisposition)?.contains("Grandma") == true)

            let display = try await app.download(try #require(media.displayUrl), token: owner.token)
            #expect(display.headers.contentType == HTTPMediaType(type: "image", subType: "jpeg"))
            let displayBytes = Data(display.body.readableBytesView)
            #expect(displayBytes.range(of: Data("Exif".utf8)) == nil)
            let info = try await app.hub.media.images.probe(try write(displayBytes))
            #expect(info.width == 600 && info.height == 800)

            let thumbnail = try await app.download(try #require(media.thumbnailUrl), token: owner.token)
            let small = try await app.hub.media.images.probe(try write(Data(thumbnail.body.readableBytesView)))
            #expect(max(small.width, small.height) == 320)
        }
    }

    @Test("PNG, WebP, GIF and HEIC are read too", arguments: ["photo.png", "photo.webp", "photo.gif", "photo.heic"])
    func otherImages(_ name: String) async throws {
        try await withApp { app in
            let owner = try await app.setUpHub()
            let response = try await app.upload(
                try await MediaFixtures.data(name), use: "photo", fileName: name, token: owner.token)
            #expect(response.status == .created, "\(response.body.string)")
            let media = try response.decoded(Components.Schemas.MediaFile.self)
            #expect(media.kind == .image)
            #expect((media.width ?? 0) > 0 && (media.height ?? 0) > 0)
            let thumbnail = try await app.download(try #require(media.thumbnailUrl), token: owner.token)
            #expect(thumbnail.status == .ok)
            #expect(thumbnail.body.readableBytes > 100)
        }
    }

    @Test(
        "recordings get a duration, a waveform and something every phone plays",
        arguments: [
            ("story.wav", "wav"), ("story.webm", "webm"), ("story.mp3", "mp3"), ("story.m4a", "m4a"),
            ("story.ogg", "ogg"),
        ]
    )
    func audio(_ name: String, format: String) async throws {
        try await withApp { app in
            let owner = try await app.setUpHub()
            let original = try await MediaFixtures.data(name)
            let response = try await app.upload(original, use: "audio", fileName: name, token: owner.token)
            #expect(response.status == .created, "\(response.body.string)")
            let media = try response.decoded(Components.Schemas.MediaFile.self)
            #expect(media.kind == .audio && media.format == format)
            #expect((media.durationSeconds ?? 0) > 1.5)
            let waveform = try #require(media.waveform)
            #expect(waveform.count > 150 && waveform.count <= 200)
            #expect(waveform.allSatisfy { $0 >= 0 && $0 <= 1 } && (waveform.max() ?? 0) > 0.1)

            let play = try await app.download(try #require(media.playUrl), token: owner.token)
            #expect(play.headers.contentType == HTTPMediaType(type: "audio", subType: "mp4"))
            if format == "m4a" {
                #expect(Data(play.body.readableBytesView) == original)
            } else {
                #expect(Data(play.body.readableBytesView) != original)
                #expect(play.body.readableBytes > 1000)
            }
            // the original stays downloadable
            #expect(
                Data(try await app.download(media.originalUrl, token: owner.token).body.readableBytesView) == original)

            // and players can ask for a part
            var range = HTTPHeaders()
            range.add(name: .range, value: "bytes=0-99")
            let part = try await app.download(try #require(media.playUrl), token: owner.token, headers: range)
            #expect(part.status == .partialContent)
            #expect(part.body.readableBytes == 100)
        }
    }

    @Test("films get a duration, their size and a poster", arguments: ["clip.mp4", "clip.mov"])
    func video(_ name: String) async throws {
        try await withApp { app in
            let owner = try await app.setUpHub()
            let response = try await app.upload(
                try await MediaFixtures.data(name), use: "video", fileName: name, token: owner.token)
            #expect(response.status == .created, "\(response.body.string)")
            let media = try response.decoded(Components.Schemas.MediaFile.self)
            #expect(media.kind == .video)
            #expect(media.width == (name == "clip.mp4" ? 640 : 480))
            #expect((media.durationSeconds ?? 0) >= 0.9)
            let poster = try await app.download(try #require(media.displayUrl), token: owner.token)
            #expect(poster.headers.contentType == HTTPMediaType(type: "image", subType: "jpeg"))
            var range = HTTPHeaders()
            range.add(name: .range, value: "bytes=10-19")
            let part = try await app.download(try #require(media.playUrl), token: owner.token, headers: range)
            #expect(part.status == .partialContent)
        }
    }

    @Test("a PDF gets its page count and a picture of page one; it is offered under its own name")
    func pdf() async throws {
        try await withApp { app in
            let owner = try await app.setUpHub()
            let response = try await app.upload(
                try await MediaFixtures.data("letter.pdf"), use: "document", fileName: "Appraisal 2021.pdf",
                token: owner.token)
            #expect(response.status == .created, "\(response.body.string)")
            let media = try response.decoded(Components.Schemas.MediaFile.self)
            #expect(media.kind == .document && media.pageCount == 2)
            #expect(try await app.download(try #require(media.thumbnailUrl), token: owner.token).status == .ok)
            let file = try await app.download(media.originalUrl + "?download=true", token: owner.token)
            #expect(file.headers.contentType == HTTPMediaType(type: "application", subType: "pdf"))
            #expect(
                file.headers.first(name: .contentDisposition)?.hasPrefix("attachment; filename=\"Appraisal 2021.pdf\"")
                    == true)
        }
    }
}

/// Writes bytes to a temporary file (to probe what the hub served).
func write(_ data: Data) throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("served-\(UUID().uuidString)")
    try data.write(to: url)
    return url
}
