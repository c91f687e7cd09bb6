import Fluent
import Foundation
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

/// The app's newer builds retry a recording's summary once, with the same X-Request-ID and body, after a 502 or
/// their 35-second time-out: the hub hears each recording once.
@Suite("Legacy Treasure Chest recording summaries: retries")
struct TreasureChestSummaryRetryTests {
    typealias App = TreasureChestApp

    static let words = "This clock was a wedding present from my grandmother in 1931."
    static let summary = #"{"summaryText":"Owner notes that the clock was a 1931 wedding present."}"#

    static func request(_ itemName: String = "Mantel clock") -> App.AudioRequest {
        App.AudioRequest(
            audioBase64: Data(repeating: 7, count: 4096).base64EncodedString(), mimeType: "audio/mp4",
            itemName: itemName, additionalContext: nil)
    }

    static func transcriptions(_ fake: FakeAIProvider) -> Int {
        fake.requests.filter { $0.path == "/v1/audio/transcriptions" }.count
    }

    @Test("a retry that arrives while the first call is being heard joins it: one transcription, one summary")
    func retryJoinsTheFirstCall() async throws {
        try await withGateway(
            "openai", [.init(body: Wire.json(["text": Self.words]), delay: 1.5), Wire.openAI(Self.summary)],
            speechToText: true
        ) { app, fake in
            let owner = try await app.setUpHub()
            let device = try await TreasureChestGatewayTests.approvedDevice(app, owner: owner)
            let requestID = UUID().uuidString
            async let first = App.post(app, "/ai/summarize-audio", Self.request(), device: device, requestID: requestID)
            async let retry = App.post(app, "/ai/summarize-audio", Self.request(), device: device, requestID: requestID)
            for response in try await [first, retry] {
                #expect(response.status == .ok, "\(response.body.string)")
                #expect(try App.decode(App.AudioSummary.self, response).summaryText.contains("1931 wedding present"))
            }
            #expect(Self.transcriptions(fake) == 1)
            #expect(fake.requests.filter { $0.path == "/v1/chat/completions" }.count == 1)
            #expect(try await AudioSummary.query(on: app.db).count() == 1)
        }
    }

    @Test("after a failed summary the retry is summarised again from the words already heard")
    func retryAfterAFailureIsNotHeardAgain() async throws {
        try await withGateway(
            "openai",
            [.init(body: Wire.json(["text": Self.words])), .init(status: .badRequest, body: #"{"error":"no"}"#)],
            speechToText: true
        ) { app, fake in
            let owner = try await app.setUpHub()
            let device = try await TreasureChestGatewayTests.approvedDevice(app, owner: owner)
            let requestID = UUID().uuidString
            let failed = try await App.post(
                app, "/ai/summarize-audio", Self.request(), device: device, requestID: requestID)
            #expect(failed.status.code >= 500, "\(failed.body.string)")
            fake.answer([Wire.openAI(Self.summary)])
            let retried = try await App.post(
                app, "/ai/summarize-audio", Self.request(), device: device, requestID: requestID)
            #expect(retried.status == .ok, "\(retried.body.string)")
            #expect(Self.transcriptions(fake) == 1)
            // A third call, days later in the app but the same recording, is answered without asking anyone.
            let asked = fake.requests.count
            let again = try await App.post(app, "/ai/summarize-audio", Self.request(), device: device)
            #expect(again.status == .ok)
            #expect(fake.requests.count == asked)
            // Another item's name makes another summary, of a recording heard again.
            fake.answer([.init(body: Wire.json(["text": Self.words])), Wire.openAI(Self.summary)])
            #expect(
                try await App.post(app, "/ai/summarize-audio", Self.request("Tea set"), device: device).status == .ok)
            #expect(Self.transcriptions(fake) == 2)
        }
    }

    @Test("with no speech-to-text server the offline engine hears the recording; sound it cannot read is a 422")
    func offlineEngine() async throws {
        try await withGateway(nil) { app, _ in
            let owner = try await app.setUpHub()
            let device = try await TreasureChestGatewayTests.approvedDevice(app, owner: owner)
            let spoken = try await SpokenFixtures.wav(SpokenFixtures.story)
            let request = App.AudioRequest(
                audioBase64: spoken.base64EncodedString(), mimeType: "audio/wav", itemName: "Clock",
                additionalContext: nil)
            let response = try await App.post(app, "/ai/summarize-audio", request, device: device)
            #expect(response.status == .ok, "\(response.body.string)")
            let summary = try App.decode(App.AudioSummary.self, response).summaryText
            #expect(SpokenFixtures.recall(SpokenFixtures.storyWords, in: summary) >= 0.5, "\(summary)")
            let noise = try await App.post(app, "/ai/summarize-audio", Self.request(), device: device)
            #expect(noise.status == .unprocessableEntity, "\(noise.body.string)")
            #expect(try noise.apiError.code == "invalid_field")
            // A refused recording is not remembered as at work: sent again, it is heard again.
            #expect(try await AudioSummary.query(on: app.db).filter(\.$claimedAt != nil).count() == 0)
        }
    }
}
