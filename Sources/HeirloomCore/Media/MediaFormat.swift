/// A file format Heirloom accepts, decided from the file's first bytes, never from its name.
public enum MediaFormat: String, Codable, CaseIterable, Sendable {
    case jpeg, png, gif, webp, heic
    case mp4, mov
    case m4a, mp3, wav, webm, ogg
    case pdf

    /// What kind of media the format holds.
    public var kind: MediaKind {
        switch self {
        case .jpeg, .png, .gif, .webp, .heic: .image
        case .mp4, .mov: .video
        case .m4a, .mp3, .wav, .webm, .ogg: .audio
        case .pdf: .document
        }
    }

    /// The Content-Type the original is served with.
    public var mimeType: String {
        switch self {
        case .jpeg: "image/jpeg"
        case .png: "image/png"
        case .gif: "image/gif"
        case .webp: "image/webp"
        case .heic: "image/heic"
        case .mp4: "video/mp4"
        case .mov: "video/quicktime"
        case .m4a: "audio/mp4"
        case .mp3: "audio/mpeg"
        case .wav: "audio/wav"
        case .webm: "audio/webm"
        case .ogg: "audio/ogg"
        case .pdf: "application/pdf"
        }
    }

    /// The name people know the format by ("PDF", "JPEG").
    public var label: String {
        switch self {
        case .heic: "HEIC"
        case .m4a: "M4A"
        case .webm: "WebM"
        case .webp: "WebP"
        case .ogg: "Ogg"
        default: rawValue.uppercased()
        }
    }

    /// The usual file extension.
    public var fileExtension: String { self == .jpeg ? "jpg" : rawValue }
}

/// The broad kind of a media file.
public enum MediaKind: String, Codable, Sendable {
    case image, video, audio, document
}

/// Reads a file's format from its first bytes (at least 32 are needed for the container formats).
public enum MediaSniffer {
    /// How many leading bytes `detect` wants to see.
    public static let headerLength = 64

    public static func detect(_ header: [UInt8]) -> MediaFormat? {
        func starts(_ bytes: [UInt8], at offset: Int = 0) -> Bool {
            header.count >= offset + bytes.count && Array(header[offset..<offset + bytes.count]) == bytes
        }
        func ascii(_ text: String, at offset: Int = 0) -> Bool { starts(Array(text.utf8), at: offset) }

        if starts([0xFF, 0xD8, 0xFF]) { return .jpeg }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if ascii("GIF87a") || ascii("GIF89a") { return .gif }
        if ascii("RIFF"), ascii("WEBP", at: 8) { return .webp }
        if ascii("RIFF"), ascii("WAVE", at: 8) { return .wav }
        if ascii("%PDF-") { return .pdf }
        if ascii("OggS") { return .ogg }
        if starts([0x1A, 0x45, 0xDF, 0xA3]) { return .webm }
        if ascii("ID3") { return .mp3 }
        if header.count >= 2, header[0] == 0xFF, header[1] & 0xE0 == 0xE0, header[1] & 0x06 != 0 { return .mp3 }
        if ascii("ftyp", at: 4) { return isoBrand(header) }
        return nil
    }

    /// Tells HEIC, M4A, MOV and MP4 apart by the ISO base media file's brands.
    private static func isoBrand(_ header: [UInt8]) -> MediaFormat? {
        guard header.count >= 12 else { return nil }
        let size = Int(header[0]) << 24 | Int(header[1]) << 16 | Int(header[2]) << 8 | Int(header[3])
        let end = min(header.count, max(16, size))
        var brands: [String] = []
        var offset = 8
        while offset + 4 <= end {
            if offset != 12 { brands.append(String(decoding: header[offset..<offset + 4], as: UTF8.self)) }
            offset += 4
        }
        let heic: Set = ["heic", "heix", "hevc", "hevx", "heim", "heis", "mif1", "msf1"]
        if let major = brands.first {
            if heic.contains(major) { return .heic }
            if major == "M4A " || major == "M4B " { return .m4a }
            if major == "qt  " { return .mov }
        }
        if brands.contains(where: heic.contains) { return .heic }
        if brands.contains("M4A ") { return .m4a }
        return .mp4
    }
}
