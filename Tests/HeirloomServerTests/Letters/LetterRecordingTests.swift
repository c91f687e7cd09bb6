import Fluent
import Foundation
import HeirloomAPI
import HeirloomCore
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

@Suite("Letters for later: the recording goes with the letter, and its reader hears it, downloads it and prints it")
struct LetterRecordingTests {
    @Test("the writer adds a recording; on the day the reader plays it with Range, downloads it and saves a PDF")
    func recordingAndPDF() async throws {
        let clock = TestClock()
        try await withApp(clock: clock) { app in
            // given a letter for today with a recording
            let owner = try await app.setUpHub()
            let letter = try await app.writeLetter(
                owner, day: Day(clock.now.addingTimeInterval(86_400), in: .current).text)
            let upload = try await app.multipart(
                "/api/letters/\(letter.id)/recording", token: owner.token,
                files: [("file", "story.m4a", try await MediaFixtures.data("story.m4a"))])
            #expect(upload.status == .created, "\(upload.body.string)")
            let kept = try upload.decoded(Components.Schemas.Letter.self)
            #expect(kept.recording?.kind == .audio)
            // the writer hears it through the members' route; another member does not
            let play = try #require(kept.recording?.url)
            #expect(try await app.download(play, token: owner.token).status == .ok)
            let editor = try await app.addMember(role: "editor", by: owner)
            #expect(try await app.download(play, token: editor.token).status == .notFound)
            // when the day comes
            clock.advance(by: 2 * 86_400)
            try await app.runScheduler()
            let session = try await app.letterSession(for: "lily@example.com", owner: owner)
            let reading = try (try await app.api(.GET, "/api/letter", token: session))
                .decoded(Components.Schemas.LetterReading.self)
            // then the reader plays it in parts, downloads it, and prints the letter
            let recording = try #require(reading.recording)
            let part = try await app.download(recording.url, token: session, headers: ["Range": "bytes=0-9"])
            #expect(part.status == .partialContent)
            #expect(part.body.readableBytes == 10)
            let file = try await app.download(recording.downloadUrl, token: session)
            #expect(file.status == .ok)
            #expect(file.headers.first(name: .contentDisposition)?.hasPrefix("attachment") == true)
            let pdf = try await app.download(try #require(reading.pdfUrl), token: session)
            #expect(pdf.status == .ok)
            #expect(pdf.headers.contentType?.subType == "pdf")
            #expect(pdf.body.string.hasPrefix("%PDF"))
            // and nobody without her session reaches either
            #expect(try await app.download(recording.url, token: owner.token).status == .notFound)
            #expect(try await app.download(try #require(reading.pdfUrl), token: "nothing").status == .notFound)
        }
    }
}
