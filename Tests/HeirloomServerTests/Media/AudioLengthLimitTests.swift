import Foundation
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

@Suite("Audio that claims far more time than its bytes can hold")
struct AudioLengthLimitTests {
    @Test("half an hour of near-silence in 470 KB is refused from ffprobe's answer, before any transcoding")
    func silentBomb() async throws {
        try await withApp { app in
            // given a valid Ogg Opus file of about 260 bytes a second
            let owner = try await app.setUpHub()
            let bomb = try await MediaFixtures.data("silence-half-hour.ogg")
            #expect(bomb.count < 600_000)

            // when it is uploaded as a recording
            let response = try await app.upload(bomb, use: "audio", token: owner.token)

            // then it is refused by the size-for-its-length check on ffprobe's answer (no timing here: how fast
            // is a benchmark's business), and nothing is kept
            #expect(response.status == .unprocessableEntity, "\(response.status) \(response.body.string)")
            #expect(try response.apiError.field == "file")
            #expect(try response.apiError.message.contains("far too small"))
            #expect(try await app.mediaCount() == 0)
            #expect(try await app.hub.media.store.allBlobs().isEmpty)
        }
    }

    @Test("a recording longer than HEIRLOOM_MAX_AUDIO_MINUTES is refused, naming the limit")
    func tooLong() async throws {
        var options = TestOptions()
        options.extraEnvironment["HEIRLOOM_MAX_AUDIO_MINUTES"] = "1"
        try await withApp(options) { app in
            let owner = try await app.setUpHub()
            let response = try await app.upload(
                try await MediaFixtures.data("two-minutes.ogg"), use: "audio", token: owner.token)
            #expect(response.status == .unprocessableEntity, "\(response.status) \(response.body.string)")
            #expect(try response.apiError.message.contains("1 minute"))
            #expect(try await app.mediaCount() == 0)
            // a short one is still fine
            let short = try await app.upload(
                try await MediaFixtures.data("story.ogg"), use: "audio", token: owner.token)
            #expect(short.status == .created)
        }
    }
}
