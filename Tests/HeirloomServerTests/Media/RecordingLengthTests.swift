import Foundation
import HeirloomAPI
import SQLKit
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

@Suite("A browser's recording, whose WebM header says nothing of its length")
struct RecordingLengthTests {
    @Test("a story recorded in the browser shows its real length, and a waveform of all of it")
    func browserRecording() async throws {
        try await withApp { app in
            // given a WebM as Chrome's recorder writes it: 1.5 s of sound, 1.5 s of silence, no duration in its header
            let owner = try await app.setUpHub()
            let item = try await app.api(.POST, "/api/items", token: owner.token, json: ["name": "Mantel clock"])
                .decoded(Components.Schemas.Item.self)
            // when it is added as the item's story
            let response = try await app.multipart(
                "/api/items/\(item.id)/audio", token: owner.token,
                files: [("file", "recording.webm", try await MediaFixtures.data("browser.webm"))])
            // then it lasts three seconds, and its waveform is loud for the first half and quiet for the second
            #expect(response.status == .created, "\(response.body.string)")
            let story = try response.decoded(Components.Schemas.AudioStory.self)
            Self.expectThreeSecondsHalfSilent(duration: story.durationSeconds, waveform: story.waveform)
        }
    }

    @Test("a streamed recording cut off at the length limit is refused, naming the limit")
    func browserRecordingTooLong() async throws {
        var options = TestOptions()
        options.extraEnvironment["HEIRLOOM_MAX_AUDIO_MINUTES"] = "1"
        try await withApp(options) { app in
            let owner = try await app.setUpHub()
            let long = try await ExternalTool.run(
                "ffmpeg",
                [
                    "-v", "error", "-f", "lavfi", "-i", "sine=duration=75", "-c:a", "libopus", "-b:a", "16k", "-f",
                    "webm", "pipe:1",
                ], timeout: 120)
            let response = try await app.upload(long.output, use: "audio", token: owner.token)
            #expect(response.status == .unprocessableEntity, "\(response.status) \(response.body.string)")
            #expect(try response.apiError.message.contains("1 minute"))
            #expect(try await app.mediaCount() == 0)
        }
    }

    @Test("recordings stored as lasting 0:00 are mended once by the background pass; undecodable ones are left")
    func storedRecordingsAreMended() async throws {
        try await withApp { app in
            // given a browser recording kept as an older hub kept it: 0 seconds, the waveform of its first instant
            let owner = try await app.setUpHub()
            let upload = try await app.upload(
                try await MediaFixtures.data("browser.webm"), use: "audio", token: owner.token)
            #expect(upload.status == .created)
            let id = try #require(try await MediaObject.query(on: app.db).first()?.id)
            try await (app.db as! any SQLDatabase).update(MediaObject.schema)
                .set("duration_seconds", to: 0).set("waveform", to: "[0.1,0.1]").run()
            // when the pass runs
            let mending = RecordingLengths(db: app.db, pipeline: app.hub.media)
            #expect(try await mending.runOnce() == 1)
            // then it has its real length and waveform, and the next pass finds nothing to do
            let mended = try #require(try await MediaObject.find(id, on: app.db))
            Self.expectThreeSecondsHalfSilent(duration: mended.durationSeconds ?? 0, waveform: mended.waveform ?? [])
            #expect(try await mending.runOnce() == 0)

            // and a recording whose bytes no longer decode is marked, not tried at every pass
            let store = app.hub.media.store
            let file = store.temporaryFile(".webm")
            try Data(repeating: 7, count: 4096).write(to: file)
            let garbage = try MediaPipeline.sha256(of: file)
            try await store.adopt(file, sha256: garbage)
            try await (app.db as! any SQLDatabase).update(MediaObject.schema)
                .set("duration_seconds", to: 0).set("waveform", to: SQLLiteral.null).set("sha256", to: garbage).run()
            #expect(try await mending.runOnce() == 1)
            #expect(try await MediaObject.find(id, on: app.db)?.waveformJSON == RecordingLengths.unreadable)
            #expect(try await mending.runOnce() == 0)
        }
    }

    private static func expectThreeSecondsHalfSilent(duration: Double, waveform: [Double]) {
        #expect(abs(duration - 3) < 0.15, "duration \(duration)")
        #expect(waveform.count == 200)
        #expect(waveform.prefix(90).allSatisfy { $0 > 0.05 }, "\(waveform)")
        #expect(waveform.suffix(80).allSatisfy { $0 < 0.02 }, "\(waveform)")
    }
}
