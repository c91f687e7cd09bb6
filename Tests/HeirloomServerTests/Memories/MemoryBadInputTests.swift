import Foundation
import HeirloomAPI
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

/// What an independent review of the memory hub tried: odd input is a clear error, never a crash or a leak.
@Suite("Memories and people given odd or hostile input")
struct MemoryBadInputTests {
    @Test("An absurd date is a 422 for editors and a 403 for viewers, and the hub keeps answering")
    func absurdDates() async throws {
        try await withApp { app in
            let owner = try await app.setUpHub()
            let viewer = try await app.addMember(role: "viewer", by: owner)
            let absurd: [String: any Sendable] = ["name": "X", "birthDate": "2000-1-99999999999999999999"]

            let byViewer = try await app.api(.POST, "/api/people", token: viewer.token, json: absurd)
            let byOwner = try await app.api(.POST, "/api/people", token: owner.token, json: absurd)

            #expect(byViewer.status == .forbidden)
            #expect(byOwner.status == .unprocessableEntity)
            #expect(try byOwner.apiError.field == "birthDate")
            #expect(try await app.api(.GET, "/api/health").status == .ok)
        }
    }

    @Test("A part sent twice is a 400, and a second picture leaves no file behind")
    func repeatedParts() async throws {
        try await withApp { app in
            let owner = try await app.setUpHub()
            let ann = try await app.addPerson("Ann", token: owner.token)
            let jpeg = try await MediaFixtures.data("photo.jpg")

            let twoTitles = try await app.sendParts(
                "/api/memories", token: owner.token,
                parts: [.text("type", "text"), .text("title", "A"), .text("title", "B"), .text("content", "x")])
            let twoPictures = try await app.sendParts(
                "/api/people/\(ann)/avatar", token: owner.token,
                parts: [
                    .file("file", fileName: "a.jpg", contentType: "image/jpeg", jpeg),
                    .file("file", fileName: "b.jpg", contentType: "image/jpeg", jpeg),
                ])

            #expect(twoTitles.status == .badRequest)
            #expect(twoPictures.status == .badRequest, "\(twoPictures.body.string)")
            #expect(try await app.mediaCount() == 0)
            let person = try await app.api(.GET, "/api/people/\(ann)", token: owner.token).decoded(
                Components.Schemas.Person.self)
            #expect(person.avatarUrl == nil)
        }
    }

    @Test("A phone's token cannot pair more phones")
    func pairingFromAPhone() async throws {
        try await withApp { app in
            let owner = try await app.setUpHub()
            let plain = try await app.api(.POST, "/api/devices/pairing", token: owner.token, json: [:])
            #expect(plain.status == .created, "\(plain.body.string)")
            let phone = try plain.decoded(Components.Schemas.Pairing.self).settings.token

            let fromPhone = try await app.api(.POST, "/api/devices/pairing", token: phone, json: [:])

            #expect(fromPhone.status == .forbidden)
            #expect(try await app.api(.GET, "/api/memories", token: phone).status == .ok)
        }
    }

    @Test("Ids of deleted people and memories are never given out again")
    func idsAreNotReused() async throws {
        try await withApp { app in
            let owner = try await app.setUpHub()
            _ = try await app.addPerson("Ann", token: owner.token)
            let ben = try await app.addPerson("Ben", token: owner.token)
            #expect(try await app.api(.DELETE, "/api/people/\(ben)", token: owner.token).status == .noContent)
            let text: [Part] = [.text("type", "text"), .text("title", "T"), .text("content", "x")]
            let first = try await app.sendParts("/api/memories", token: owner.token, parts: text)
                .decoded(Components.Schemas.Memory.self)
            #expect(try await app.api(.DELETE, "/api/memories/\(first.id)", token: owner.token).status == .noContent)

            let cy = try await app.addPerson("Cy", token: owner.token)
            let second = try await app.sendParts("/api/memories", token: owner.token, parts: text)
                .decoded(Components.Schemas.Memory.self)

            #expect(cy > ben)
            #expect(second.id > first.id)
        }
    }

    @Test("A file before the type is recognised by its content, whatever its name and declared type")
    func fileBeforeType() async throws {
        try await withApp { app in
            let owner = try await app.setUpHub()
            let clip = try await MediaFixtures.data("clip.mp4")
            let song = try await MediaFixtures.data("story.m4a")

            let video = try await app.sendParts(
                "/api/memories", token: owner.token,
                parts: [
                    .file("file", fileName: "clip", contentType: "application/octet-stream", clip),
                    .text("type", "video"), .text("title", "Steps"),
                ])
            let voice = try await app.sendParts(
                "/api/memories", token: owner.token,
                parts: [
                    .file("file", fileName: "recording", contentType: "application/octet-stream", song),
                    .text("title", "Song"), .text("type", "voice"),
                ])

            #expect(video.status == .created, "\(video.body.string)")
            #expect(voice.status == .created, "\(voice.body.string)")
            #expect(try voice.decoded(Components.Schemas.Memory.self).media.first?.kind == .audio)
        }
    }

    @Test("Search words are taken literally: % finds only a %, _ finds nothing, a backslash is no error")
    func literalSearch() async throws {
        try await withApp { app in
            let owner = try await app.setUpHub()
            for (title, words) in [("Picnic", "Sunny afternoon"), ("Exam", "100% sure")] {
                let made = try await app.sendParts(
                    "/api/memories", token: owner.token,
                    parts: [.text("type", "text"), .text("title", title), .text("content", words)])
                #expect(made.status == .created)
            }

            for (query, count) in [("%25", 1), ("_", 0), ("%5C", 0), ("100%25", 1), ("sun", 1)] {
                let response = try await app.api(.GET, "/api/memories?q=\(query)", token: owner.token)
                #expect(response.status == .ok, "\(query)")
                #expect(try response.decoded(Components.Schemas.MemoryPage.self).memories.count == count, "\(query)")
            }
        }
    }
}
