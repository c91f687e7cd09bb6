import Fluent
import Foundation
import HeirloomAPI
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

/// `heirloom backup` while the hub is busy, and `heirloom restore` into a fresh hub, on SQLite or PostgreSQL.
@Suite("Backups")
struct BackupTests {
    @Test("A backup taken during uploads restores to a hub where every row's files are present")
    func backupDuringWrites() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("backup-\(UUID())")
        let restoredData = FileManager.default.temporaryDirectory.appendingPathComponent("restored-\(UUID())")
        defer {
            try? FileManager.default.removeItem(at: folder)
            try? FileManager.default.removeItem(at: restoredData)
        }
        var itemsInOriginal = 0
        var household: FullHousehold?
        try await withApp { app in
            // given
            let made = try await app.makeFullHousehold()
            household = made
            let photo = try await MediaFixtures.data("photo.png")

            // when: items with photos are added while the backup runs
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    for index in 0..<6 {
                        let item = try await app.api(
                            .POST, "/api/items", token: made.owner.token, json: ["name": "Busy item \(index)"])
                        let id = try item.decoded(Components.Schemas.Item.self).id
                        var bytes = photo
                        bytes.append(contentsOf: [UInt8(index)])  // a new file each time
                        _ = try await app.multipart(
                            "/api/items/\(id)/photos", token: made.owner.token, files: [("file", "p.png", bytes)])
                    }
                }
                group.addTask {
                    try await app.runCommand(BackupCommand(), ["heirloom", "--output", folder.path])
                }
                try await group.waitForAll()
            }
            itemsInOriginal = try await Item.query(on: app.db).count()
        }
        let made = try #require(household)
        let facts = try ExportJSON.decoder().decode(
            HubBackup.Facts.self, from: Data(contentsOf: folder.appendingPathComponent("backup.json")))
        #expect(facts.mediaFiles > 0 && facts.sizeBytes > 0)

        // then: restored into a fresh data folder and database
        let database = try await TestDatabase.make()
        let restored = RestoredHub(dataDirectory: restoredData, databaseURL: database.url)
        try FileManager.default.createDirectory(at: restoredData, withIntermediateDirectories: true)
        var config = try HeirloomConfig.load(from: [
            "HEIRLOOM_DATA_DIR": restoredData.path, "HEIRLOOM_PUBLIC_URL": "http://hub.test",
        ])
        if let url = database.url { config.database = .postgres(URL(string: url)!) }
        _ = try await HubBackup.restore(
            from: folder, config: config, store: BlobStore(dataDirectory: config.dataDirectory))
        do {
            try await withApp(TestOptions(restored: restored)) { app in
                try await app.runCommand(MediaGCCommand(), ["heirloom", "--dry-run"])
                let count = try await Item.query(on: app.db).count()
                #expect(count >= 1 && count <= itemsInOriginal)
                let report = try await MediaGarbageCollector(
                    db: app.db, pipeline: app.hub.media, now: app.hub.clock()
                ).dryRun()
                #expect(report.missing.isEmpty, "\(report.missing)")
                let owner = try await app.api(
                    .POST, "/api/auth/login", json: ["email": made.owner.email, "password": made.owner.password])
                #expect(owner.status == .ok, "passwords survive a backup: \(owner.body.string)")
                let token = try owner.decoded(Components.Schemas.AuthResponse.self).token
                let item = try await app.api(.GET, "/api/items/\(made.itemID)", token: token)
                #expect(item.body.string.contains("Grandmother’s silver tea set"))
            }
        } catch {
            try? await database.drop()
            throw error
        }
        try await database.drop()
    }

    @Test("A scheduled backup taken during uploads holds every file its database refers to")
    func scheduledBackupDuringUploads() async throws {
        let backups = FileManager.default.temporaryDirectory.appendingPathComponent("scheduled-\(UUID())")
        defer { try? FileManager.default.removeItem(at: backups) }
        var made: BackupStatus?
        try await withApp(TestOptions(extraEnvironment: ["HEIRLOOM_BACKUP_DIR": backups.path])) { app in
            // given a hub whose owner adds photos one after the other
            let owner = try await app.setUpHub()
            let item = try await app.api(.POST, "/api/items", token: owner.token, json: ["name": "Busy item"])
                .decoded(Components.Schemas.Item.self).id
            let photo = try await MediaFixtures.data("photo.png")

            // when the daily backup runs while they are stored
            made = try await withThrowingTaskGroup(of: BackupStatus?.self) { group in
                group.addTask {
                    for index in 0..<8 {
                        var bytes = photo
                        bytes.append(contentsOf: [UInt8(index)])  // a new file each time
                        let stored = try await app.multipart(
                            "/api/items/\(item)/photos", token: owner.token, files: [("file", "p.png", bytes)])
                        #expect(stored.status == .created, "\(stored.body.string)")
                    }
                    return nil
                }
                group.addTask {
                    // Once the first photos are in, with more on their way.
                    while try await MediaObject.query(on: app.db).count() < 2 {
                        try await Task.sleep(for: .milliseconds(5))
                    }
                    let services = app.hub
                    return await ScheduledBackup(
                        settings: try #require(services.config.backup), config: services.config, db: app.db,
                        store: services.media.store, now: services.clock()
                    ).run()
                }
                return try await group.reduce(nil) { $0 ?? $1 }
            }
        }

        // then the backup restores to a hub where every row's files are present
        let status = try #require(made)
        #expect(status.succeeded, "\(status.problem ?? "")")
        let missing = try await Self.missingFilesAfterRestoring(URL(fileURLWithPath: status.folder))
        #expect(missing.isEmpty, "\(missing)")
    }

    @Test(
        "A backup restores into a hub that keeps its media in a bucket: every file is uploaded, once",
        .enabled(if: TestS3.isAvailable, "needs an S3 service (HEIRLOOM_TEST_S3_ENDPOINT; scripts/with-s3.sh)"))
    func restoreIntoABucket() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("backup-\(UUID())")
        let restoredData = FileManager.default.temporaryDirectory.appendingPathComponent("restored-\(UUID())")
        defer {
            try? FileManager.default.removeItem(at: folder)
            try? FileManager.default.removeItem(at: restoredData)
        }
        // given a backup of a hub with a household, a photo and a film
        var made: FullHousehold?
        var photoURL = ""
        let photo = try await MediaFixtures.data("photo.jpg")
        try await withApp { app in
            made = try await app.makeFullHousehold()
            let owner = try #require(made?.owner)
            let stored = try await app.upload(photo, use: "photo", token: owner.token)
            photoURL = try stored.decoded(Components.Schemas.MediaFile.self).originalUrl
            let film = try await app.upload(
                try await MediaFixtures.data("clip.mp4"), use: "video", fileName: "clip.mp4", token: owner.token)
            #expect(film.status == .created, "\(film.body.string)")
            try await app.runCommand(BackupCommand(), ["heirloom", "--output", folder.path])
        }
        let household = try #require(made)
        try await TestS3.withClient { bucket in
            // when it is restored into a fresh data folder and database whose media are kept in an empty bucket
            let media = [
                "HEIRLOOM_MEDIA_URL": MediaLocations.bucket(bucket.settings.bucket, prefix: bucket.settings.prefix),
                "HEIRLOOM_S3_ENDPOINT": bucket.settings.endpoint.absoluteString,
                "HEIRLOOM_S3_REGION": bucket.settings.region,
                "HEIRLOOM_S3_ACCESS_KEY_ID": bucket.settings.accessKeyID,
                "HEIRLOOM_S3_SECRET_ACCESS_KEY": bucket.settings.secretAccessKey,
            ]
            let database = try await TestDatabase.make()
            var config = try HeirloomConfig.load(
                from: ["HEIRLOOM_DATA_DIR": restoredData.path, "HEIRLOOM_PUBLIC_URL": "http://hub.test"])
            if let url = database.url { config.database = .postgres(URL(string: url)!) }
            let store = try BlobStore(dataDirectory: restoredData, blobs: S3Blobs(client: bucket))
            _ = try await HubBackup.restore(from: folder, config: config, store: store)
            var uploaded: [BlobInfo] = []
            for try await blob in store.blobs.list() { uploaded.append(blob) }
            // and restored again: what the bucket holds already is left as it is
            _ = try await HubBackup.restore(from: folder, config: config, store: store)
            var again: [BlobInfo] = []
            for try await blob in store.blobs.list() { again.append(blob) }
            do {
                try await withApp(
                    TestOptions(
                        extraEnvironment: media,
                        restored: RestoredHub(dataDirectory: restoredData, databaseURL: database.url))
                ) { app in
                    // then every row's files are in the bucket with their SHA-256, and the photo reads back whole
                    #expect(app.hub.media.locations.configured.hasPrefix("s3://"))
                    #expect(try await MediaObject.query(on: app.db).count() >= 2)
                    #expect(try await MediaCheck(db: app.db, store: app.hub.media.store).run().isEmpty)
                    let login = try await app.api(
                        .POST, "/api/auth/login",
                        json: ["email": household.owner.email, "password": household.owner.password])
                    let token = try login.decoded(Components.Schemas.AuthResponse.self).token
                    let read = try await app.download(photoURL, token: token)
                    #expect(read.status == .ok && Data(read.body.readableBytesView) == photo)
                }
            } catch {
                try? await database.drop()
                throw error
            }
            try await database.drop()
            #expect(!uploaded.isEmpty)
            #expect(again.sorted { $0.sha256 < $1.sha256 } == uploaded.sorted { $0.sha256 < $1.sha256 })
            #expect(try await bucket.abandonedUploads().isEmpty)
        }
    }

    /// Restores `folder` into a fresh data folder and database and lists the rows whose files are missing.
    static func missingFilesAfterRestoring(_ folder: URL) async throws -> [String] {
        let restoredData = FileManager.default.temporaryDirectory.appendingPathComponent("restored-\(UUID())")
        defer { try? FileManager.default.removeItem(at: restoredData) }
        let database = try await TestDatabase.make()
        var config = try HeirloomConfig.load(from: [
            "HEIRLOOM_DATA_DIR": restoredData.path, "HEIRLOOM_PUBLIC_URL": "http://hub.test",
        ])
        if let url = database.url { config.database = .postgres(URL(string: url)!) }
        var missing: [String] = []
        do {
            _ = try await HubBackup.restore(
                from: folder, config: config, store: BlobStore(dataDirectory: config.dataDirectory))
            try await withApp(
                TestOptions(restored: RestoredHub(dataDirectory: restoredData, databaseURL: database.url))
            ) { app in
                #expect(try await MediaObject.query(on: app.db).count() > 0)
                missing = try await MediaGarbageCollector(
                    db: app.db, pipeline: app.hub.media, now: app.hub.clock()
                ).dryRun().missing
            }
        } catch {
            try? await database.drop()
            throw error
        }
        try await database.drop()
        return missing
    }

    @Test("media gc --dry-run names a row whose file is missing, and changes nothing")
    func dryRunFindsMissing() async throws {
        try await withApp { app in
            // given
            let made = try await app.makeFullHousehold()
            let objects = try await MediaObject.query(on: app.db).filter(\.$ownerType == ItemService.mediaOwnerType)
                .all()
            let object = try #require(objects.first)
            try await app.hub.media.store.delete(object.sha256)
            let before = try await app.hub.media.store.allBlobs().count

            // when
            let error = await #expect(throws: CommandFailure.self) {
                try await app.runCommand(MediaGCCommand(), ["heirloom", "--dry-run"])
            }

            // then
            #expect(error?.description.contains("1 file(s)") == true)
            #expect(try await app.hub.media.store.allBlobs().count == before)
            #expect(try await MediaObject.query(on: app.db).count() > 0)
            _ = made
        }
    }

    @Test("Settings shows owners the last backup; a failure is on Home until one succeeds")
    func statusOnPages() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("backups-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        try await withApp(TestOptions(extraEnvironment: ["HEIRLOOM_BACKUP_DIR": folder.path])) { app in
            // given
            let owner = try await app.setUpHub()
            let web = WebSession(app: app)
            _ = try await web.post("/login", ["email": owner.email, "password": owner.password])
            let services = app.hub
            // A file where the folder should be: the backup cannot be made.
            try Data("not a folder".utf8).write(to: folder)

            // when
            let failed = await ScheduledBackup(
                settings: try #require(services.config.backup), config: services.config, db: app.db,
                store: services.media.store, now: services.clock()
            ).run()

            // then
            #expect(!failed.succeeded)
            #expect(try await web.get("/").body.string.contains("The last backup failed"))
            #expect(try await web.get("/settings").body.string.contains("The last backup failed"))

            // when it works again
            try FileManager.default.removeItem(at: folder)
            let succeeded = await ScheduledBackup(
                settings: try #require(services.config.backup), config: services.config, db: app.db,
                store: services.media.store, now: services.clock()
            ).run()

            // then
            #expect(succeeded.succeeded, "\(succeeded.problem ?? "")")
            #expect(!(try await web.get("/").body.string.contains("The last backup failed")))
            #expect(try await web.get("/settings").body.string.contains("The last backup was made on"))
        }
    }
}
