import Foundation
import HeirloomAPI
import HeirloomCore
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

@Suite("The estate binder: its holder's API")
struct BinderAPITests {
    @Test("the holder keeps entries in sections; another owner sees all but what she keeps to herself")
    func holderAndOwner() async throws {
        try await withApp { app in
            // given
            let family = try await BinderFamily.make(app)
            try await family.fill(app)

            // when
            let mine = try await app.api(.GET, "/api/binder", token: family.margaret.token)
            let toms = try await app.api(.GET, "/api/binder", token: family.tom.token)

            // then
            let binder = try mine.decoded(Components.Schemas.Binder.self)
            #expect(binder.sections.map(\.key.rawValue) == BinderSectionKeys.all)
            #expect(try BinderFamily.titles(mine) == ["Current account", "For me alone", "Funeral wishes", "The will"])
            #expect(try BinderFamily.titles(toms) == ["Current account", "Funeral wishes", "The will"])
            #expect(!toms.body.string.contains(BinderFamily.canary))
            let account = try #require(binder.sections.flatMap(\.entries).first { $0.title == "Current account" })
            #expect(account.fields.additionalProperties["accountNumber"] == BinderFamily.accountNumber)
            #expect(account.maskedFields.additionalProperties["accountNumber"] == "•••• 4567")
            #expect(account.followsSection)
            #expect(account.whoSees == "The trusted contacts, after your passing is confirmed.")
        }
    }

    @Test("editors and viewers are told the binder does not exist; another household's entry is not found")
    func othersAreRefused() async throws {
        try await withApp(TestOptions(allowSignup: true)) { app in
            let family = try await BinderFamily.make(app)
            let id = try await family.entry(app, ["section": "pets", "title": "Rex"])
            let editor = try await app.addMember(
                role: "editor", by: family.margaret, name: "Ed", email: "ed@example.com")
            #expect(try await app.api(.GET, "/api/binder", token: editor.token).status == .notFound)
            #expect(try await app.api(.GET, "/api/binder/entries/\(id)", token: editor.token).status == .notFound)
            let registered = try await app.api(
                .POST, "/api/auth/register",
                json: [
                    "householdName": "The Jones Family", "name": "Bo Jones", "email": "bo@example.com",
                    "password": "another good password",
                ])
            let stranger = try registered.decoded(Components.Schemas.AuthResponse.self).token
            #expect(try await app.api(.GET, "/api/binder/entries/\(id)", token: stranger).status == .notFound)
            #expect(try await app.api(.DELETE, "/api/binder/entries/\(id)", token: stranger).status == .notFound)
            #expect(try BinderFamily.titles(try await app.api(.GET, "/api/binder", token: stranger)).isEmpty)
            #expect(try await app.api(.GET, "/api/binder/entries/\(id)", token: family.tom.token).status == .ok)
        }
    }

    @Test("the API document says which section takes which fields, as the binder's rule does")
    func documentNamesEachSectionsFields() async throws {
        try await withApp { app in
            // given the document a client reads
            let served = try await app.api(.GET, "/api/openapi.yaml").body.string
            let document = served.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            // then each section's fields are listed there, in the form's order
            for section in BinderSection.allCases {
                let line = "\(section.rawValue): \(section.fields.map(\.rawValue).joined(separator: ", "))"
                #expect(document.contains(line), "\(line)")
            }
        }
    }

    @Test("bad input is a 422 naming the field, and changes nothing")
    func refusals() async throws {
        try await withApp { app in
            let family = try await BinderFamily.make(app)
            let cases: [([String: any Sendable], String)] = [
                (["section": "money", "title": "  "], "title"),
                (
                    ["section": "pets", "title": "Rex", "fields": ["accountNumber": "1"] as [String: String]],
                    "fields.accountNumber"
                ),
                (["section": "legal", "title": "Will", "reviewOn": "soon"], "reviewOn"),
                (
                    [
                        "section": "legal", "title": "Will",
                        "visibility": BinderFamily.readers(
                            "now", [["beneficiaryId": UUID().uuidString, "when": "now"]]),
                    ],
                    "visibility.beneficiaries"
                ),
            ]
            for (body, field) in cases {
                let response = try await app.api(.POST, "/api/binder/entries", token: family.margaret.token, json: body)
                #expect(response.status == .unprocessableEntity, "\(body)")
                #expect(response.body.string.contains(field), "\(response.body.string)")
            }
            #expect(
                try BinderFamily.titles(try await app.api(.GET, "/api/binder", token: family.margaret.token)).isEmpty)
        }
    }

    @Test("an entry changes, follows its section again, and is deleted with its papers")
    func changeAndDelete() async throws {
        try await withApp { app in
            let family = try await BinderFamily.make(app)
            let id = try await family.entry(
                app, ["section": "insurance", "title": "Home policy", "visibility": BinderFamily.readers("now")])
            let patched = try await app.api(
                .PATCH, "/api/binder/entries/\(id)", token: family.margaret.token,
                json: ["title": "Home and contents policy", "followSection": true, "reviewOn": "2030-05-01"])
            #expect(patched.status == .ok, "\(patched.body.string)")
            let entry = try patched.decoded(Components.Schemas.BinderEntry.self)
            #expect(entry.title == "Home and contents policy")
            #expect(entry.followsSection && entry.visibility.executors == .afterPassing)
            #expect(entry.reviewOn == "2030-05-01")
            let paper = try await app.multipart(
                "/api/binder/entries/\(id)/documents", token: family.margaret.token,
                files: [("file", "policy.pdf", try await MediaFixtures.data("letter.pdf"))])
            #expect(paper.status == .created, "\(paper.body.string)")
            let document = try #require(try paper.decoded(Components.Schemas.BinderEntry.self).documents.first)
            let download = try await app.download(document.url, token: family.margaret.token)
            #expect(download.status == .ok)
            let account = try await family.entry(
                app,
                [
                    "section": "money", "title": "Old account",
                    "fields": ["accountNumber": "12345678", "contactName": "Jo"],
                ])
            let moved = try await app.api(
                .PATCH, "/api/binder/entries/\(account)", token: family.margaret.token, json: ["section": "legal"])
            #expect(moved.status == .ok, "\(moved.body.string)")
            #expect(
                try moved.decoded(Components.Schemas.BinderEntry.self).fields.additionalProperties == [
                    "contactName": "Jo"
                ])
            #expect(
                try await app.api(.DELETE, "/api/binder/entries/\(id)", token: family.margaret.token).status
                    == .noContent)
            #expect(try await MediaObject.query(on: app.db).count() == 0)
        }
    }

    @Test("a section's choice holds for the entries that follow it, not for those that chose for themselves")
    func sectionDefault() async throws {
        try await withApp { app in
            let family = try await BinderFamily.make(app)
            try await family.fill(app)
            let put = try await app.api(
                .PUT, "/api/binder/sections/money", token: family.margaret.token,
                json: ["visibility": BinderFamily.readers("now")])
            #expect(put.status == .ok, "\(put.body.string)")
            #expect(
                try BinderFamily.titles(try await app.api(.GET, "/api/executor/binder", token: family.mary)) == [
                    "Current account", "The will",
                ])
            let unknown = try await app.api(
                .PUT, "/api/binder/sections/attic", token: family.margaret.token,
                json: ["visibility": BinderFamily.readers("now")])
            #expect(unknown.status.code >= 400 && unknown.status.code < 500)
        }
    }
}

enum BinderSectionKeys {
    static let all = [
        "legal", "money", "insurance", "home", "vehicles", "digital", "health", "funeral", "people", "pets", "other",
    ]
}

@Suite("The estate binder: its papers through the members' file route")
struct BinderPaperAccessTests {
    @Test("a paper of an entry kept to the holder is served to her alone, not to another owner or an editor")
    func privatePaper() async throws {
        try await withApp { app in
            let family = try await BinderFamily.make(app)
            let id = try await family.entry(
                app, ["section": "legal", "title": "Letter of wishes", "visibility": BinderFamily.readers("never")])
            let paper = try await app.multipart(
                "/api/binder/entries/\(id)/documents", token: family.margaret.token,
                files: [("file", "wishes.pdf", try await MediaFixtures.data("letter.pdf"))])
            let url = try #require(try paper.decoded(Components.Schemas.BinderEntry.self).documents.first?.url)
            let editor = try await app.addMember(
                role: "editor", by: family.margaret, name: "Ed", email: "ed@example.com")
            #expect(try await app.download(url, token: family.margaret.token).status == .ok)
            #expect(try await app.download(url, token: family.tom.token).status == .notFound)
            #expect(try await app.download(url, token: editor.token).status == .notFound)
            #expect(try await app.download(url, token: family.mary).status == .unauthorized)
        }
    }
}

@Suite("The audit log's events")
struct AuditEventTests {
    @Test("every event the hub records is one the API document names")
    func everyEventIsDocumented() {
        for event in AuditEvent.allCases {
            #expect(Components.Schemas.EstateAuditEntry.EventPayload(rawValue: event.rawValue) != nil, "\(event)")
        }
    }
}
