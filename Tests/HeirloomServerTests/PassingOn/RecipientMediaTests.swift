import Foundation
import HeirloomAPI
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

@Suite("Passing on: what a recipient's files carry")
struct RecipientMediaTests {
    @Test("a recipient asking for a photo's original gets the rendition without its GPS position")
    func noGPSLeavesTheHub() async throws {
        let clock = TestClock()
        try await withApp(clock: clock) { app in
            // given a photo with EXIF and a GPS position on an item left to Sam now
            let fixture = try await RecipientFixture.make(app, clock: clock)
            let photo = try await app.multipart(
                "/api/items/\(fixture.now.id)/photos", token: fixture.owner.token,
                files: [("file", "brooch.jpg", try await MediaFixtures.data("rotated.jpg"))])
            #expect(photo.status == .created, "\(photo.body.string)")
            let original = try #require(try photo.decoded(Components.Schemas.Item.self).photos.first).originalUrl
            let mediaID = original.split(separator: "/").dropLast().last.map(String.init) ?? ""
            let owners = try await app.download(original, token: fixture.owner.token)
            #expect(owners.status == .ok)
            #expect(Data(owners.body.readableBytesView).range(of: Data("Exif".utf8)) != nil)
            let token = try await app.recipientSession(
                fixture.sam.id, email: "sam@example.com", owner: fixture.owner)

            // when Sam opens the photo's address from the item, and asks for the original by name
            let item = try await app.api(.GET, "/api/recipient/items/\(fixture.now.id)", token: token)
            let url = try #require(try item.decoded(Components.Schemas.RecipientItem.self).photos.first).url
            for path in [url, "/api/recipient/media/\(mediaID)/original"] {
                let served = try await app.download(path, token: token)

                // then a JPEG comes back without EXIF (so without the GPS position)
                #expect(served.status == .ok, "\(path)")
                #expect(served.headers.contentType == HTTPMediaType(type: "image", subType: "jpeg"))
                let bytes = Data(served.body.readableBytesView)
                #expect(bytes.starts(with: [0xFF, 0xD8]))
                #expect(bytes.range(of: Data("Exif".utf8)) == nil, "\(path)")
                #expect(bytes.range(of: Data("GPS".utf8)) == nil, "\(path)")
            }
        }
    }
}
