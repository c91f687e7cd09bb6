import Foundation
import HeirloomAPI
import HeirloomCore
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

/// Storytellers in the household export (storytellers.json), and back with `heirloom import`.
@Suite("Storyteller export and import")
struct StorytellerImportTests {
    @Test("Exported and imported into a fresh hub, a storyteller's questions and answers read the same")
    func roundTrip() async throws {
        var file: URL?
        var coming = ""
        var answers = ""
        var owner: Member?
        var mumID = ""
        try await withApp { app in
            // given Mum, who answered one question, with the family's next question waiting
            let ann = try await app.setUpHub()
            owner = ann
            let mum = try await app.addStoryteller(ann)
            mumID = mum.id
            let session = try await app.answerSession(mum.id, owner: ann)
            let answered = try await app.sendParts(
                "/api/answer", token: session, parts: [.text("text", "We lived above the bakery.")])
            #expect(answered.status == .created)
            _ = try await app.api(
                .POST, "/api/storytellers/\(mum.id)/questions", token: ann.token, json: ["text": "Who was Uncle Bob?"])
            coming = try await app.api(.GET, "/api/storytellers/\(mum.id)/questions", token: ann.token).body.string
            answers = try await app.api(.GET, "/api/storytellers/\(mum.id)/answers", token: ann.token).body.string
            file = try await app.exportToFile(ann.token)
        }
        let export = try #require(file)
        defer { try? FileManager.default.removeItem(at: export) }

        try await withApp { app in
            // when
            try await app.runCommand(ImportCommand(), ["heirloom", export.path])
            // then
            var ann = try #require(owner)
            ann.token = try await app.signInAfterImport(email: ann.email)
            let read = try await app.api(.GET, "/api/storytellers/\(mumID)", token: ann.token)
            #expect(read.status == .ok)
            #expect(
                try await app.api(.GET, "/api/storytellers/\(mumID)/answers", token: ann.token).body.string == answers)
            let after = try await app.api(.GET, "/api/storytellers/\(mumID)/questions", token: ann.token).body.string
            #expect(after == coming)
        }
    }
}
