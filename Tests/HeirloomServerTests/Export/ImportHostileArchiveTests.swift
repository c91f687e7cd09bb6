import Crypto
import Foundation
import HeirloomCore
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

/// `heirloom import` of archives made or changed by an attacker, into a hub that holds another household:
/// each is refused with a clear reason, writes nothing outside its own folder and changes nothing.
@Suite("Import of a hostile archive")
struct ImportHostileArchiveTests {
    /// The Millers' export, taken apart.
    static func millers() async throws -> (FullHousehold, ExportParts) {
        let (made, file) = try await ImportTests.exportedFullHousehold()
        defer { try? FileManager.default.removeItem(at: file) }
        return (made, try ExportParts(file))
    }

    /// Imports each changed archive into a hub with the Joneses, and checks it is refused, its reason naming
    /// `mentions`, and that the hub is as it was.
    static func expectRefused(
        _ cases: [(name: String, mentions: String, change: (inout ExportParts) throws -> Void)],
        from parts: ExportParts, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        try await withApp { app in
            let other = try await app.makeOtherHousehold()
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("hostile-\(UUID()).zip")
            defer { try? FileManager.default.removeItem(at: file) }
            for (name, mentions, change) in cases {
                // given
                let before = try await app.state(other)
                var changed = parts
                try change(&changed)
                try changed.write(to: file)

                // when
                let error = await app.importing(file)

                // then
                #expect(
                    error is CommandFailure, "\(name): \(String(describing: error))", sourceLocation: sourceLocation)
                #expect(
                    "\(error.map { "\($0)" } ?? "")".contains(mentions), "\(name): \(String(describing: error))",
                    sourceLocation: sourceLocation)
                #expect(
                    try await app.state(other) == before, "\(name): the hub changed", sourceLocation: sourceLocation)
            }
        }
    }

    @Test("A SHA-256 or a path in the manifest that leads out of the import's folder is refused and writes nothing")
    func pathsOutOfTheFolder() async throws {
        // given: a folder beside the hub's data folder, with a file in it
        let (_, parts) = try await Self.millers()
        let outside = FileManager.default.temporaryDirectory.appendingPathComponent("outside-\(UUID())")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: outside) }
        let victim = outside.appendingPathComponent("victim.txt")
        try Data("keep me".utf8).write(to: victim)
        // The import's scratch folder is DATA/tmp/import-…, and DATA is in the temporary directory too.
        let escape = "../../../\(outside.lastPathComponent)"
        let photo = try parts.media(".jpg")
        let sha = String(photo.dropFirst("media/".count).prefix(64))

        // when, then
        try await Self.expectRefused(
            [
                (
                    "manifest sha256 naming a file", photo,
                    { try $0.manifestEntry(photo, "sha256", to: "\(escape)/victim.txt") }
                ),
                (
                    "manifest sha256 naming a new file", photo,
                    { try $0.manifestEntry(photo, "sha256", to: "\(escape)/new") }
                ),
                ("manifest sha256 in capitals", photo, { try $0.manifestEntry(photo, "sha256", to: sha.uppercased()) }),
                (
                    "manifest path climbing out", "..",
                    { try $0.manifestEntry(photo, "path", to: "media/\(escape)/x.jpg") }
                ),
                ("manifest path absolute", "/", { try $0.manifestEntry(photo, "path", to: victim.path) }),
                (
                    "media.json sha256 naming a file", "media.json",
                    { try $0.replace(sha, with: "\(escape)/victim.txt", in: "media.json") }
                ),
            ], from: parts)
        #expect(try String(contentsOf: victim, encoding: .utf8) == "keep me")
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path) == ["victim.txt"])
    }

    @Test("A reference to a record outside the archive is refused, naming the file, and the other household is kept")
    func referencesOutsideTheArchive() async throws {
        let (made, parts) = try await Self.millers()
        try await withApp { app in
            let other = try await app.makeOtherHousehold()
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("hostile-\(UUID()).zip")
            defer { try? FileManager.default.removeItem(at: file) }
            let jonesItem = other.itemID
            let jonesBeneficiary = other.beneficiaryID
            let jonesMedia = other.mediaID
            let jonesOwner = other.owner.id
            let cases: [(String, String, (inout ExportParts) throws -> Void)] = [
                ("link to their item", "links.json", { try $0.set("links.json", [0, "itemId"], to: jonesItem) }),
                (
                    "link to their beneficiary", "links.json",
                    { try $0.set("links.json", [0, "beneficiaryId"], to: jonesBeneficiary) }
                ),
                (
                    "set holding their item", "sets.json",
                    { try $0.set("sets.json", [0, "members", 0, "itemId"], to: jonesItem) }
                ),
                (
                    "photo of theirs", "items.json",
                    { try $0.set("items.json", [0, "photos", 0, "mediaId"], to: jonesMedia) }
                ),
                (
                    "document of theirs", "items.json",
                    { try $0.set("items.json", [0, "documents", 0, "mediaId"], to: jonesMedia) }
                ),
                (
                    "story of theirs", "items.json",
                    { try $0.set("items.json", [0, "stories", 0, "mediaId"], to: jonesMedia) }
                ),
                (
                    "avatar of theirs", "people.json",
                    { try $0.set("people.json", [0, "avatarMediaId"], to: jonesMedia) }
                ),
                (
                    "memory file of theirs", "memories.json",
                    { try $0.set("memories.json", [0, "files", 0, "mediaId"], to: jonesMedia) }
                ),
                (
                    "memory of someone else", "memories.json",
                    { try $0.set("memories.json", [0, "personIds"], to: [4242]) }
                ),
                (
                    "face of someone else", "memories.json",
                    { try $0.set("memories.json", [0, "faces", 0, "personId"], to: 4242) }
                ),
                (
                    "media owned by their item", "media.json",
                    { try $0.set("media.json", [0, "ownerId"], to: jonesItem) }
                ),
                (
                    "media uploaded by them", "media.json",
                    { try $0.set("media.json", [0, "uploadedById"], to: jonesOwner) }
                ),
                ("item made by them", "items.json", { try $0.set("items.json", [0, "createdById"], to: jonesOwner) }),
                ("their item's id", "already", { try $0.replace(made.itemID, with: jonesItem) }),
                ("their beneficiary's id", "already", { try $0.replace(made.beneficiaryID, with: jonesBeneficiary) }),
            ]
            for (name, mentions, change) in cases {
                // given
                let before = try await app.state(other)
                var changed = parts
                try change(&changed)
                try changed.write(to: file)

                // when
                let error = await app.importing(file)

                // then
                #expect(error is CommandFailure, "\(name): \(String(describing: error))")
                #expect("\(error.map { "\($0)" } ?? "")".contains(mentions), "\(name): \(String(describing: error))")
                #expect(try await app.state(other) == before, "\(name): the hub changed")
            }

            // The same archive unchanged comes in beside them.
            try parts.write(to: file)
            let error = await app.importing(file)
            #expect(error == nil, "\(String(describing: error))")
        }
    }

    @Test("A record the API would refuse is refused, naming its file, and nothing is imported")
    func recordsTheAPIWouldRefuse() async throws {
        let (made, parts) = try await Self.millers()
        let tooLarge = (Money.maximumMajorUnits + 1) * 100
        try await Self.expectRefused(
            [
                (
                    "30 KB description", made.itemID,
                    { try $0.set("items.json", [0, "description"], to: String(repeating: "x", count: 20_001)) }
                ),
                ("quantity -5", made.itemID, { try $0.set("items.json", [0, "quantity"], to: -5) }),
                ("quantity 100001", "items.json", { try $0.set("items.json", [0, "quantity"], to: 100_001) }),
                ("value -5.00", "items.json", { try $0.set("items.json", [0, "estimatedValue"], to: -500) }),
                ("value too large", "items.json", { try $0.set("items.json", [0, "estimatedValue"], to: tooLarge) }),
                ("currency ZZZ", "items.json", { try $0.set("items.json", [0, "currency"], to: "ZZZ") }),
                ("no name", "items.json", { try $0.set("items.json", [0, "name"], to: "  ") }),
                (
                    "disposition unknown", "items.json",
                    { try $0.set("items.json", [0, "disposition", "value"], to: "burn") }
                ),
                ("valuation negative", "items.json", { try $0.set("items.json", [0, "valuation", "low"], to: -1) }),
                (
                    "document type", "documents.documentType",
                    { try $0.set("items.json", [0, "documents", 0, "documentType"], to: "deed") }
                ),
                (
                    "beneficiary email", "beneficiaries.json",
                    { try $0.set("beneficiaries.json", [0, "email"], to: "not an email") }
                ),
                ("link rule", "links.json", { try $0.set("links.json", [0, "accessPermission"], to: "whenever") }),
                ("person without a name", "people.json", { try $0.set("people.json", [0, "name"], to: "") }),
                (
                    "memory title", "memories.json",
                    { try $0.set("memories.json", [0, "title"], to: String(repeating: "y", count: 201)) }
                ),
                (
                    "face off the photo", "memories.json",
                    { try $0.set("memories.json", [0, "faces", 0, "x"], to: 5.0) }
                ),
                ("set of none", "sets.json", { try $0.set("sets.json", [0, "members", 0, "quantity"], to: 0) }),
                ("set type", "sets.json", { try $0.set("sets.json", [0, "type"], to: "heap") }),
                (
                    "household currency", "household.json",
                    { try $0.set("household.json", ["defaultCurrency"], to: "ZZZ") }
                ),
                ("member email", "members.json", { try $0.set("members.json", [1, "email"], to: "ben at home") }),
            ], from: parts)
    }

    @Test(
        "An archive whose files inflate far beyond their packed or declared size is refused before they fill the disk")
    func compressionBomb() async throws {
        // given: 64 MiB of zeros packed to some 64 KB, once listed with its true size and SHA-256, and once with its
        // ZIP entry and the manifest saying it is 1 MiB
        let (_, parts) = try await Self.millers()
        let zeros = Data(count: 64 << 20)
        let honest = FileManager.default.temporaryDirectory.appendingPathComponent("bomb-\(UUID()).zip")
        let forged = FileManager.default.temporaryDirectory.appendingPathComponent("bomb-\(UUID()).zip")
        defer {
            try? FileManager.default.removeItem(at: honest)
            try? FileManager.default.removeItem(at: forged)
        }
        var bomb = parts
        let name = "media/\(SHA256.hash(data: zeros).hex).jpg"
        try bomb.put(name, zeros)
        try bomb.write(to: honest, deflating: [name])
        let small = Data(count: 1 << 20)
        var liar = parts
        let liarName = "media/\(SHA256.hash(data: small).hex).jpg"
        try liar.put(liarName, small)
        liar.files[liarName] = zeros
        try liar.write(to: forged, deflating: [liarName])
        try ExportParts.declare(liarName, size: 1 << 20, in: forged)
        #expect(try Data(contentsOf: honest).count < 8 << 20)

        try await withApp { app in
            let other = try await app.makeOtherHousehold()
            for (file, mentions) in [(honest, "compress"), (forged, "larger than recorded")] {
                let before = try await app.state(other)

                // when
                let (error, peak) = await app.importingWatched(file)

                // then
                #expect("\(error.map { "\($0)" } ?? "")".contains(mentions), "\(String(describing: error))")
                #expect(peak < 4 << 20, "at most \(peak) bytes were unpacked")
                #expect(try await app.state(other) == before)
            }
        }
    }

    @Test("Files declared larger than the hub accepts or has room for are refused before anything is unpacked")
    func declaredSizes() async throws {
        let (_, parts) = try await Self.millers()
        let photo = try parts.media(".jpg")
        try await Self.expectRefused(
            [
                // More than any test machine has free, less than the hub's limit of 4 TiB.
                ("a 3 TiB photo", "free space", { try $0.manifestEntry(photo, "size", to: 3 << 40) }),
                (
                    "a petabyte photo", "more than this hub imports",
                    { try $0.manifestEntry(photo, "size", to: 1 << 50) }
                ),
                ("a negative size", photo, { try $0.manifestEntry(photo, "size", to: -1) }),
            ], from: parts)
    }
}
