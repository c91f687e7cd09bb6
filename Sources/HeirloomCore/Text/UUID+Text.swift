import Foundation

/// UUIDs to and from their usual text, without Foundation's C helpers: on Linux `uuidString` runs `snprintf`
/// and `UUID(uuidString:)` runs `sscanf`, which were 6 % of `make bench-api`'s journal page (every card's id and
/// drawer, every tag's card, read from SQLite's text and written into JSON).
extension UUID {
    /// `uuidString`, exactly: 8-4-4-4-12 uppercase hexadecimal digits.
    public var text: String {
        withUnsafeBytes(of: uuid) { bytes in
            String(unsafeUninitializedCapacity: 36) { buffer in
                var at = 0
                for (index, byte) in bytes.enumerated() {
                    if Self.dashBefore(index) {
                        buffer[at] = UInt8(ascii: "-")
                        at += 1
                    }
                    buffer[at] = Self.hexDigits[Int(byte >> 4)]
                    buffer[at + 1] = Self.hexDigits[Int(byte & 0x0F)]
                    at += 2
                }
                return at
            }
        }
    }

    /// `UUID(uuidString:)`, exactly: the usual text (either case) is read here, anything else as Foundation reads it.
    public init?(text: String) {
        if let uuid = Self.parsingUsualText(text) {
            self = uuid
        } else if let uuid = UUID(uuidString: text) {
            self = uuid
        } else {
            return nil
        }
    }

    private static let hexDigits = Array("0123456789ABCDEF".utf8)
    /// Whether a "-" comes before the byte at `index` (8-4-4-4-12 digits).
    private static func dashBefore(_ index: Int) -> Bool { index == 4 || index == 6 || index == 8 || index == 10 }

    /// 36 characters: hexadecimal digits, with "-" at 8, 13, 18 and 23; nil for anything else.
    private static func parsingUsualText(_ text: String) -> UUID? {
        var text = text
        var value: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        let read = text.withUTF8 { utf8 in
            withUnsafeMutableBytes(of: &value) { bytes -> Bool in
                guard utf8.count == 36 else { return false }
                var at = 0
                for index in 0..<16 {
                    if dashBefore(index) {
                        guard utf8[at] == UInt8(ascii: "-") else { return false }
                        at += 1
                    }
                    guard let high = utf8[at].hexDigitValue, let low = utf8[at + 1].hexDigitValue else { return false }
                    bytes[index] = high << 4 | low
                    at += 2
                }
                return true
            }
        }
        return read ? UUID(uuid: value) : nil
    }
}
