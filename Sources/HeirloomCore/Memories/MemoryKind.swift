/// What a memory is: photos, a film, a voice recording or words.
public enum MemoryKind: String, CaseIterable, Sendable {
    case photo, video, voice, text

    /// The upload use of this kind's files; nil for text, which has none.
    public var mediaUse: MediaUse? {
        switch self {
        case .photo: .photo
        case .video: .video
        case .voice: .audio
        case .text: nil
        }
    }

    /// How many files this kind takes.
    public var fileCount: ClosedRange<Int> {
        switch self {
        case .photo: 1...20
        case .video, .voice: 1...1
        case .text: 0...0
        }
    }

    /// "Photos", "Videos", "Voices", "Stories", for filters.
    public var pluralLabel: String { self == .text ? "Stories" : label + "s" }

    public var label: String {
        switch self {
        case .photo: "Photo"
        case .video: "Video"
        case .voice: "Voice"
        case .text: "Story"
        }
    }

    /// Reads the type field; throws a sentence naming the four kinds.
    public static func parse(_ raw: String) throws(FieldError) -> MemoryKind {
        guard let kind = MemoryKind(rawValue: raw.trimmingCharacters(in: .whitespaces).lowercased()) else {
            throw FieldError(field: "type", message: "Please choose photo, video, voice or text.")
        }
        return kind
    }

    /// Throws unless the number of files suits the kind, saying what to do.
    public func validate(fileCount count: Int) throws(FieldError) {
        guard !fileCount.contains(count) else { return }
        let message =
            switch self {
            case .photo: count == 0 ? "Please choose at least one photo." : "A memory can hold at most 20 photos."
            case .video: count == 0 ? "Please choose a video." : "A video memory holds one video."
            case .voice:
                count == 0 ? "Please record or choose a voice recording." : "A voice memory holds one recording."
            case .text: "A written memory has no files."
            }
        throw FieldError(field: "file", message: message)
    }

    /// Who may change a memory: owners any, editors their own, viewers none.
    public static func mayChange(role: HouseholdRole, isCreator: Bool) -> Bool {
        role == .owner || (role == .editor && isCreator)
    }
}

/// Reads person ids sent as repeated parts or as "3,5,8".
public enum IDList {
    public static func parse(_ values: [String], field: String) throws(FieldError) -> [Int] {
        var ids: [Int] = []
        for value in values {
            for piece in value.split(separator: ",") {
                let text = piece.trimmingCharacters(in: .whitespaces)
                if text.isEmpty { continue }
                guard let id = Int(text), id > 0 else {
                    throw FieldError(field: field, message: "Please send the ids as whole numbers.")
                }
                if !ids.contains(id) { ids.append(id) }
            }
        }
        return ids
    }
}
