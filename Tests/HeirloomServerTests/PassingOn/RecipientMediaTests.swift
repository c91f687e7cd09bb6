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

    @Test("a recipient reads a document by its title and kind, or by its file's name when it has no title")
    func documentsByTheirTitle() async throws {
        let clock = TestClock()
        try await withApp(clock: clock) { app in
            // given a receipt with a title and a scan without one, on an item left to Sam now
            let fixture = try await RecipientFixture.make(app, clock: clock)
            let path = "/api/items/\(fixture.now.id)/documents"
            let pdf = try await MediaFixtures.data("letter.pdf")
            let titled = try await app.multipart(
                path, token: fixture.owner.token, files: [("file", "scan-0042.pdf", pdf)],
                fields: ["title": "Receipt from Tiffany’s, 1962", "documentType": "receipt"])
            #expect(titled.status == .created, "\(titled.body.string)")
            let plain = try await app.multipart(
                path, token: fixture.owner.token, files: [("file", "IMG_2211.pdf", pdf)])
            #expect(plain.status == .created, "\(plain.body.string)")
            let token = try await app.recipientSession(fixture.sam.id, email: "sam@example.com", owner: fixture.owner)

            // when Sam reads the item
            let item = try await app.api(.GET, "/api/recipient/items/\(fixture.now.id)", token: token)
                .decoded(Components.Schemas.RecipientItem.self)

            // then the first is named by its title and kind, the second by its file's name
            #expect(item.documents.map(\.name) == ["Receipt from Tiffany’s, 1962", "IMG_2211.pdf"])
            #expect(item.documents.map(\.documentType) == [.receipt, .other])
            #expect(item.documents.map(\.fileName) == ["scan-0042.pdf", "IMG_2211.pdf"])
        }
    }
}
