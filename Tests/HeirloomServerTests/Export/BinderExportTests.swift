import Foundation
import HeirloomAPI
import HeirloomCore
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

/// The estate binder in the household export: whose export holds what, and what its pages show.
@Suite("Binder export")
struct BinderExportTests {
    @Test("The holder's export holds every entry, the private one marked; another owner's holds no trace of it")
    func privateEntries() async throws {
        try await withApp { app in
            // given
            let family = try await BinderFamily.make(app)
            try await family.fill(app)
            let paper = try await Self.addPaper(to: "For me alone", app, family.margaret.token)

            // when
            let margaret = try await Self.export(app, family.margaret.token)
            let tom = try await Self.export(app, family.tom.token)

            // then
            let holders = try ExportJSON.decoder().decode(ExportRecord.Binder.self, from: margaret["binder.json"])
            #expect(holders.entries.count == 4)
            let own = try #require(holders.entries.first { $0.title == "For me alone" })
            #expect(own.private == true && own.text.contains(BinderFamily.canary))
            #expect(holders.entries.filter { $0.private == true }.count == 1, "only that one is marked")
            let page = try margaret.text("binder.html")
            #expect(page.contains("For me alone") && page.contains("Only you"))
            #expect(try margaret.text("index.html").contains("href=\"binder.html\""))
            #expect(try margaret.names.filter { $0.hasPrefix("media/") }.map { try margaret[$0] } == [paper])

            let others = try ExportJSON.decoder().decode(ExportRecord.Binder.self, from: tom["binder.json"])
            #expect(others.entries.map(\.title).sorted() == ["Current account", "Funeral wishes", "The will"])
            #expect(!tom.names.contains { $0.hasPrefix("media/") }, "not the private entry's paper")
            #expect(!(try tom.text("media.json").contains(BinderService.mediaOwnerType)))
            for name in tom.names {
                let bytes = try tom[name]
                #expect(bytes.range(of: Data(BinderFamily.canary.utf8)) == nil, "no canary in \(name)")
                #expect(bytes.range(of: Data("For me alone".utf8)) == nil, "no private title in \(name)")
            }
        }
    }

    @Test("No page of the archive shows a whole account number; the holder's binder.json keeps it")
    func maskedNumbers() async throws {
        try await withApp { app in
            // given
            let family = try await BinderFamily.make(app)
            try await family.fill(app)

            // when
            let files = try await Self.export(app, family.margaret.token)

            // then
            let digits = String(BinderFamily.accountNumber.filter(\.isNumber))
            for name in files.names where name.hasSuffix(".html") {
                let html = try files.text(name)
                #expect(!html.contains(BinderFamily.accountNumber) && !html.contains(digits.dropLast(4)), "\(name)")
            }
            #expect(try files.text("binder.html").contains(MaskedNumber.mask(BinderFamily.accountNumber)))
            #expect(try files.text("binder.json").contains(BinderFamily.accountNumber))
        }
    }

    @Test("Exported and imported into a fresh hub, the binder reads the same, papers and readers included")
    func roundTrip() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("binder-\(UUID()).zip")
        defer { try? FileManager.default.removeItem(at: file) }
        var before = ""
        var paper = Data()
        var family: BinderFamily?
        try await withApp { app in
            // given: the binder with a section's choice and a paper
            let made = try await BinderFamily.make(app)
            family = made
            try await made.fill(app)
            let section = try await app.api(
                .PUT, "/api/binder/sections/money", token: made.margaret.token,
                json: ["visibility": BinderFamily.readers("now", [["beneficiaryId": made.lily, "when": "now"]])])
            #expect(section.status == .ok, "\(section.body.string)")
            paper = try await Self.addPaper(to: "The will", app, made.margaret.token)
            before = try await app.api(.GET, "/api/binder", token: made.margaret.token).body.string
            try Data(try await app.download("/api/export", token: made.margaret.token).body.readableBytesView)
                .write(to: file)
        }
        let made = try #require(family)

        try await withApp { app in
            // when
            try await app.runCommand(ImportCommand(), ["heirloom", file.path])

            // then
            let margaret = try await app.signInAfterImport(email: made.margaret.email)
            let binder = try await Self.expectSame(app, margaret, before: before, paper: paper)
            #expect(binder.sections.flatMap(\.entries).count == 4)
            let lily = try #require(binder.sections.first { $0.key == .money }?.visibility.beneficiaries.first)
            let beneficiaries = try await app.api(.GET, "/api/beneficiaries/\(lily.beneficiaryId)", token: margaret)
            #expect(beneficiaries.status == .ok && beneficiaries.body.string.contains("Lily Hill"))
        }
    }

    @Test("An export made before the binder (no binder files) imports as before, with an empty binder")
    func olderExport() async throws {
        let (made, file) = try await ImportTests.exportedFullHousehold()
        defer { try? FileManager.default.removeItem(at: file) }
        var parts = try ExportParts(file)
        parts.names.removeAll { $0.hasPrefix("binder.") }
        try parts.reseal()
        try parts.write(to: file)

        try await withApp { app in
            try await app.runCommand(ImportCommand(), ["heirloom", file.path])
            let owner = try await app.signInAfterImport(email: made.owner.email)
            let binder = try await app.api(.GET, "/api/binder", token: owner)
            #expect(binder.status == .ok, "\(binder.body.string)")
            #expect(try binder.decoded(Components.Schemas.Binder.self).sections.allSatisfy(\.entries.isEmpty))
            #expect(try await app.api(.GET, "/api/items/\(made.itemID)", token: owner).status == .ok)
        }
    }

    static func export(_ app: Application, _ token: String) async throws -> ZIPContents {
        let response = try await app.download("/api/export", token: token)
        #expect(response.status == .ok, "\(response.body.string)")
        return try ZIPContents(Data(response.body.readableBytesView))
    }

    /// Adds a PDF to the entry with this title; returns its bytes.
    static func addPaper(to title: String, _ app: Application, _ token: String) async throws -> Data {
        let entry = try await Self.entry(title, app, token)
        let paper = try await MediaFixtures.data("letter.pdf")
        let added = try await app.multipart(
            "/api/binder/entries/\(entry.id)/documents", token: token, files: [("file", "paper.pdf", paper)])
        #expect(added.status == .created, "\(added.body.string)")
        return paper
    }

    /// Expects the binder to read as `before` and the will's paper to download with the same bytes; returns it.
    static func expectSame(_ app: Application, _ token: String, before: String, paper: Data) async throws
        -> Components.Schemas.Binder
    {
        let after = try await app.api(.GET, "/api/binder", token: token)
        #expect(after.status == .ok && after.body.string == before)
        let will = try await Self.entry("The will", app, token)
        let download = try await app.download(try #require(will.documents.first).url, token: token)
        #expect(download.status == .ok && Data(download.body.readableBytesView) == paper)
        return try after.decoded(Components.Schemas.Binder.self)
    }

    /// The entry with this title, as the member reads it.
    static func entry(_ title: String, _ app: Application, _ token: String) async throws
        -> Components.Schemas.BinderEntry
    {
        let binder = try await app.api(.GET, "/api/binder", token: token).decoded(Components.Schemas.Binder.self)
        return try #require(binder.sections.flatMap(\.entries).first { $0.title == title })
    }
}
