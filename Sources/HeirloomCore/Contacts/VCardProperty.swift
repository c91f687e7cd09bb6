import Foundation

/// One content line of a card, `[group.]NAME;PARAM=VALUE:value`, with its value still undecoded.
struct VCardProperty {
    /// The group before the dot ("item1" in `item1.EMAIL`), which ties a property to its X-ABLabel.
    var group: String?
    /// The property name, upper-cased.
    var name: String
    /// The parameters, names upper-cased; vCard 2.1's bare parameters (`TEL;HOME;VOICE:`) are given a name.
    var parameters: [(name: String, values: [String])]
    /// The value's bytes, as they were in the file after unfolding.
    var value: ArraySlice<UInt8>

    /// Every value of the parameters called `name`.
    func values(of name: String) -> [String] {
        parameters.filter { $0.name == name }.flatMap(\.values)
    }

    /// The TYPE values, lower-cased, with "pref" added when a PREF parameter prefers the property.
    var types: [String] {
        var types: [String] = []
        for type in values(of: "TYPE").map({ $0.trimmingWhitespace().lowercased() }) where !type.isEmpty {
            if !types.contains(type) { types.append(type) }
        }
        if !values(of: "PREF").isEmpty, !types.contains("pref") { types.append("pref") }
        return types
    }

    /// The ENCODING parameter, upper-cased ("QUOTED-PRINTABLE", "B", "BASE64").
    var encoding: String? { values(of: "ENCODING").first?.uppercased() }

    /// Reads one unfolded line; nil when it has no colon or no name (such lines are skipped, not fatal).
    init?(line: ArraySlice<UInt8>) {
        guard let colon = Self.firstUnquoted(UInt8(ascii: ":"), in: line) else { return nil }
        let segments = Self.splitUnquoted(line[line.startIndex..<colon], on: UInt8(ascii: ";"))
        let qualifiedName = String(decoding: segments[0], as: UTF8.self).trimmingWhitespace()
        let nameParts = qualifiedName.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        name = String(nameParts.last ?? "").uppercased()
        guard !name.isEmpty else { return nil }
        group = nameParts.count == 2 ? String(nameParts[0]).lowercased() : nil
        parameters = segments.dropFirst().compactMap(Self.parameter)
        value = line[(colon + 1)...]
    }

    /// One parameter; values lose their quotes and are split at commas (`TYPE="voice,cell"`).
    private static func parameter(_ bytes: ArraySlice<UInt8>) -> (name: String, values: [String])? {
        let text = String(decoding: bytes, as: UTF8.self).trimmingWhitespace()
        guard !text.isEmpty else { return nil }
        guard let equals = text.firstIndex(of: "=") else {
            let bare = text.uppercased()
            let encodings: Set = ["QUOTED-PRINTABLE", "BASE64", "B", "8BIT", "7BIT"]
            return (encodings.contains(bare) ? "ENCODING" : "TYPE", [text])
        }
        let name = String(text[..<equals]).trimmingWhitespace().uppercased()
        let values = String(text[text.index(after: equals)...]).replacingOccurrences(of: "\"", with: "")
            .split(separator: ",").map { String($0).trimmingWhitespace() }
        return (name, values)
    }

    /// The index of the first `byte` outside double quotes.
    private static func firstUnquoted(_ byte: UInt8, in bytes: ArraySlice<UInt8>) -> Int? {
        var quoted = false
        for index in bytes.indices {
            if bytes[index] == UInt8(ascii: "\"") {
                quoted.toggle()
            } else if bytes[index] == byte, !quoted {
                return index
            }
        }
        return nil
    }

    /// The pieces between each `separator` outside double quotes.
    private static func splitUnquoted(_ bytes: ArraySlice<UInt8>, on separator: UInt8) -> [ArraySlice<UInt8>] {
        var pieces: [ArraySlice<UInt8>] = []
        var rest = bytes
        while let index = firstUnquoted(separator, in: rest) {
            pieces.append(rest[rest.startIndex..<index])
            rest = rest[(index + 1)...]
        }
        pieces.append(rest)
        return pieces
    }
}
