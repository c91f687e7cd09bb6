import Foundation

extension VCardProperty {
    /// The embedded image: base64 with ENCODING=b or BASE64 (3.0, 2.1) or a `data:` URI (4.0); nil for a link to
    /// a photo elsewhere, for data that is not base64, too large, or not a JPEG, PNG, GIF, HEIC, WebP or TIFF.
    func photo(maximumBytes: Int) -> ContactPhoto? {
        let payload: ArraySlice<UInt8>
        let head = String(decoding: value.prefix(5), as: UTF8.self).lowercased()
        if head == "data:" {
            guard let comma = value.firstIndex(of: UInt8(ascii: ",")),
                String(decoding: value[..<comma], as: UTF8.self).lowercased().hasSuffix(";base64")
            else { return nil }
            payload = value[(comma + 1)...]
        } else if encoding == "B" || encoding == "BASE64" {
            payload = value
        } else {
            return nil
        }
        // Base64 is a third longer than its bytes; refuse before decoding anything absurd.
        guard payload.count <= maximumBytes / 3 * 4 + 4096 else { return nil }
        guard let data = Self.decodeBase64(payload), data.count <= maximumBytes,
            let mediaType = Self.imageMediaType(of: data)
        else { return nil }
        return ContactPhoto(data: data, mediaType: mediaType)
    }

    /// Base64 without its whitespace, padded when an exporter left the padding off.
    static func decodeBase64(_ bytes: ArraySlice<UInt8>) -> Data? {
        var compact: [UInt8] = []
        compact.reserveCapacity(bytes.count + 3)
        for byte in bytes where byte != 0x20 && byte != 0x09 && byte != 0x0D && byte != 0x0A {
            compact.append(byte)
        }
        if compact.count % 4 != 0 {
            compact.append(contentsOf: repeatElement(UInt8(ascii: "="), count: 4 - compact.count % 4))
        }
        guard let data = Data(base64Encoded: Data(compact)), !data.isEmpty else { return nil }
        return data
    }

    /// The media type that the first bytes show, whatever the card claims.
    static func imageMediaType(of data: Data) -> String? {
        let head = [UInt8](data.prefix(12))
        func starts(_ bytes: [UInt8], at offset: Int = 0) -> Bool {
            head.count >= offset + bytes.count && Array(head[offset..<offset + bytes.count]) == bytes
        }
        if starts([0xFF, 0xD8, 0xFF]) { return "image/jpeg" }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return "image/png" }
        if starts(Array("GIF8".utf8)) { return "image/gif" }
        if starts(Array("RIFF".utf8)), starts(Array("WEBP".utf8), at: 8) { return "image/webp" }
        if starts(Array("ftyp".utf8), at: 4),
            ["heic", "heix", "mif1", "msf1", "hevc"].contains(String(decoding: head.suffix(4), as: UTF8.self))
        {
            return "image/heic"
        }
        if starts([0x49, 0x49, 0x2A, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2A]) { return "image/tiff" }
        return nil
    }
}
