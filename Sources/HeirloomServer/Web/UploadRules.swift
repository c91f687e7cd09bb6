import Foundation
import HeirloomCore

/// What the pages check in the browser before a file is sent: each use's size limit and formats, with the server's
/// own words for a refusal, so that a family member hears the same sentence whether the browser or the hub says it.
/// The layout carries it as JSON in `<meta name="upload-rules">`; `Public/js/upload-check.js` reads it.
struct UploadRules: Encodable {
    struct Rule: Encodable {
        var bytes: Int64
        /// Lower-case file name endings and MIME types the hub takes for this use.
        var extensions: [String]
        var types: [String]
        var tooLarge: String
        var unsupported: String
    }

    /// Other names the same formats go by in file names and browsers.
    static let aliases: [MediaFormat: (extensions: [String], types: [String])] = [
        .jpeg: (["jpeg", "jpe"], ["image/pjpeg"]),
        .heic: (["heif"], ["image/heif", "image/heic-sequence", "image/heif-sequence"]),
        .mov: (["qt"], []),
        .mp4: (["m4v"], ["video/x-m4v"]),
        .m4a: (["aac", "mp4"], ["audio/x-m4a", "audio/m4a", "audio/aac"]),
        .mp3: ([], ["audio/mp3"]),
        .wav: (["wave"], ["audio/x-wav", "audio/wave", "audio/vnd.wave"]),
        .webm: ([], ["video/webm"]),
        .ogg: (["oga", "opus"], ["audio/opus"]),
    ]

    var rules: [String: Rule]

    init(limit: (MediaUse) -> Int64) {
        rules = Dictionary(
            uniqueKeysWithValues: MediaUse.allCases.map { use in
                let formats = use.accepted
                return (
                    use.rawValue,
                    Rule(
                        bytes: limit(use),
                        extensions: Self.once(
                            formats.flatMap { [$0.fileExtension, $0.rawValue] + (Self.aliases[$0]?.extensions ?? []) }),
                        types: Self.once(formats.flatMap { [$0.mimeType] + (Self.aliases[$0]?.types ?? []) }),
                        tooLarge: MediaError.tooLargeMessage(use: use, limit: limit(use)),
                        unsupported: MediaError.unsupportedMessage(use: use))
                )
            })
    }

    /// Each name once, in the order first given.
    static func once(_ names: [String]) -> [String] {
        var seen: Set<String> = []
        return names.filter { seen.insert($0).inserted }
    }

    /// The rules as the layout's meta element holds them.
    var json: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return (try? String(decoding: encoder.encode(rules), as: UTF8.self)) ?? "{}"
    }
}
