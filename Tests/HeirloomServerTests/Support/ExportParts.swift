import Crypto
import Foundation
import HeirloomAPI
import NIOConcurrencyHelpers
import Testing
import Vapor
import ZIPFoundation

@testable import HeirloomServer

/// An export taken apart: its files in order, to change and zip again.
///
/// `reseal()` makes the manifest list the files as they are now, so that only the importer's other checks can
/// refuse what was changed; the manifest can then be changed on its own.
struct ExportParts {
    var names: [String] = []
    var files: [String: Data] = [:]

    init(_ url: URL) throws {
        let archive = try Archive(url: url, accessMode: .read)
        for entry in archive {
            var data = Data()
            _ = try archive.extract(entry) { data.append($0) }
            names.append(entry.path)
            files[entry.path] = data
        }
    }

    /// A JSON file, decoded as `JSONSerialization` reads it.
    func json(_ name: String) throws -> Any {
        try JSONSerialization.jsonObject(with: files[name] ?? Data(), options: [.fragmentsAllowed])
    }

    /// Sets the value at `path` (keys of objects and indexes of arrays) in a JSON file, and reseals.
    mutating func set(_ name: String, _ path: [any Sendable], to value: Any?) throws {
        let changed = Self.setting(try json(name), path[...], to: value)
        files[name] = try JSONSerialization.data(withJSONObject: changed, options: [.fragmentsAllowed])
        try reseal()
    }

    /// Replaces a text everywhere in the JSON records (an id, say), and reseals.
    mutating func replace(_ old: String, with new: String, in only: String? = nil) throws {
        for name in names where name.hasSuffix(".json") && name != "manifest.json" && (only ?? name) == name {
            files[name] = Data(
                String(decoding: files[name] ?? Data(), as: UTF8.self).replacingOccurrences(
                    of: old, with: new
                ).utf8)
        }
        try reseal()
    }

    /// Adds a file (listed in the manifest) or replaces one.
    mutating func put(_ name: String, _ data: Data) throws {
        if files[name] == nil { names.append(name) }
        files[name] = data
        try reseal()
    }

    /// Lists every file in the manifest with its present size and SHA-256.
    mutating func reseal() throws {
        var manifest = try json("manifest.json") as? [String: Any] ?? [:]
        manifest["files"] = names.filter { $0 != "manifest.json" }.map { name -> [String: Any] in
            let data = files[name] ?? Data()
            return ["path": name, "size": data.count, "sha256": SHA256.hash(data: data).hex]
        }
        files["manifest.json"] = try JSONSerialization.data(withJSONObject: manifest)
    }

    /// Changes the manifest's entry for one file (its sha256, path or size), without resealing.
    mutating func manifestEntry(_ path: String, _ key: String, to value: Any) throws {
        var manifest = try json("manifest.json") as? [String: Any] ?? [:]
        var files = manifest["files"] as? [[String: Any]] ?? []
        for index in files.indices where files[index]["path"] as? String == path { files[index][key] = value }
        manifest["files"] = files
        self.files["manifest.json"] = try JSONSerialization.data(withJSONObject: manifest)
    }

    /// The name of the first media file whose name ends with `suffix`.
    func media(_ suffix: String) throws -> String {
        try #require(names.first { $0.hasPrefix("media/") && $0.hasSuffix(suffix) })
    }

    /// Zips the files again, in their order; the names in `deflating` are compressed.
    func write(to url: URL, deflating: Set<String> = []) throws {
        try? FileManager.default.removeItem(at: url)
        let archive = try Archive(url: url, accessMode: .create)
        for name in names {
            let data = files[name] ?? Data()
            try archive.addEntry(
                with: name, type: .file, uncompressedSize: Int64(data.count),
                compressionMethod: deflating.contains(name) ? .deflate : .none
            ) { position, size in
                data.subdata(in: Int(position)..<Int(position) + size)
            }
        }
    }

    /// Makes a ZIP entry declare another uncompressed size, in its local header and in the central directory.
    static func declare(_ name: String, size: UInt32, in url: URL) throws {
        var bytes = [UInt8](try Data(contentsOf: url))
        let nameBytes = Array(name.utf8)
        let little = (0..<4).map { UInt8(truncatingIfNeeded: size >> (8 * $0)) }
        var patched = 0
        for start in 0..<(bytes.count - 46 - nameBytes.count) {
            let signature = Array(bytes[start..<start + 4])
            if signature == [0x50, 0x4B, 0x03, 0x04],
                Array(bytes[start + 30..<start + 30 + nameBytes.count]) == nameBytes
            {
                bytes.replaceSubrange(start + 22..<start + 26, with: little)
                patched += 1
            } else if signature == [0x50, 0x4B, 0x01, 0x02],
                Array(bytes[start + 46..<start + 46 + nameBytes.count]) == nameBytes
            {
                bytes.replaceSubrange(start + 24..<start + 28, with: little)
                patched += 1
            }
        }
        #expect(patched == 2, "the entry's two headers")
        try Data(bytes).write(to: url)
    }

    private static func setting(_ json: Any, _ path: ArraySlice<any Sendable>, to value: Any?) -> Any {
        guard let key = path.first else { return value ?? NSNull() }
        if let index = key as? Int, var array = json as? [Any], array.indices.contains(index) {
            array[index] = setting(array[index], path.dropFirst(), to: value)
            return array
        }
        if let key = key as? String, var object = json as? [String: Any] {
            if path.count == 1, value == nil {
                object[key] = nil
            } else {
                object[key] = setting(object[key] ?? NSNull(), path.dropFirst(), to: value)
            }
            return object
        }
        return json
    }
}

/// A second household on the hub an export is imported into: what an archive must never reach.
struct OtherHousehold {
    var owner: Member
    var itemID: String
    var beneficiaryID: String
    var mediaID: String

    /// Everything its owner reads of it through the API.
    var paths: [String] {
        let other = self
        return [
            "/api/household", "/api/members", "/api/items", "/api/items/\(other.itemID)",
            "/api/items/\(other.itemID)/beneficiaries", "/api/beneficiaries",
            "/api/beneficiaries/\(other.beneficiaryID)", "/api/people", "/api/memories", "/api/sets",
            "/api/estate/summary",
        ]
    }
}

/// What a hub holds, as its people and its data folder show it.
struct HubState: Equatable {
    var seenByOther: [String]
    var counts: [Int]
    var files: [String: Int64]
}

extension Application {
    /// The Jones family: an item with a photo (the same picture as the Millers'), and a beneficiary it goes to.
    func makeOtherHousehold() async throws -> OtherHousehold {
        let owner = try await setUpHub(
            household: "The Jones Family", name: "Bo Jones", email: "bo@example.com", password: "jones family password")
        let item = try await api(
            .POST, "/api/items", token: owner.token, json: ["name": "Jones mantel clock", "estimatedValue": "80"])
        #expect(item.status == .created, "\(item.body.string)")
        let itemID = try item.decoded(Components.Schemas.Item.self).id
        let photo = try await multipart(
            "/api/items/\(itemID)/photos", token: owner.token,
            files: [("file", "clock.jpg", try await MediaFixtures.data("photo.jpg"))])
        #expect(photo.status == .created, "\(photo.body.string)")
        let beneficiary = try await api(.POST, "/api/beneficiaries", token: owner.token, json: ["name": "Sam Jones"])
        let beneficiaryID = try beneficiary.decoded(Components.Schemas.Beneficiary.self).id
        let link = try await api(
            .POST, "/api/items/\(itemID)/beneficiaries", token: owner.token, json: ["beneficiaryId": beneficiaryID])
        #expect(link.status == .created, "\(link.body.string)")
        let media = try #require(try await MediaObject.query(on: db).first()?.id)
        return OtherHousehold(owner: owner, itemID: itemID, beneficiaryID: beneficiaryID, mediaID: media.text)
    }

    /// The other household as its owner reads it, the rows of the hub counted, and every file of the data folder.
    func state(_ other: OtherHousehold) async throws -> HubState {
        var seen: [String] = []
        for path in other.paths {
            seen.append("\(path): \(try await api(.GET, path, token: other.owner.token).body.string)")
        }
        let photo = try await download("/api/media/\(other.mediaID)/original", token: other.owner.token)
        seen.append("photo: \(photo.status) \(SHA256.hash(data: Data(photo.body.readableBytesView)).hex)")
        let counts = [
            try await Household.query(on: db).count(), try await User.query(on: db).count(),
            try await Item.query(on: db).count(), try await MediaObject.query(on: db).count(),
            try await Beneficiary.query(on: db).count(), try await ItemBeneficiary.query(on: db).count(),
            try await ItemPhoto.query(on: db).count(), try await Person.query(on: db).count(),
        ]
        return HubState(seenByOther: seen, counts: counts, files: Self.files(under: hub.config.dataDirectory))
    }

    /// Imports an archive as `heirloom import` does; the error it stopped with, or nil.
    func importing(_ file: URL) async -> (any Error)? {
        do {
            try await runCommand(ImportCommand(), ["heirloom", file.path])
            return nil
        } catch {
            return error
        }
    }

    /// Imports while watching the data folder's tmp folder: the error, and the most bytes it held at any moment.
    func importingWatched(_ file: URL) async -> (error: (any Error)?, peak: Int64) {
        let tmp = hub.config.dataDirectory.appendingPathComponent("tmp")
        let peak = NIOLockedValueBox<Int64>(0)
        let watcher = Task.detached {
            while !Task.isCancelled {
                let bytes = Application.files(under: tmp).values.reduce(0, +)
                peak.withLockedValue { $0 = max($0, bytes) }
                try? await Task.sleep(for: .milliseconds(2))
            }
        }
        let error = await importing(file)
        watcher.cancel()
        await watcher.value
        return (error, peak.withLockedValue { $0 })
    }

    /// Every regular file under a folder, by its path inside it, with its size.
    static func files(under root: URL) -> [String: Int64] {
        var files: [String: Int64] = [:]
        let keys: [URLResourceKey] = [.isRegularFileKey, .fileSizeKey]
        guard let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: keys) else {
            return files
        }
        for case let url as URL in enumerator {
            guard let values = try? url.resourceValues(forKeys: Set(keys)), values.isRegularFile == true else {
                continue
            }
            files[String(url.path.dropFirst(root.path.count))] = Int64(values.fileSize ?? 0)
        }
        return files
    }
}
