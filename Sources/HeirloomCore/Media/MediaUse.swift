/// What an upload is for; each use accepts some formats up to a size.
public enum MediaUse: String, Codable, CaseIterable, Sendable {
    /// A photo of an item or a memory.
    case photo
    /// An appraisal, receipt or warranty: a PDF or a picture of one.
    case document
    /// A recorded story or voice note.
    case audio
    /// A film clip.
    case video

    /// The formats this use accepts.
    public var accepted: [MediaFormat] {
        switch self {
        case .photo: [.jpeg, .png, .heic, .webp, .gif]
        case .document: [.pdf, .jpeg, .png, .heic, .webp]
        case .audio: [.m4a, .mp3, .wav, .webm, .ogg]
        case .video: [.mp4, .mov]
        }
    }

    /// The default limit in bytes: images and documents 50 MB, audio 200 MB, video 2 GB.
    public var defaultLimit: Int64 {
        switch self {
        case .photo, .document: 50 * 1_000_000
        case .audio: 200 * 1_000_000
        case .video: 2 * 1_000_000_000
        }
    }

    /// "JPEG, PNG, HEIC, WebP or GIF", for messages.
    public var acceptedList: String {
        let labels = accepted.map(\.label)
        guard labels.count > 1 else { return labels.first ?? "" }
        return labels.dropLast().joined(separator: ", ") + " or " + labels[labels.count - 1]
    }
}

/// Byte counts as people read them ("322 KB", "4.2 MB", "2 GB").
public enum ByteCountText {
    public static func describe(_ bytes: Int64) -> String {
        switch bytes {
        case ..<1000: return bytes == 1 ? "1 byte" : "\(bytes) bytes"
        case ..<1_000_000: return "\(Int((Double(bytes) / 1000).rounded())) KB"
        case ..<1_000_000_000: return "\(oneDecimal(Double(bytes) / 1_000_000)) MB"
        default: return "\(oneDecimal(Double(bytes) / 1_000_000_000)) GB"
        }
    }

    /// 4.25 → "4.3", 12.4 → "12", 2.0 → "2".
    private static func oneDecimal(_ value: Double) -> String {
        if value >= 10 { return "\(Int(value.rounded()))" }
        let tenths = Int((value * 10).rounded())
        return tenths % 10 == 0 ? "\(tenths / 10)" : "\(tenths / 10).\(tenths % 10)"
    }
}
