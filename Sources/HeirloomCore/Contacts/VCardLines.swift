/// Splits a vCard file into unfolded content lines.
enum VCardLines {
    /// The logical lines of `bytes`: CRLF, LF or CR end a line; a line starting with a space or tab continues the
    /// previous one; a quoted-printable value ending in "=" continues on the next line whatever it starts with.
    static func unfolded(_ bytes: [UInt8]) -> [ArraySlice<UInt8>] {
        var lines: [ArraySlice<UInt8>] = []
        var current: [UInt8] = []
        var hasCurrent = false
        for line in physicalLines(bytes) {
            if hasCurrent, current.last == UInt8(ascii: "="), isQuotedPrintable(current) {
                current.removeLast()
                current.append(contentsOf: line)
            } else if hasCurrent, let first = line.first, first == UInt8(ascii: " ") || first == UInt8(ascii: "\t") {
                current.append(contentsOf: line.dropFirst())
            } else {
                if hasCurrent { lines.append(current[...]) }
                current = Array(line)
                hasCurrent = !line.isEmpty
            }
        }
        if hasCurrent { lines.append(current[...]) }
        return lines
    }

    /// The lines as they are in the file, without their line breaks.
    private static func physicalLines(_ bytes: [UInt8]) -> [ArraySlice<UInt8>] {
        var lines: [ArraySlice<UInt8>] = []
        var start = 0
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
                lines.append(bytes[start..<index])
                if byte == UInt8(ascii: "\r"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\n") {
                    index += 1
                }
                start = index + 1
            }
            index += 1
        }
        if start < bytes.count { lines.append(bytes[start...]) }
        return lines
    }

    /// Whether the parameters (before the first colon) ask for quoted-printable.
    private static func isQuotedPrintable(_ line: [UInt8]) -> Bool {
        let head = line.prefix { $0 != UInt8(ascii: ":") }
        return String(decoding: head, as: UTF8.self).uppercased().contains("QUOTED-PRINTABLE")
    }
}
