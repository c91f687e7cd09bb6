import Fluent
import Foundation
import HeirloomAPI
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

extension Application {
    /// Posts a vCard file as a text/vcard body.
    func importContacts(_ text: String, token: String) async throws -> TestingHTTPResponse {
        var headers = HTTPHeaders()
        headers.replaceOrAdd(name: .contentType, value: "text/vcard; charset=utf-8")
        return try await api(.POST, "/api/beneficiaries/import", token: token, rawBody: text, headers: headers)
    }
}

@Suite("Importing contacts over the API")
struct BeneficiaryImportTests {
    @Test("an Apple Contacts export creates a beneficiary per card, linked to its contact when it has a UID")
    func apple() async throws {
        try await withApp { app in
            let owner = try await app.setUpHub()
            // when
            let response = try await app.importContacts(VCardFixtures.apple, token: owner.token)
            // then
            #expect(response.status == .ok, "\(response.body.string)")
            let results = try response.decoded(Components.Schemas.ContactImportResult.self).results
            #expect(results.map(\.name) == ["Ann Marie Miller", "Hélène Dupré", "Lakeside Antiques"])
            #expect(results.map(\.status) == [.created, .created, .created])
            let people = try await app.api(.GET, "/api/beneficiaries", token: owner.token)
                .decoded(Components.Schemas.BeneficiaryList.self).beneficiaries
            let ann = try #require(people.first { $0.name == "Ann Marie Miller" })
            #expect(ann.email == "ann.miller@example.com" && ann.phoneNumber == "(555) 555-0142")
            let helene = try #require(people.first { $0.name == "Hélène Dupré" })
            #expect(helene.isLinkedToContact && helene.contactIdentifier != nil)
            #expect(helene.phoneNumber == "+33 6 12 34 56 78")
            #expect(try results.map { try #require($0.beneficiaryId).lowercased() }.contains(ann.id.lowercased()))

            // importing the same file again changes nothing
            let again = try await app.importContacts(VCardFixtures.apple, token: owner.token)
            #expect(
                try again.decoded(Components.Schemas.ContactImportResult.self).results.map(\.status) == [
                    .unchanged, .unchanged, .unchanged,
                ])
            #expect(try await Beneficiary.query(on: app.db).count() == 3)
        }
    }

    @Test("a Google export sent as a multipart file: a card without a name is rejected and the rest go on")
    func google() async throws {
        try await withApp { app in
            let owner = try await app.setUpHub()
            let response = try await app.multipart(
                "/api/beneficiaries/import", token: owner.token,
                files: [("file", "contacts.vcf", Data(VCardFixtures.google.utf8))])
            #expect(response.status == .ok, "\(response.body.string)")
            let results = try response.decoded(Components.Schemas.ContactImportResult.self).results
            #expect(results.map(\.status) == [.created, .created, .rejected, .created])
            #expect(results[2].name == "Card 3" && results[2].reason == "This card has no name.")
            #expect(results[2].beneficiaryId == nil)
            let peg = try #require(
                try await Beneficiary.query(on: app.db).filter(\.$name == "Margaret O'Neil").first())
            #expect(peg.email == "peg.oneil@example.com" && peg.nameEditedByUser == false)
        }
    }

    @Test("an Outlook 2.1 export with quoted-printable names merges into a beneficiary typed by hand")
    func outlookMerge() async throws {
        try await withApp { app in
            let owner = try await app.setUpHub()
            // given Björn, typed by hand with other spelling and no phone
            let bjorn = try await app.beneficiary(
                ["name": "bjorn astrom", "relationship": "Nephew"], token: owner.token)
            // when
            let response = try await app.importContacts(VCardFixtures.outlook, token: owner.token)
            // then the name he typed stays, the missing phone and email are filled in
            let results = try response.decoded(Components.Schemas.ContactImportResult.self).results
            #expect(results.map(\.name) == ["Jürgen Müller", "Björn Åström"])
            #expect(results.map(\.status) == [.created, .merged])
            #expect(results[1].beneficiaryId?.lowercased() == bjorn.id.lowercased())
            let saved = try await app.api(.GET, "/api/beneficiaries/\(bjorn.id)", token: owner.token)
                .decoded(Components.Schemas.BeneficiaryDetail.self).beneficiary
            #expect(saved.name == "bjorn astrom" && saved.relationship == "Nephew")
            #expect(saved.email == "bjorn@example.se" && saved.phoneNumber == "+46 8 123 456 78")
        }
    }

    @Test("a name changed by hand after an import is never overwritten by the next import")
    func editedName() async throws {
        try await withApp { app in
            let owner = try await app.setUpHub()
            let first = try await app.importContacts(VCardFixtures.apple, token: owner.token)
            let helene = try #require(
                try first.decoded(Components.Schemas.ContactImportResult.self).results[1].beneficiaryId)
            let renamed = try await app.api(
                .PATCH, "/api/beneficiaries/\(helene)", token: owner.token, json: ["name": "Aunt Hélène"])
            #expect(renamed.status == .ok)
            _ = try await app.importContacts(VCardFixtures.apple, token: owner.token)
            let saved = try await app.api(.GET, "/api/beneficiaries/\(helene)", token: owner.token)
                .decoded(Components.Schemas.BeneficiaryDetail.self).beneficiary
            #expect(saved.name == "Aunt Hélène")
        }
    }

    @Test("a file with no cards is 422; more than 10 MB is 413")
    func badFiles() async throws {
        try await withApp { app in
            let owner = try await app.setUpHub()
            let empty = try await app.importContacts("hello, this is not a vCard", token: owner.token)
            #expect(empty.status == .unprocessableEntity)
            #expect(try empty.apiError.field == "file")
            let huge =
                "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Big\r\nNOTE:"
                + String(repeating: "x", count: 10 * 1024 * 1024) + "\r\nEND:VCARD\r\n"
            let tooLarge = try await app.importContacts(huge, token: owner.token)
            #expect(tooLarge.status == .payloadTooLarge)
            #expect(try await Beneficiary.query(on: app.db).count() == 0)
        }
    }
}
