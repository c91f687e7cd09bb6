import Crypto
import Foundation
import HeirloomAPI
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

/// Export → import into a fresh hub: the same household, read through the same API.
@Suite("Import")
struct ImportTests {
    /// Everything a member reads of the household, as the API answers it.
    static func listings(_ household: FullHousehold) -> [String] {
        [
            "/api/household", "/api/members", "/api/items", "/api/items/\(household.itemID)",
            "/api/items/\(household.itemID)/beneficiaries", "/api/items/\(household.itemID)/valuation",
            "/api/beneficiaries", "/api/beneficiaries/\(household.beneficiaryID)", "/api/people",
            "/api/people/\(household.personID)", "/api/memories", "/api/memories/\(household.memoryID)",
            "/api/items?q=silver", "/api/sets", "/api/estate/summary",
        ]
    }

    @Test("A household with every kind of record comes back identical in a fresh hub")
    func roundTrip() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("export-\(UUID()).zip")
        defer { try? FileManager.default.removeItem(at: file) }
        var before: [String: String] = [:]
        var originals: [String: Data] = [:]
        var household: FullHousehold?
        try await withApp { app in
            // given
            let made = try await app.makeFullHousehold()
            household = made
            for path in Self.listings(made) {
                let response = try await app.api(.GET, path, token: made.owner.token)
                #expect(response.status == .ok, "\(path): \(response.body.string)")
                before[path] = response.body.string
            }
            originals = try await Self.originals(app, before: before, token: made.owner.token)
            let export = try await app.download("/api/export", token: made.owner.token)
            try Data(export.body.readableBytesView).write(to: file)
        }
        let made = try #require(household)

        try await withApp { app in
            // when
            try await app.runCommand(ImportCommand(), ["heirloom", file.path])

            // then
            let owner = try await app.signInAfterImport(email: made.owner.email)
            for path in Self.listings(made) {
                let response = try await app.api(.GET, path, token: owner)
                #expect(response.status == .ok, "\(path): \(response.body.string)")
                #expect(response.body.string == before[path], "\(path)")
            }
            let after = try await Self.originals(app, before: before, token: owner)
            #expect(after.keys.sorted() == originals.keys.sorted())
            for (url, data) in originals { #expect(after[url] == data, "the same bytes at \(url)") }
            for url in before.values.flatMap(Self.urls) where url.contains("/thumbnail") || url.contains("/display") {
                #expect(try await app.download(url, token: owner).status == .ok, "renditions made again: \(url)")
            }
            let newMemory = try await app.sendParts(
                "/api/memories", token: owner,
                parts: [.text("type", "text"), .text("title", "After the move"), .text("content", "Hello")])
            #expect(newMemory.status == .created, "new rows get new ids: \(newMemory.body.string)")
        }
    }

    @Test("A household kept in a SQLite file comes back in this run's database (PostgreSQL under make test)")
    func fromSQLiteFile() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("export-\(UUID()).zip")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sqlite-hub-\(UUID())")
        defer {
            try? FileManager.default.removeItem(at: file)
            try? FileManager.default.removeItem(at: folder)
        }
        var before: [String: String] = [:]
        var household: FullHousehold?
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try await withApp(TestOptions(restored: RestoredHub(dataDirectory: folder, databaseURL: nil))) { app in
            let made = try await app.makeFullHousehold()
            household = made
            for path in Self.listings(made) {
                before[path] = try await app.api(.GET, path, token: made.owner.token).body.string
            }
            try Data(try await app.download("/api/export", token: made.owner.token).body.readableBytesView)
                .write(to: file)
        }
        let made = try #require(household)

        try await withApp { app in
            try await app.runCommand(ImportCommand(), ["heirloom", file.path])
            let owner = try await app.signInAfterImport(email: made.owner.email)
            for path in Self.listings(made) {
                let response = try await app.api(.GET, path, token: owner)
                #expect(response.body.string == before[path], "\(path)")
            }
        }
    }

    @Test("An imported member chooses a password with a one-time link from Settings or the import")
    func passwordLink() async throws {
        let (made, file) = try await Self.exportedFullHousehold()
        defer { try? FileManager.default.removeItem(at: file) }

        try await withApp { app in
            // given: the household imported, and its owner signed in again
            try await app.runCommand(ImportCommand(), ["heirloom", file.path])
            let owner = try await app.signInAfterImport(email: made.owner.email)
            let login = try await app.api(
                .POST, "/api/auth/login", json: ["email": made.editor.email, "password": made.editor.password])
            #expect(login.status == .unauthorized, "no password yet")
            let web = WebSession(app: app)
            _ = try await web.post(
                "/login", ["email": made.owner.email, "password": "a new password after the move"])
            let settings = try await web.get("/settings").body.string
            #expect(settings.contains("Waiting for a new password") && settings.contains("Ben Miller"))

            // when: the owner makes the editor a link, and the editor uses it
            let page = try await web.post("/settings/members/\(made.editor.id)/password-link", [:]).body.string
            let url = try #require(page.components(separatedBy: "\"").first { $0.contains("/password/") })
            let path = String(url.dropFirst("http://hub.test".count))
            let stranger = WebSession(app: app)
            #expect(try await stranger.get(path).body.string.contains("Choose a password"))
            let mismatch = try await stranger.post(
                path, ["newPassword": "ben's new password", "confirmPassword": "something else entirely"])
            #expect(mismatch.status == .unprocessableEntity)
            let set = try await stranger.post(
                path, ["newPassword": "ben's new password", "confirmPassword": "ben's new password"])

            // then
            #expect(set.status == .seeOther && set.headers.first(name: .location) == "/login?done=password-set")
            let again = try await app.api(
                .POST, "/api/auth/login", json: ["email": made.editor.email, "password": "ben's new password"])
            #expect(again.status == .ok)
            #expect(try await stranger.get(path).status == .gone, "a link works once")
            let waiting = try await web.get("/settings").body.string
            #expect(
                !waiting.contains("link to print<span class=\"visually-hidden\"> for Ben Miller")
                    && waiting.contains("link to print<span class=\"visually-hidden\"> for Cara Miller"))

            // when: the owner emails the viewer her link instead
            let emailed = try await web.post(
                "/settings/members/\(made.viewer.id)/password-link", ["send": "email"])
            #expect(emailed.headers.first(name: .location) == "/settings?done=password-link-emailed")
            let outbox = try await app.api(.GET, "/api/outbox", token: owner)
            let messages = try outbox.decoded(Components.Schemas.OutboxList.self).messages
            let mail = try #require(messages.first { $0.toEmail == made.viewer.email })
            #expect(mail.status == .queued && mail.subject.contains("Choose your password"))
            let emailedPath = String(try #require(mail.link).dropFirst("http://hub.test".count))
            let cara = try await stranger.post(
                emailedPath, ["newPassword": "cara's new password", "confirmPassword": "cara's new password"])
            #expect(cara.status == .seeOther)
            #expect(!(try await web.get("/settings").body.string.contains("Waiting for a new password")))
        }
    }

    /// A household with every kind of record, made in a hub of its own and exported to a file.
    static func exportedFullHousehold() async throws -> (FullHousehold, URL) {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("export-\(UUID()).zip")
        var household: FullHousehold?
        try await withApp { app in
            let made = try await app.makeFullHousehold()
            household = made
            try Data(try await app.download("/api/export", token: made.owner.token).body.readableBytesView)
                .write(to: file)
        }
        return (try #require(household), file)
    }

    @Test("heirloom import --email-links puts each member's password link in the outbox instead of printing it")
    func emailLinks() async throws {
        let (made, file) = try await Self.exportedFullHousehold()
        defer { try? FileManager.default.removeItem(at: file) }
        try await withApp { app in
            try await app.runCommand(ImportCommand(), ["heirloom", file.path, "--email-links"])
            let messages = try await OutboxMessage.query(on: app.db).all()
            #expect(
                Set(messages.map(\.toEmail)) == [made.owner.email, made.editor.email, made.viewer.email])
            #expect(messages.allSatisfy { $0.purpose == "passwordLink" && $0.status == .queued })
            let path = String(
                try #require(messages.first { $0.toEmail == made.owner.email }?.link).dropFirst(
                    "http://hub.test".count))
            let set = try await WebSession(app: app).post(
                path,
                ["newPassword": "a new password after the move", "confirmPassword": "a new password after the move"])
            #expect(set.status == .seeOther)
            let login = try await app.api(
                .POST, "/api/auth/login",
                json: ["email": made.owner.email, "password": "a new password after the move"])
            #expect(login.status == .ok)
        }
    }

    @Test("A hub that holds the household already refuses it, and nothing changes")
    func refusesExisting() async throws {
        try await withApp { app in
            // given
            let made = try await app.makeFullHousehold()
            let file = try await app.exportToFile(made.owner.token)
            defer { try? FileManager.default.removeItem(at: file) }
            let blobs = try await app.hub.media.store.allBlobs().count

            // when
            let error = await #expect(throws: CommandFailure.self) {
                try await app.runCommand(ImportCommand(), ["heirloom", file.path])
            }

            // then
            #expect(error?.description.contains("already holds the household “The Miller Family”") == true)
            #expect(try await Household.query(on: app.db).count() == 1)
            #expect(try await app.hub.media.store.allBlobs().count == blobs)
        }
    }

    @Test("A changed byte in one photo stops the import, naming the file, before anything is written")
    func damagedFile() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("export-\(UUID()).zip")
        defer { try? FileManager.default.removeItem(at: file) }
        var damaged = ""
        try await withApp { app in
            let made = try await app.makeFullHousehold()
            var bytes = [UInt8](
                Data(try await app.download("/api/export", token: made.owner.token).body.readableBytesView))
            // The photo's bytes are stored as they are: flip one in the middle of its data.
            let photo = try #require(
                try ZIPContents(Data(bytes)).names.first { $0.hasPrefix("media/") && $0.hasSuffix(".jpg") })
            damaged = photo
            let header = try #require(Self.find(Array(photo.utf8), in: bytes))
            bytes[header + photo.utf8.count + 2000] ^= 0xFF
            try Data(bytes).write(to: file)
        }

        try await withApp { app in
            // when
            let error = await #expect(throws: CommandFailure.self) {
                try await app.runCommand(ImportCommand(), ["heirloom", file.path])
            }

            // then
            let households = try await Household.query(on: app.db).count()
            let files = try await MediaObject.query(on: app.db).count()
            #expect(error?.description.contains(damaged) == true, "\(String(describing: error))")
            #expect(households == 0 && files == 0)
            #expect(try await app.hub.media.store.allBlobs().isEmpty, "no file entered the store")
        }
    }

    static func urls(in json: String) -> [String] {
        json.components(separatedBy: "\"").filter { $0.hasPrefix("/api/media/") }
    }

    static func originals(_ app: Application, before: [String: String], token: String) async throws -> [String: Data] {
        var files: [String: Data] = [:]
        for url in before.values.flatMap(urls) where url.hasSuffix("/original") {
            files[url] = Data(try await app.download(url, token: token).body.readableBytesView)
        }
        return files
    }

    static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard needle.count <= haystack.count else { return nil }
        // The name as it follows its local file header (signature PK\u{3}\u{4}, 30 bytes before the name).
        for start in 30...(haystack.count - needle.count) where haystack[start] == needle[0] {
            if haystack[start - 30..<start - 26] == [0x50, 0x4B, 0x03, 0x04],
                Array(haystack[start..<start + needle.count]) == needle
            {
                return start
            }
        }
        return nil
    }
}

extension Application {
    /// Runs a `heirloom` subcommand as the binary would, with these arguments after the program's name.
    func runCommand(_ command: some AsyncCommand, _ arguments: [String]) async throws {
        var context = CommandContext(console: console, input: CommandInput(arguments: arguments))
        context.application = self
        try await command.run(using: &context)
    }

    /// Sets an imported member's password as `heirloom reset-password` does, and signs in.
    func signInAfterImport(email: String) async throws -> String {
        let password = "a new password after the move"
        _ = try await hub.accounts(db: db, client: client).resetPassword(email: email, to: password)
        let login = try await api(.POST, "/api/auth/login", json: ["email": email, "password": password])
        #expect(login.status == .ok, "\(login.body.string)")
        return try login.decoded(Components.Schemas.AuthResponse.self).token
    }

    func exportToFile(_ token: String) async throws -> URL {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("export-\(UUID()).zip")
        try Data(try await download("/api/export", token: token).body.readableBytesView).write(to: file)
        return file
    }
}
