import Foundation
import HeirloomAPI
import HeirloomClient
import OpenAPIAsyncHTTPClient
import OpenAPIRuntime
import Testing
import Vapor

@testable import HeirloomServer

@Suite("Storytellers through the generated Swift client")
struct StorytellerClientTests {
    @Test("a storyteller, a family question sent now, answered by the storyteller's own client")
    func clientRoundTrip() async throws {
        try await withApp { app in
            // given a hub listening on loopback and a signed-in client
            let owner = try await app.setUpHub()
            try await app.server.start(address: .hostname("127.0.0.1", port: 0))
            let port = try #require(app.hubServerAddress?.port)
            let url = try #require(URL(string: "http://127.0.0.1:\(port)"))
            let client = HeirloomClient.make(serverURL: url, token: owner.token, transport: AsyncHTTPClientTransport())

            // when the family makes Mum a storyteller and asks her a question at once
            let mum = try await client.createStoryteller(
                body: .json(.init(name: "Mum", email: "mum@example.com", weekday: 1, hour: 9))
            ).created.body.json
            let asked = try await client.addStoryQuestion(
                path: .init(id: mum.id), body: .json(.init(text: "What was your first car?"))
            ).created.body.json
            let coming = try await client.listStoryQuestions(path: .init(id: mum.id)).ok.body.json.questions
            let sent = try await client.sendStoryQuestionNow(path: .init(id: mum.id)).created.body.json
            let bad = try await client.createStoryteller(
                body: .json(.init(name: "Dad", email: "dad@example.com", weekday: 9, hour: 9)))

            // then
            #expect(mum.weekday == 1 && mum.hour == 9 && mum.active)
            #expect(coming.first?.id == asked.id && coming.first?.source == .family)
            #expect(sent.id == asked.id && sent.askedAt != nil)
            #expect(try bad.unprocessableContent.body.json.error.field == "weekday")

            // when Mum opens her link in her own client and answers in writing
            let link = try await app.linkToken(for: "mum@example.com")
            let anonymous = HeirloomClient.make(serverURL: url, token: nil, transport: AsyncHTTPClientTransport())
            let session = try await anonymous.startAnswerSession(body: .json(.init(token: link))).ok.body.json.token
            let storyteller = HeirloomClient.make(serverURL: url, token: session, transport: AsyncHTTPClientTransport())
            let question = try await storyteller.getAnswerQuestion().ok.body.json
            let answer = try await storyteller.postAnswer(
                body: .multipartForm([.text(.init(payload: .init(body: "A blue Morris Minor.")))])
            ).created.body.json
            let again = try await storyteller.getAnswerQuestion()

            // then
            #expect(question.question == "What was your first car?" && question.storyteller == "Mum")
            #expect(answer.questionId == asked.id && answer.kind == .text && answer.memoryId != nil)
            #expect(try again.gone.body.json.error.code == "gone")
            let answers = try await client.listStoryAnswers(path: .init(id: mum.id)).ok.body.json.answers
            #expect(answers.map(\.questionId) == [asked.id])
            await app.server.shutdown()
        }
    }
}
