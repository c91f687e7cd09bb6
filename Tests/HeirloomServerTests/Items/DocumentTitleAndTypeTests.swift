import Fluent
import Foundation
import HeirloomAPI
import SQLKit
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

@Suite("A document's title and type")
struct DocumentTitleAndTypeTests {
    static func pdf() async throws -> Data { try await MediaFixtures.data("letter.pdf") }

    /// An owner with a clock on the hub.
    static func clock(_ app: Application) async throws -> (owner: Member, itemID: String) {
        let owner = try await app.setUpHub()
        let item = try await app.api(.POST, "/api/items", token: owner.token, json: ["name": "Mantel clock"])
            .decoded(Components.Schemas.Item.self)
        return (owner, item.id)
    }

    @Test("a document is added with a title and a type, or without them (no title, other), as older clients send it")
    func createWithAndWithout() async throws {
        try await withApp { app in
            // given
            let (owner, itemID) = try await Self.clock(app)
            // when a document comes with its title and type, and another comes alone
            let titled = try await app.multipart(
                "/api/items/\(itemID)/documents", token: owner.token,
                files: [("file", "scan-0042.pdf", try await Self.pdf())],
                fields: ["title": "  Appraisal by Sotheby’s, 2019 ", "documentType": "appraisal"])
            #expect(titled.status == .created, "\(titled.body.string)")
            let plain = try await app.multipart(
                "/api/items/\(itemID)/documents", token: owner.token,
                files: [("file", "receipt.pdf", try await Self.pdf())])
            #expect(plain.status == .created, "\(plain.body.string)")

            // then both are kept, the first with its words trimmed, the second with none and of type other
            let documents = try plain.decoded(Components.Schemas.Item.self).documents
            #expect(documents.count == 2)
            #expect(documents[0].title == "Appraisal by Sotheby’s, 2019")
            #expect(documents[0].documentType == .appraisal)
            #expect(documents[0].fileName == "scan-0042.pdf" && documents[0].kind == "PDF")
            #expect(documents[1].title == nil)
            #expect(documents[1].documentType == .other)
            // and the list of items says the same as the item
            let shown = try await app.api(.GET, "/api/items/\(itemID)", token: owner.token)
            let listed = try await app.api(.GET, "/api/items", token: owner.token)
            #expect(try listed.canonicalJSON("items") == shown.canonicalJSON())
        }
    }

    @Test("the type may come after the file; a type that is not one of the six is a 422 naming it, and nothing is kept")
    func typeAfterTheFile() async throws {
        try await withApp { app in
            // given
            let (owner, itemID) = try await Self.clock(app)
            let file = Part.file("file", fileName: "warranty.pdf", contentType: "application/pdf", try await Self.pdf())
            // when the title and the type follow the file
            let late = try await app.sendParts(
                "/api/items/\(itemID)/documents", token: owner.token,
                parts: [file, .text("documentType", "Warranty"), .text("title", "Clockmaker’s warranty")])
            // then they are kept with it
            #expect(late.status == .created, "\(late.body.string)")
            let kept = try #require(try late.decoded(Components.Schemas.Item.self).documents.first)
            #expect(kept.documentType == .warranty && kept.title == "Clockmaker’s warranty")

            // when an unknown type comes before the file, or after it
            for parts in [[.text("documentType", "deed"), file], [file, .text("documentType", "deed")]] {
                let refused = try await app.sendParts(
                    "/api/items/\(itemID)/documents", token: owner.token, parts: parts)
                // then it is refused, naming the field, and no second document or file is kept
                #expect(refused.status == .unprocessableEntity, "\(refused.body.string)")
                #expect(try refused.apiError.field == "documentType")
                #expect(try await ItemDocument.query(on: app.db).count() == 1)
                #expect(try await MediaObject.query(on: app.db).count() == 1)
            }
            // and a title too long is refused too
            let long = try await app.multipart(
                "/api/items/\(itemID)/documents", token: owner.token,
                files: [("file", "a.pdf", try await Self.pdf())], fields: ["title": String(repeating: "a", count: 201)])
            #expect(long.status == .unprocessableEntity)
            #expect(try long.apiError.field == "title")
            #expect(try await ItemDocument.query(on: app.db).count() == 1)
        }
    }

    @Test("PATCH changes what is given; an empty title removes it; a bad type is a 422 and changes nothing")
    func patch() async throws {
        try await withApp { app in
            // given a receipt
            let (owner, itemID) = try await Self.clock(app)
            let added = try await app.multipart(
                "/api/items/\(itemID)/documents", token: owner.token,
                files: [("file", "IMG_2211.jpg", try await MediaFixtures.data("photo.jpg"))],
                fields: ["documentType": "receipt"])
            let documentID = try #require(try added.decoded(Components.Schemas.Item.self).documents.first?.id)
            let path = "/api/items/\(itemID)/documents/\(documentID)"

            // when it is given a title
            let titled = try await app.api(.PATCH, path, token: owner.token, json: ["title": "Bought in Basel, 1972"])
            // then the title is kept and the type stays
            #expect(titled.status == .ok, "\(titled.body.string)")
            let saved = try titled.decoded(Components.Schemas.ItemDocument.self)
            #expect(saved.title == "Bought in Basel, 1972" && saved.documentType == .receipt)
            #expect(saved.fileName == "IMG_2211.jpg")

            // when the type is changed and the title emptied
            let retyped = try await app.api(
                .PATCH, path, token: owner.token, json: ["documentType": "certificate", "title": ""])
            let changed = try retyped.decoded(Components.Schemas.ItemDocument.self)
            #expect(changed.documentType == .certificate && changed.title == nil)

            // when the type is not one of the six, or the title too long
            for body: [String: any Sendable] in [
                ["documentType": "deed", "title": "A deed"], ["title": String(repeating: "x", count: 201)],
            ] {
                let refused = try await app.api(.PATCH, path, token: owner.token, json: body)
                // then it is a 422 naming the field, and nothing changed
                #expect(refused.status == .unprocessableEntity, "\(refused.body.string)")
                #expect(try refused.apiError.field == (body["documentType"] == nil ? "title" : "documentType"))
                let item = try await app.api(.GET, "/api/items/\(itemID)", token: owner.token)
                    .decoded(Components.Schemas.Item.self)
                #expect(item.documents.first?.documentType == .certificate && item.documents.first?.title == nil)
            }
        }
    }

    @Test("viewers may not change a document; another household is told it does not exist")
    func whoMayChangeIt() async throws {
        try await withApp { app in
            // given a document, a viewer of the household, and the owner of another household
            let (owner, itemID) = try await Self.clock(app)
            let viewer = try await app.addMember(role: "viewer", by: owner)
            let stranger = try await MemoryAPITests.otherHouseholdToken(app)
            let added = try await app.multipart(
                "/api/items/\(itemID)/documents", token: owner.token,
                files: [("file", "policy.pdf", try await Self.pdf())], fields: ["documentType": "insurance"])
            let documentID = try #require(try added.decoded(Components.Schemas.Item.self).documents.first?.id)
            let path = "/api/items/\(itemID)/documents/\(documentID)"
            let change: [String: any Sendable] = ["title": "Mine now", "documentType": "other"]

            // then the viewer reads it and may not change it or add one
            #expect(try await app.api(.PATCH, path, token: viewer.token, json: change).status == .forbidden)
            let viewerAdds = try await app.multipart(
                "/api/items/\(itemID)/documents", token: viewer.token,
                files: [("file", "a.pdf", try await Self.pdf())], fields: ["documentType": "receipt"])
            #expect(viewerAdds.status == .forbidden)
            // and another household's owner finds neither the item nor the document
            #expect(try await app.api(.PATCH, path, token: stranger, json: change).status == .notFound)
            // and a document id of no document is a 404
            let nobody = "/api/items/\(itemID)/documents/\(UUID().uuidString)"
            #expect(try await app.api(.PATCH, nobody, token: owner.token, json: change).status == .notFound)
            // and nothing changed
            let item = try await app.api(.GET, "/api/items/\(itemID)", token: viewer.token)
                .decoded(Components.Schemas.Item.self)
            #expect(item.documents.map(\.documentType) == [.insurance] && item.documents.first?.title == nil)
            #expect(try await ItemDocument.query(on: app.db).count() == 1)
        }
    }

    @Test("a paper kept before titles and types existed reads as untitled, of type other (the columns' defaults)")
    func papersKeptBefore() async throws {
        try await withApp { app in
            // given a paper whose row is written as the hub wrote rows before, without a title or a type
            let (owner, itemID) = try await Self.clock(app)
            let added = try await app.multipart(
                "/api/items/\(itemID)/documents", token: owner.token,
                files: [("file", "valuation.pdf", try await Self.pdf())],
                fields: ["title": "Valuation", "documentType": "appraisal"])
            #expect(added.status == .created)
            let row = try #require(try await ItemDocument.query(on: app.db).first())
            let (id, item, media) = (try row.requireID(), row.$item.id, row.$media.id)
            try await row.delete(on: app.db)
            let sql = try #require(app.db as? any SQLDatabase)
            try await sql.insert(into: ItemDocument.schema).columns("id", "item_id", "media_id")
                .values(SQLBind(id), SQLBind(item), SQLBind(media)).run()

            // when the item is read, then the paper has no title and is of type other
            let read = try await app.api(.GET, "/api/items/\(itemID)", token: owner.token)
                .decoded(Components.Schemas.Item.self)
            #expect(read.documents.map(\.fileName) == ["valuation.pdf"])
            #expect(read.documents.first?.title == nil && read.documents.first?.documentType == .other)
        }
    }
}
