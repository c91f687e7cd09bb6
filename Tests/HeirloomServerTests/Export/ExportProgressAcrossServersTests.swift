import Foundation
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

@Suite("A followed export with several servers")
struct ExportProgressAcrossServersTests {
    @Test("a download made through one server is followed to its end through the other")
    func followedThroughTheOther() async throws {
        try await withTwoServers { a, b in
            // given
            let owner = try await a.setUpHub()
            let id = "3b1d3c4e-8f0a-4b7e-9c2d-1a2b3c4d5e6f"
            // when the archive comes from one server
            let archive = try await a.download("/api/export?progress=\(id)", token: owner.token)
            // then the other answers how far it got
            let followed = try await b.api(.GET, "/api/export/progress/\(id)", token: owner.token)
            #expect(archive.status == .ok)
            #expect(followed.status == .ok)
            #expect(try followed.content.get(String.self, at: "state") == "done")
            #expect(try followed.content.get(Int.self, at: "written") == archive.body.readableBytes)
        }
    }
}
