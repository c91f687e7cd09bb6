import Crypto
import Fluent
import Foundation
import HeirloomAPI
import NIOConcurrencyHelpers
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

/// `heirloom media migrate`: every file moves to another store and back while the hub serves, each copy is
/// checked, and nothing a family sees changes.
@Suite("Moving the media between stores")
struct MediaMoveTests {
    @Test(
        "Photos, films, recordings and journal audio move away and back while uploads go on; pages and export stay the same"
    )
    func moveAndBack() async throws {
        let clock = TestClock()
        let rounds = UploadRounds()
        var options = TestOptions(allowSignup: true)
        // The move's wait for the hubs to notice its switch lasts three rounds of uploads and reads, not seconds.
        options.wait = { _ in await rounds.waitForMore(3) }
        try await withApp(options, clock: clock) { app in
            // given a household with photos, a film, recordings and a journal voice card
            let made = try await app.makeFullHousehold()
            let film = try await app.sendParts(
                "/api/memories", token: made.owner.token,
                parts: [
                    .text("type", "video"), .text("title", "First steps"),
                    .file(
                        "file", fileName: "clip.mp4", contentType: "video/mp4", try await MediaFixtures.data("clip.mp4")
                    ),
                ])
            #expect(film.status == .created, "\(film.body.string)")
            let voice = try await app.voiceCard(
                made.owner,
                parts: [
                    ("drawerId", try #require(try await app.journalDrawers(made.owner)["Daily"])),
                    ("title", "Thursday"),
                ],
                file: try await MediaFixtures.data("story.m4a"))
            #expect(voice.status == .created, "\(voice.body.string)")
            let browser = WebSession(app: app)
            try await browser.post("/login", ["email": made.owner.email, "password": made.owner.password])
            let before = try await Self.looks(app, made, browser)
            let home = app.hub.media.locations.configured
            let away = FileManager.default.temporaryDirectory.appendingPathComponent("heirloom-away-\(UUID())")
            defer { try? FileManager.default.removeItem(at: away) }

            // when the media move to a folder while another family uploads and this one looks
            let sam = try await Self.otherFamily(app)
            try await Self.move(app, to: MediaLocations.folder(away), whileServing: made, sam, rounds)

            // then every file is in the new store with its SHA-256, the old one can go, and nothing looks different
            #expect(try await Self.findings(app, in: MediaLocations.folder(away)).isEmpty)
            try await Self.empty(home, app)
            #expect(try await Self.looks(app, made, browser) == before)

            // and back again, to where they started
            try await Self.move(app, to: home, whileServing: made, sam, rounds)
            #expect(try await Self.findings(app, in: home).isEmpty)
            try FileManager.default.removeItem(at: away)
            #expect(try await Self.looks(app, made, browser) == before)
            #expect(try await MediaCheck(db: app.db, store: app.hub.media.store).run().isEmpty)
        }
    }

    @Test("A move to where the media are, or while another move is unfinished, is refused and changes nothing")
    func refusals() async throws {
        try await withApp { app in
            _ = try await app.setUpHub()
            let home = app.hub.media.locations.configured
            let error = await #expect(throws: CommandFailure.self) {
                try await app.runCommand(MediaMigrateCommand(), ["heirloom", "--to", home])
            }
            #expect(error?.description.contains("already") == true)
            let unfinished = MediaMove()
            (unfinished.from, unfinished.to, unfinished.state, unfinished.startedAt) =
                (home, "file:///srv/elsewhere", "copying", Date())
            try await unfinished.create(on: app.db)
            let other = await #expect(throws: CommandFailure.self) {
                try await app.runCommand(MediaMigrateCommand(), ["heirloom", "--to", "file:///srv/third"])
            }
            #expect(other?.description.contains("file:///srv/elsewhere") == true)
            #expect(try await MediaMove.query(on: app.db).count() == 1)
        }
    }

    @Test("A store this server cannot open (a move to a bucket it has no keys for) is a 503 in plain words, not a 500")
    func storeThatCannotBeOpened() async throws {
        try await withApp { app in
            // given a hub whose latest move, recorded by another server, switched the media to a bucket
            let owner = try await app.setUpHub()
            let moved = MediaMove()
            (moved.from, moved.to, moved.state, moved.startedAt) =
                (app.hub.media.locations.configured, "s3://elsewhere/media", "switched", Date())
            try await moved.create(on: app.db)
            // when a photo is uploaded
            let answer = try await app.upload(
                try await MediaFixtures.data("photo.jpg"), use: "photo", token: owner.token)
            // then the store is unavailable for now, in the plain words of the JSON error, and nothing is recorded
            #expect(answer.status == .serviceUnavailable, "\(answer.body.string)")
            #expect(try answer.apiError.code == "media_store_unavailable")
            #expect(try await MediaObject.query(on: app.db).count() == 0)
        }
        // and a bucket without HEIRLOOM_S3_* says, from a command, what is missing
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("heirloom-open-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let locations = MediaLocations(
            configured: MediaLocations.folder(folder), defaultFolder: folder, openBucket: nil)
        let error = #expect(throws: MediaError.self) { try locations.open("s3://family/media") }
        #expect(error.map(CommandLineFailure.reason(for:))?.contains("HEIRLOOM_S3_ENDPOINT") == true)
    }

    /// Runs the move while a second family uploads photos and the first downloads its files, round after round from
    /// its start to its end (three of them while the hubs notice the switch): every answer is a success, and every
    /// upload is kept.
    static func move(
        _ app: Application, to target: String, whileServing made: FullHousehold, _ sam: String, _ rounds: UploadRounds
    ) async throws {
        let photo = try await MediaFixtures.data("photo.jpg")
        let household = try #require(UUID(uuidString: made.owner.householdID))
        let originals = try await MediaObject.query(on: app.db).filter(\.$household.$id == household).all()
        let moved = NIOLockedValueBox(false)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                defer { moved.withLockedValue { $0 = true } }
                try await app.runCommand(MediaMigrateCommand(), ["heirloom", "--to", target])
            }
            group.addTask {
                defer { rounds.releaseAll() }  // a failed round must not leave the move waiting
                while !moved.withLockedValue({ $0 }), !Task.isCancelled {
                    var bytes = photo
                    bytes.append(contentsOf: Array("round \(UUID())".utf8))  // a new file each time
                    let upload = try await app.upload(bytes, use: "photo", token: sam)
                    #expect(upload.status == .created, "\(upload.body.string)")
                    for object in originals {
                        let read = try await app.download(
                            "/api/media/\(object.requireID())/original", token: made.owner.token)
                        #expect(read.status == .ok, "\(read.body.string)")
                    }
                    rounds.finishOne()
                }
            }
            try await group.waitForAll()
        }
        #expect(rounds.finished >= 3)
    }

    /// What the family sees: the export's bytes, the item and memory pages, and the item's JSON.
    static func looks(_ app: Application, _ made: FullHousehold, _ browser: WebSession) async throws -> [String] {
        let export = try await app.download("/api/export", token: made.owner.token)
        #expect(export.status == .ok, "\(export.body.string)")
        return [
            SHA256.hash(data: Data(export.body.readableBytesView)).map { String(format: "%02x", $0) }.joined(),
            try await browser.get("/items/\(made.itemID)").body.string,
            try await browser.get("/memories/\(made.memoryID)").body.string,
            try await app.api(.GET, "/api/items/\(made.itemID)", token: made.owner.token).body.string,
        ]
    }

    /// What `media check` finds when the hub's rows are read against the store at `location`.
    static func findings(_ app: Application, in location: String) async throws -> [MediaCheck.Finding] {
        let store = try BlobStore(
            dataDirectory: FileManager.default.temporaryDirectory.appendingPathComponent("heirloom-check-\(UUID())"),
            blobs: app.hub.media.locations.open(location))
        return try await MediaCheck(db: app.db, store: store).run()
    }

    /// Removes every blob of the store at `location`, as someone clearing the old store after a move would.
    static func empty(_ location: String, _ app: Application) async throws {
        let blobs = try app.hub.media.locations.open(location)
        for try await blob in blobs.list() { try await blobs.delete(blob.sha256) }
        if let folder = await blobs.primaryFolder { try FileManager.default.removeItem(at: folder.root) }
    }

    /// A second household, made by sign-up; its owner's token.
    static func otherFamily(_ app: Application) async throws -> String {
        let registered = try await app.api(
            .POST, "/api/auth/register",
            json: [
                "householdName": "The Smiths", "name": "Sam Smith", "email": "sam@example.com",
                "password": "sam's long password",
            ])
        #expect(registered.status == .created, "\(registered.body.string)")
        return try registered.decoded(Components.Schemas.AuthResponse.self).token
    }
}

/// A store that breaks after a few files, as a disk that fills or a service that goes away part-way.
struct BreakingBlobs: BlobBackend {
    let base: FolderBlobs
    let adoptsLeft: NIOLockedValueBox<Int>

    var location: String { base.location }
    var primaryFolder: FolderBlobs? { base }
    func adopt(_ file: URL, sha256: String) async throws {
        guard
            adoptsLeft.withLockedValue({ left in
                defer { left -= 1 }
                return left > 0
            })
        else {
            throw MediaError.storeUnavailable("the disk is full")
        }
        try await base.adopt(file, sha256: sha256)
    }
    func delete(_ sha256: String) async throws { try await base.delete(sha256) }
    func info(_ sha256: String) async throws -> BlobInfo? { try await base.info(sha256) }
    func list() -> AsyncThrowingStream<BlobInfo, any Error> { base.list() }
    func read(_ sha256: String, range: ClosedRange<Int64>?) async throws -> BlobBytes {
        try await base.read(sha256, range: range)
    }
    func withLocalFile<T: Sendable>(_ sha256: String, scratch: URL, _ body: (URL) async throws -> T) async throws -> T {
        try await base.withLocalFile(sha256, scratch: scratch, body)
    }
    func copy(_ sha256: String, to file: URL) async throws { try await base.copy(sha256, to: file) }
    func localPath(_ sha256: String) async -> URL? { base.localPath(sha256) }
    func stage() async throws -> (any BlobStaging)? { nil }
    func adopt(_ file: URL, sha256: String, staged: StagedBlob) async throws { try await adopt(file, sha256: sha256) }
    func sweepLeftovers(olderThan moment: Date) async throws -> [String] { [] }
}

extension MediaMoveTests {
    @Test("A move stopped part-way starts again where it left off: what was copied and checked is not copied again")
    func resumes() async throws {
        try await withApp { app in
            // given a household's media, and a move to a folder whose disk fills after three files
            _ = try await app.makeFullHousehold()
            let away = FileManager.default.temporaryDirectory.appendingPathComponent("heirloom-away-\(UUID())")
            defer { try? FileManager.default.removeItem(at: away) }
            let target = MediaLocations.folder(away)
            let locations = app.hub.media.locations
            let breaking = BreakingBlobs(base: try FolderBlobs(root: away), adoptsLeft: NIOLockedValueBox(3))
            let scratch = app.hub.media.store.temporaryDirectory
            var mover = MediaMover(
                db: app.db, open: { $0 == target ? breaking : try locations.open($0) }, scratch: scratch,
                lock: app.hub.media.store)
            mover.settle = .zero
            await #expect(throws: MediaError.self) {
                _ = try await mover.move(configured: locations.configured, to: target) { _ in }
            }
            #expect(try await MediaMove.latest(on: app.db)?.state == "copying", "not switched")
            #expect(try await MediaMoveCopy.query(on: app.db).count() == 3)

            // when it runs again
            var again = MediaMover(db: app.db, open: locations.open, scratch: scratch, lock: app.hub.media.store)
            again.settle = .zero
            let summary = try await again.move(configured: locations.configured, to: target) { _ in }

            // then only the rest is copied, and every file is there with its SHA-256
            var wanted = Set<String>()
            for object in try await MediaObject.query(on: app.db).all() { wanted.formUnion(object.blobHashes) }
            #expect(summary.copied == wanted.count - 3)
            #expect(try await MediaMove.latest(on: app.db)?.state == "done")
            #expect(try await Self.findings(app, in: target).isEmpty)
        }
    }
}

/// Counts the rounds of uploads during a move, and lets a wait last until a number of them more have finished.
final class UploadRounds: Sendable {
    private let state = NIOLockedValueBox<(finished: Int, waiting: [(until: Int, CheckedContinuation<Void, Never>)])>(
        (0, []))

    var finished: Int { state.withLockedValue { $0.finished } }

    func finishOne() {
        let ready = state.withLockedValue { state in
            state.finished += 1
            let finished = state.finished
            let ready = state.waiting.filter { $0.until <= finished }.map(\.1)
            state.waiting.removeAll { $0.until <= finished }
            return ready
        }
        for continuation in ready { continuation.resume() }
    }

    /// Ends every wait, whatever the count.
    func releaseAll() {
        let waiting = state.withLockedValue { state in
            defer { state.waiting = [] }
            return state.waiting.map(\.1)
        }
        for continuation in waiting { continuation.resume() }
    }

    func waitForMore(_ count: Int) async {
        await withCheckedContinuation { continuation in
            state.withLockedValue { state in
                state.waiting.append((state.finished + count, continuation))
            }
        }
    }
}
