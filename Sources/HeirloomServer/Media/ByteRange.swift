import Foundation

/// One `Range: bytes=…` request read against a file's size, as RFC 9110 §14 says: a range that starts past the
/// end, or a suffix of zero bytes, cannot be satisfied (416); a range that runs past the end is cut to the end;
/// a header that is not one byte range is ignored (the whole file is sent).
enum ByteRange: Equatable {
    /// Send these bytes, both ends included.
    case bytes(ClosedRange<Int64>)
    /// Answer 416 with `Content-Range: bytes */size`.
    case unsatisfiable
    /// Send the whole file (no header, another unit, several ranges, or a header that cannot be read).
    case whole

    init(header: String?, size: Int64) {
        guard let header = header?.trimmingCharacters(in: .whitespaces), header.lowercased().hasPrefix("bytes=")
        else {
            self = .whole
            return
        }
        let spec = header.dropFirst("bytes=".count).trimmingCharacters(in: .whitespaces)
        guard !spec.contains(","), let dash = spec.firstIndex(of: "-") else {
            self = .whole
            return
        }
        let first = spec[..<dash].trimmingCharacters(in: .whitespaces)
        let last = spec[spec.index(after: dash)...].trimmingCharacters(in: .whitespaces)
        let isDigits = { (text: String) in
            !text.isEmpty && text.count <= 18 && text.allSatisfy(\.isASCII) && text.allSatisfy(\.isNumber)
        }
        if first.isEmpty {
            // A suffix: the last n bytes.
            guard isDigits(last), let length = Int64(last) else {
                self = .whole
                return
            }
            self = length == 0 || size == 0 ? .unsatisfiable : .bytes(max(0, size - length)...(size - 1))
            return
        }
        guard isDigits(first), let start = Int64(first) else {
            self = .whole
            return
        }
        var end = size - 1
        if !last.isEmpty {
            guard isDigits(last), let requested = Int64(last), requested >= start else {
                self = .whole
                return
            }
            end = min(requested, size - 1)
        }
        self = start >= size ? .unsatisfiable : .bytes(start...end)
    }
}
