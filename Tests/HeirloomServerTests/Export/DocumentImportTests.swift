import Foundation
import HeirloomAPI
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

/// The title and type of the papers kept with items, through an export and back.
@Suite("Import of documents")
struct DocumentImportTests {
    @Test("Exported and imported into a fresh hub, a document keeps its title and type")
    func roundTrip() async throws {
        let (made, file) = try await ImportTests.exportedFullHousehold()
        defer { try? FileManager.default.removeItem(at: file) }
        try await withApp { app in
            // when
            try await app.runCommand(ImportCommand(), ["heirloom", file.path])
            // then
            let owner = try await app.signInAfterImport(email: made.owner.email)
            let item = try await app.api(.GET, "/api/items/\(made.itemID)", token: owner)
                .decoded(Components.Schemas.Item.self)
            #expect(item.documents.map(\.title) == ["Valuation for the insurer, 2019"])
            #expect(item.documents.map(\.documentType) == [.appraisal])
        }
    }

    @Test("An export made before documents had a title and type imports as before: no title, of type other")
    func olderExport() async throws {
        // given an archive whose documents have neither
        let (made, file) = try await ImportTests.exportedFullHousehold()
        defer { try? FileManager.default.removeItem(at: file) }
        var parts = try ExportParts(file)
        try parts.set("items.json", [0, "documents", 0, "title"], to: nil)
        try parts.set("items.json", [0, "documents", 0, "documentType"], to: nil)
        let document = try #require(
            ((parts.json("items.json") as? [[String: Any]])?.first?["documents"] as? [Any])?.first)
        #expect((document as? [String: Any])?.keys.sorted() == ["createdAt", "id", "mediaId"])
        try parts.write(to: file)

        try await withApp { app in
            // when
            try await app.runCommand(ImportCommand(), ["heirloom", file.path])
            // then
            let owner = try await app.signInAfterImport(email: made.owner.email)
            let item = try await app.api(.GET, "/api/items/\(made.itemID)", token: owner)
                .decoded(Components.Schemas.Item.self)
            #expect(item.documents.count == 1)
            #expect(item.documents.first?.title == nil && item.documents.first?.documentType == .other)
            #expect(item.documents.first?.fileName == "Appraisal.pdf")
        }
    }
}
