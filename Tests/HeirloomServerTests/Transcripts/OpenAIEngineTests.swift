import Fluent
import Foundation
import HeirloomAPI
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

@Suite("Transcripts by an OpenAI-compatible server")
struct OpenAIEngineTests {
    @Test("a story is typed out by the server, once for the same bytes told twice, with its timed phrases")
    func typedOutOnce() async throws {
        let server = try STTServer()
        defer { server.stop() }
        var options = TestOptions()
        options.extraEnvironment["HEIRLOOM_STT_PROVIDER"] = "openai"
        options.extraEnvironment["HEIRLOOM_STT_BASE_URL"] = server.baseURL
        try await withApp(options) { app in
            // given the same spoken story told for two items
            let ann = try await app.setUpHub()
            let clock = try await app.item(named: "The clock", by: ann)
            let piano = try await app.item(named: "The piano", by: ann)
            let audio = try await SpokenFixtures.wav(SpokenFixtures.story)
            _ = try await app.tell(clock, audio, by: ann)
            _ = try await app.tell(piano, audio, by: ann)

            // when the jobs run: each story has its own transcript, the second copied from the first
            #expect(try await app.transcriptJobs().runOnce() == 2)

            // then the server heard it once, and both stories read its words
            #expect(server.requests == 1)
            let item = try await app.api(.GET, "/api/items/\(piano)", token: ann.token)
                .decoded(Components.Schemas.Item.self)
            let transcript = try #require(item.audioStories.first?.transcript)
            #expect(transcript.state == .done && transcript.engine == "openai:whisper-1")
            #expect(SpokenFixtures.recall(SpokenFixtures.storyWords, in: transcript.text) >= 0.7, "\(transcript.text)")
            #expect(!transcript.segments.isEmpty && transcript.segments.allSatisfy { $0.start < $0.end })
            let found = try await app.api(.GET, "/api/items?q=sunday", token: ann.token)
                .decoded(Components.Schemas.ItemPage.self)
            #expect(Set(found.items.map(\.id)) == [clock, piano])
        }
    }
}
