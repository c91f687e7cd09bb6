import Foundation
import PropertyBased
import Testing

@testable import HeirloomCore

/// Ids written and read without Foundation's C helpers must be exactly what Foundation writes and reads.
@Suite("Ids as text")
struct UUIDTextTests {
    private static let bytes = Gen.uint8(in: 0...255).array(of: 16)

    private static func uuid(_ bytes: [UInt8]) -> UUID {
        UUID(
            uuid: (
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7], bytes[8], bytes[9],
                bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
            ))
    }

    @Test("any id is written as Foundation writes it, and read back from either case")
    func roundTrip() async {
        await propertyCheck(count: 20_000, input: Self.bytes) { bytes in
            // given any id
            let id = Self.uuid(bytes)
            // then its text is Foundation's, and reads back in upper and lower case
            #expect(id.text == id.uuidString)
            #expect(UUID(text: id.text) == id)
            #expect(UUID(text: id.uuidString.lowercased()) == id)
        }
        #expect(
            UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)).text == "00000000-0000-0000-0000-000000000000")
    }

    @Test("any text reads as Foundation reads it: an id, or nothing")
    func readsAsFoundation() async {
        // Texts near an id: one character changed, dropped or added, a dash moved, spaces, signs and braces.
        let alphabet = Array("0123456789abcdefABCDEFgG- +x{}\u{301}é")
        // Each edit is one number: what to do (of 4), where (of 37 places) and which character.
        let edit = Gen.int(in: 0..<(4 * 37 * alphabet.count)).map { ($0 % 4, $0 / 4 % 37, alphabet[$0 / 148]) }
        await propertyCheck(count: 20_000, input: Self.bytes, edit.array(of: 0...2)) { bytes, edits in
            var characters = Array(Self.uuid(bytes).uuidString)
            for (kind, at, character) in edits {
                let position = min(at, characters.count)
                switch kind {
                case 0 where position < characters.count: characters[position] = character
                case 1 where position < characters.count: characters.remove(at: position)
                case 2: characters.insert(character, at: position)
                default: characters = characters.map { $0.isLetter && $0.isASCII ? Character($0.lowercased()) : $0 }
                }
            }
            let text = String(characters)
            #expect(UUID(text: text) == UUID(uuidString: text), "\(text)")
        }
        for text in ["", "not an id", "{A1B2C3D4-0000-0000-0000-000000000000}", " a1b2c3d4-0000-0000-0000-00000000000"]
        {
            #expect(UUID(text: text) == UUID(uuidString: text), "\(text)")
        }
    }
}
