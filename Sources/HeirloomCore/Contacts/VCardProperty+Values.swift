import Foundation

extension VCardProperty {
    /// The value as text with escapes (`\,` `\;` `\n` `\\`) resolved.
    var text: String { Self.unescape(decodedText) }

    /// The value as text, quoted-printable and charset decoded, escapes still in place.
    var decodedText: String {
        let bytes = encoding == "QUOTED-PRINTABLE" ? Self.decodeQuotedPrintable(value) : Array(value)
        return Self.string(from: bytes, charset: values(of: "CHARSET").first)
    }

    /// The parts of a structured value such as N, split at unescaped semicolons; a part's own list items
    /// (split at unescaped commas) are joined with spaces.
    var components: [String] {
        Self.split(decodedText, on: ";").map { part in
            Self.split(part, on: ",").map(Self.unescape).joined(separator: " ")
        }
    }

    /// Text from bytes: UTF-8 when they are valid UTF-8, else the named charset, else Windows-1252.
    static func string(from bytes: [UInt8], charset: String?) -> String {
        if let text = String(data: Data(bytes), encoding: .utf8) { return text }
        let encoding: String.Encoding =
            switch charset?.lowercased() {
            case "iso-8859-1", "latin1", "iso8859-1": .isoLatin1
            case "iso-8859-2": .isoLatin2
            case "macintosh", "x-mac-roman": .macOSRoman
            default: .windowsCP1252
            }
        return String(data: Data(bytes), encoding: encoding) ?? String(decoding: bytes, as: UTF8.self)
    }

    /// Quoted-printable bytes decoded: "=C3=A9" is "é", "=" before a line break is removed, a stray "=" is kept.
    static func decodeQuotedPrintable(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            guard byte == UInt8(ascii: "=") else {
                output.append(byte)
                index += 1
                continue
            }
            let next = bytes.index(after: index)
            if next < bytes.endIndex, bytes[next] == UInt8(ascii: "\r") || bytes[next] == UInt8(ascii: "\n") {
                index = next + 1
                if bytes[next] == UInt8(ascii: "\r"), index < bytes.endIndex, bytes[index] == UInt8(ascii: "\n") {
                    index += 1
                }
            } else if next + 1 < bytes.endIndex, let high = bytes[next].hexDigitValue,
                let low = bytes[next + 1].hexDigitValue
            {
                output.append(high << 4 | low)
                index = next + 2
            } else {
                output.append(byte)
                index += 1
            }
        }
        return output
    }

    /// Text with vCard escapes resolved; an unknown escape keeps its backslash.
    static func unescape(_ text: String) -> String {
        guard text.contains("\\") else { return text }
        var output = ""
        var escaping = false
        for character in text {
            if escaping {
                switch character {
                case "n", "N": output.append("\n")
                case ",", ";", ":", "\\": output.append(character)
                default: output.append("\\" + String(character))
                }
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else {
                output.append(character)
            }
        }
        if escaping { output.append("\\") }
        return output
    }

    /// The pieces of `text` between each `separator` that is not escaped by a backslash, escapes kept.
    static func split(_ text: String, on separator: Character) -> [String] {
        var pieces: [String] = []
        var current = ""
        var escaping = false
        for character in text {
            if escaping {
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else if character == separator {
                pieces.append(current)
                current = ""
                continue
            }
            current.append(character)
        }
        pieces.append(current)
        return pieces
    }
}
