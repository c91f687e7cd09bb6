import Crypto
import Foundation
import PropertyBased
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

/// Real exports changed at random, imported into a hub that holds another household: whatever the archive, the
/// import writes nothing outside the hub's data folder, leaves the other household as it was, and either brings the
/// household in or refuses with a clear reason and leaves no rows and no files behind.
@Suite("Import fuzzing")
struct ImportFuzzTests {
    /// How an archive is changed.
    enum Mutation: CaseIterable {
        case manifestSHA, manifestPath, manifestSize, foreignID, foreignIDEverywhere, recordByte, droppedKey
        case extremeNumber, archiveByte, truncated
    }

    /// Iterations stop starting after this long (each builds a hub of its own).
    static let budget: Duration = .seconds(20)

    @Test("A mutated export never writes outside its folder, never touches another household, never leaves debris")
    func mutatedExports() async throws {
        let (_, parts) = try await ImportHostileArchiveTests.millers()
        let outside = FileManager.default.temporaryDirectory.appendingPathComponent("outside-\(UUID())")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: outside) }
        let clock = ContinuousClock()
        let start = clock.now

        await propertyCheck(count: 40, input: Gen<Mutation>.case, Gen.int(in: 0...Int(Int32.max))) { mutation, seed in
            guard clock.now - start < Self.budget else { return }
            try await Self.check(mutation, seed: seed, parts: parts, outside: outside)
        }
    }

    static func check(_ mutation: Mutation, seed: Int, parts: ExportParts, outside: URL) async throws {
        try await withApp { app in
            // given
            let other = try await app.makeOtherHousehold()
            let before = try await app.state(other)
            var random = SplitMix(seed: UInt64(seed))
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("fuzz-\(UUID()).zip")
            defer { try? FileManager.default.removeItem(at: file) }
            try Self.write(parts, mutated: mutation, other: other, outside: outside, to: file, random: &random)

            // when
            let error = await app.importing(file)

            // then
            let what = "\(mutation) with seed \(seed): \(String(describing: error))"
            #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path).isEmpty, "\(what)")
            let after = try await app.state(other)
            #expect(after.seenByOther == before.seenByOther, "the other household is as it was: \(what)")
            if let error {
                #expect(error is CommandFailure, "refused with a reason: \(what)")
                #expect(after.counts == before.counts, "no rows: \(what)")
                #expect(after.files == before.files, "no files: \(what)")
            } else {
                #expect(after.counts[0] == before.counts[0] + 1, "\(what)")
                let added = Set(after.files.keys).subtracting(before.files.keys)
                #expect(added.allSatisfy { $0.hasPrefix("/media/") }, "only stored media is new: \(what) \(added)")
                #expect(before.files.allSatisfy { after.files[$0.key] == $0.value }, "\(what)")
            }
        }
    }

    /// Writes `parts` changed by `mutation` to `file`.
    static func write(
        _ parts: ExportParts, mutated mutation: Mutation, other: OtherHousehold, outside: URL, to file: URL,
        random: inout SplitMix
    ) throws {
        var parts = parts
        let listed = parts.names.filter { $0 != "manifest.json" }
        let records = listed.filter { $0.hasSuffix(".json") }
        let chosen = listed[random.below(listed.count)]
        let escape = "../../../\(outside.lastPathComponent)/x"
        let foreign = [other.itemID, other.beneficiaryID, other.mediaID, other.owner.id, other.owner.householdID]
        switch mutation {
        case .manifestSHA:
            let sha = SHA256.hash(data: parts.files[chosen] ?? Data()).hex
            let values = [
                escape, "/" + escape, "", sha.uppercased(), String(sha.dropLast()), sha + "0", "..", "%2e%2e",
            ]
            try parts.manifestEntry(chosen, "sha256", to: values[random.below(values.count)])
        case .manifestPath:
            let values = ["../x", "media/\(escape)", "/tmp/x", "media/", "", "\(chosen)/../../x", outside.path + "/x"]
            try parts.manifestEntry(chosen, "path", to: values[random.below(values.count)])
        case .manifestSize:
            let size = parts.files[chosen]?.count ?? 0
            let values = [0, -1, 1 << 62, size + 1, size - 1, Int.max]
            try parts.manifestEntry(chosen, "size", to: values[random.below(values.count)])
        case .foreignID, .foreignIDEverywhere:
            let name = records[random.below(records.count)]
            let ids = Self.uuids(in: String(decoding: parts.files[name] ?? Data(), as: UTF8.self))
            guard !ids.isEmpty else { break }
            try parts.replace(
                ids[random.below(ids.count)], with: foreign[random.below(foreign.count)],
                in: mutation == .foreignID ? name : nil)
        case .recordByte:
            let name = records[random.below(records.count)]
            var data = parts.files[name] ?? Data()
            guard !data.isEmpty else { break }
            data[random.below(data.count)] ^= UInt8(1 + random.below(255))
            try parts.put(name, data)
        case .droppedKey, .extremeNumber:
            let name = records[random.below(records.count)]
            let json = try parts.json(name)
            let object = (json as? [[String: Any]])?.first ?? (json as? [String: Any]) ?? [:]
            let keys = object.keys.sorted()
            guard !keys.isEmpty else { break }
            let key = keys[random.below(keys.count)]
            let path: [any Sendable] = json is [Any] ? [0, key] : [key]
            let extremes: [Any] = [-1, 0, Int64.max, Int64.min, 1e308, "", String(repeating: "x", count: 300_000)]
            try parts.set(name, path, to: mutation == .droppedKey ? nil : extremes[random.below(extremes.count)])
        case .archiveByte, .truncated:
            break
        }
        try parts.write(to: file)
        guard mutation == .archiveByte || mutation == .truncated else { return }
        var bytes = try Data(contentsOf: file)
        if mutation == .archiveByte {
            bytes[random.below(bytes.count)] ^= UInt8(1 + random.below(255))
        } else {
            bytes = bytes.prefix(random.below(bytes.count))
        }
        try bytes.write(to: file)
    }

    static func uuids(in text: String) -> [String] {
        let pattern = /[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}/
        return Array(Set(text.matches(of: pattern).map { String($0.output) })).sorted()
    }
}

/// A small seeded generator, so that a failing case can be run again from its seed.
struct SplitMix {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number from 0 to `bound` - 1 (0 when `bound` is 0).
    mutating func below(_ bound: Int) -> Int { bound <= 0 ? 0 : Int(next() % UInt64(bound)) }
}
