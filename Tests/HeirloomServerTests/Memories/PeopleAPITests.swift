import Foundation
import HeirloomAPI
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

@Suite("People over the API")
struct PeopleAPITests {
    @Test("Names are unique ignoring case; a change keeps what it leaves out")
    func namesAndChanges() async throws {
        try await withApp { app in
            // given
            let owner = try await app.setUpHub()
            let ann = try await app.addPerson("Ann", relationship: "Grandparent", token: owner.token)

            // when
            let again = try await app.api(.POST, "/api/people", token: owner.token, json: ["name": "  ANN "])
            let noted = try await app.api(
                .PUT, "/api/people/\(ann)", token: owner.token,
                json: ["notes": "Loved the sea.", "birthDate": "1931-04-02", "relationship": "Great-aunt"])
            let renamed = try await app.api(.PUT, "/api/people/\(ann)", token: owner.token, json: ["name": "Annie"])

            // then
            #expect(again.status == .conflict)
            #expect(try again.apiError.code == "person_exists")
            #expect(try again.apiError.message.contains("already someone called ANN"))
            #expect(noted.status == .ok, "\(noted.body.string)")
            let person = try renamed.decoded(Components.Schemas.Person.self)
            #expect(person.name == "Annie")
            #expect(person.notes == "Loved the sea.", "a change that leaves notes out keeps them")
            #expect(person.birthDate == "1931-04-02")
            #expect(person.relationship == "Great-aunt")
            let clash = try await app.addPerson("Ben", token: owner.token)
            let taken = try await app.api(.PUT, "/api/people/\(clash)", token: owner.token, json: ["name": "annie"])
            #expect(taken.status == .conflict)
            let blank = try await app.api(.POST, "/api/people", token: owner.token, json: ["name": " "])
            #expect(blank.status == .unprocessableEntity)
            #expect(try blank.apiError.field == "name")
            let badDate = try await app.api(.PUT, "/api/people/\(ann)", token: owner.token, json: ["deathDate": "soon"])
            #expect(try badDate.apiError.field == "deathDate")
            #expect(try await app.api(.GET, "/api/people/99999", token: owner.token).status == .notFound)
        }
    }

    @Test("Deleting a person removes their face tags and keeps the memories")
    func deleteKeepsMemories() async throws {
        try await withApp { app in
            // given
            let owner = try await app.setUpHub()
            let editor = try await app.addMember(role: "editor", by: owner)
            let ann = try await app.addPerson("Ann", token: owner.token)
            let memory = try await Self.wedding(
                app, token: owner.token,
                faceTags:
                    #"[{"photoIndex":0,"personId":\#(ann),"x":0,"y":0,"width":0.5,"height":0.5},{"photoIndex":0,"personId":null,"x":0.5,"y":0.5,"width":0.5,"height":0.5}]"#
            )

            // when
            let byEditor = try await app.api(.DELETE, "/api/people/\(ann)", token: editor.token)
            let byOwner = try await app.api(.DELETE, "/api/people/\(ann)", token: owner.token)

            // then
            #expect(byEditor.status == .forbidden)
            #expect(byOwner.status == .noContent)
            let after = try await app.api(.GET, "/api/memories/\(memory.id)", token: owner.token).decoded(
                Components.Schemas.Memory.self)
            #expect(after.people.isEmpty)
            #expect(after.faceTags.count == 1, "the unnamed face stays")
            #expect(after.faceTags.first?.personId == nil)
            #expect(after.media.count == 1)
        }
    }

    @Test("A picture from an upload, then from a tagged face, replacing and freeing the first")
    func avatars() async throws {
        try await withApp { app in
            // given
            let owner = try await app.setUpHub()
            let viewer = try await app.addMember(role: "viewer", by: owner)
            let ann = try await app.addPerson("Ann", token: owner.token)
            let memory = try await Self.wedding(
                app, token: owner.token,
                faceTags: #"[{"photoIndex":0,"personId":\#(ann),"x":0.2,"y":0.2,"width":0.2,"height":0.3}]"#)

            // when
            let uploaded = try await app.sendParts(
                "/api/people/\(ann)/avatar", token: owner.token,
                parts: [
                    .file(
                        "file", fileName: "ann.png", contentType: "image/png", try await MediaFixtures.data("photo.png")
                    )
                ])

            // then
            #expect(uploaded.status == .ok, "\(uploaded.body.string)")
            let first = try uploaded.decoded(Components.Schemas.Person.self).avatarUrl ?? ""
            #expect(try await app.download(first, token: viewer.token).status == .ok)
            #expect(try await app.mediaCount() == 2)

            // when
            let fromFace = try await app.api(
                .POST, "/api/people/\(ann)/avatar", token: owner.token, json: ["faceTagId": memory.faceTags[0].id])

            // then
            #expect(fromFace.status == .ok, "\(fromFace.body.string)")
            let second = try fromFace.decoded(Components.Schemas.Person.self).avatarUrl ?? ""
            #expect(second != first)
            #expect(try await app.download(first, token: owner.token).status == .notFound, "the old picture is freed")
            #expect(try await app.mediaCount() == 2)
            let avatar = try await Person.query(on: app.db).with(\.$avatar).first()?.avatar
            // 0.3 of 600 px high, widened to a square and a little more: 252 px.
            #expect(avatar?.width == avatar?.height)
            #expect(avatar?.width == 252)
            let viewerTries = try await app.api(
                .POST, "/api/people/\(ann)/avatar", token: viewer.token, json: ["faceTagId": memory.faceTags[0].id])
            #expect(viewerTries.status == .forbidden)
            let noFace = try await app.api(
                .POST, "/api/people/\(ann)/avatar", token: owner.token, json: ["faceTagId": 999])
            #expect(noFace.status == .notFound)
        }
    }

    /// A photo memory with the given face tags, added over the API.
    static func wedding(_ app: Application, token: String, faceTags: String) async throws -> Components.Schemas.Memory {
        try await app.sendParts(
            "/api/memories", token: token,
            parts: [
                .text("type", "photo"), .text("title", "Wedding"), .text("faceTags", faceTags),
                .file("file", fileName: "w.jpg", contentType: "image/jpeg", try await MediaFixtures.data("photo.jpg")),
            ]
        ).decoded(Components.Schemas.Memory.self)
    }
}
