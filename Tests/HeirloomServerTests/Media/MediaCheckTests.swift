import Foundation
import Testing
import Vapor

@testable import HeirloomServer

/// `heirloom media check` reads every blob the rows refer to, in whichever store the hub keeps them.
@Suite("media check")
struct MediaCheckTests {
    @Test("A whole store passes; a blob gone or with other bytes is named with its file, and nothing is changed")
    func findsMissingAndDamaged() async throws {
        try await withApp { app in
            // given a household with photos, a recording and documents
            _ = try await app.makeFullHousehold()
            let store = app.hub.media.store
            try await app.runCommand(MediaCheckCommand(), ["heirloom"])
            let objects = try await MediaObject.query(on: app.db).sort(\.$createdAt).all()
            let gone = try #require(objects.first)
            let damaged = try #require(objects.last(where: { $0.sha256 != gone.sha256 }))

            // when one blob is deleted and another's bytes are changed behind the hub's back
            try await store.delete(gone.sha256)
            let other = store.temporaryFile()
            try Data(repeating: 7, count: Int(damaged.sizeBytes)).write(to: other)
            try await store.delete(damaged.sha256)
            try await store.adopt(other, sha256: damaged.sha256)

            // then the check names both, and fails
            let findings = try await MediaCheck(db: app.db, store: store).run()
            #expect(findings.map(\.sha256).sorted() == [gone.sha256, damaged.sha256].sorted())
            #expect(findings.first { $0.sha256 == gone.sha256 }?.problem == .missing)
            #expect(findings.first { $0.sha256 == damaged.sha256 }?.problem == .wrongBytes)
            #expect(findings.contains { $0.description.contains(gone.originalName) })
            let error = await #expect(throws: CommandFailure.self) {
                try await app.runCommand(MediaCheckCommand(), ["heirloom"])
            }
            #expect(error?.description.contains("2 file(s)") == true)
            #expect(try await MediaObject.query(on: app.db).count() == objects.count)
        }
    }
}
