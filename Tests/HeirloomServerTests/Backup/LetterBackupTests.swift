import Foundation
import HeirloomAPI
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

/// Letters for later through `heirloom backup` and `heirloom restore`.
@Suite("Letter backups")
struct LetterBackupTests {
    @Test("A backup restores the letters whole: words, readers, day, sealing and the recording's bytes")
    func lettersRestored() async throws {
        var before = ""
        var recording = Data()
        var writer: Member?
        try await BackupRoundTrip.run(
            given: { app in
                let ann = try await app.setUpHub()
                writer = ann
                let letter = try await app.writeLetter(
                    ann, day: "2099-04-28", text: "Dear Lily, \(LetterExportTests.canary)")
                recording = try await LetterExportTests.addRecording(to: letter.id, app, ann.token)
                before = try await app.api(.GET, "/api/letters", token: ann.token).body.string
            },
            then: { app in
                let ann = try #require(writer)
                let token = try await app.signIn(email: ann.email, password: ann.password)
                try await LetterExportTests.expectSame(app, token, before: before, recording: recording)
                #expect(before.contains(LetterExportTests.canary))
            })
    }
}
