import Foundation
import HeirloomCore

/// The offline provider: reads text on labels, hallmarks and receipts with Tesseract and guesses the category
/// from it. It never gives a value.
struct OfflineAppraiser: Sendable {
    static let noValueNote =
        "No value was estimated: a valuation needs a model provider. The hub's owner can set "
        + "HEIRLOOM_AI_PROVIDER to gemini or openai, with HEIRLOOM_AI_API_KEY (and HEIRLOOM_AI_MODEL or "
        + "HEIRLOOM_AI_BASE_URL if needed), and restart the hub."

    func analyse(_ image: AIImage, request: AppraisalRequest) async throws -> ItemAnalysis {
        let text = try await Self.readText(image)
        let category = text.isEmpty ? (request.category ?? .other) : CategoryGuess.category(fromText: text)
        let firstLine = text.split(separator: "\n").map { String($0).trimmingWhitespace() }.first { $0.count >= 3 }
        let title = request.title?.trimmingWhitespace().nilIfEmpty ?? firstLine.map { String($0.prefix(80)) } ?? "Item"
        let guessed = category == .other ? request.category ?? .other : category
        let summary =
            text.isEmpty
            ? "No text could be read on the photo."
            : guessed == .other
                ? "The hub read the text on the photo; it does not say what kind of item this is."
                : "The text on the photo suggests \(guessed.displayName.lowercased())."
        return ItemAnalysis(
            title: title,
            summary: summary,
            description: request.facts.joined(separator: " "),
            category: guessed.rawValue,
            valueHints: nil,
            attributes: .init(),
            extractedText: text.isEmpty ? nil : text,
            aiNotes: Self.noValueNote,
            provider: "offline",
            model: "tesseract"
        )
    }

    /// What can be said from the family's words alone: their title and category, and no value.
    func analyse(description request: AppraisalRequest) -> ItemAnalysis {
        let title = request.title?.trimmingWhitespace().nilIfEmpty ?? "Item"
        return ItemAnalysis(
            title: TextLimit.clipped(title, to: 200),
            summary: "The hub has no AI provider, so it repeats what you wrote.",
            description: request.description?.trimmingWhitespace() ?? "",
            category: (request.category ?? .other).rawValue,
            aiNotes: Self.noValueNote,
            provider: "offline",
            model: "tesseract"
        )
    }

    /// The text Tesseract reads on the image, trimmed; empty when it reads none.
    static func readText(_ image: AIImage) async throws -> String {
        let suffix = image.mimeType == "image/png" ? ".png" : ".jpg"
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("heirloom-ocr-\(UUID())\(suffix)")
        try image.data.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try await ExternalTool.run("tesseract", [file.path, "stdout"], timeout: 60)
        guard result.status == 0 else { return "" }
        let lines = String(decoding: result.output, as: UTF8.self).split(separator: "\n")
            .map { String($0).trimmingWhitespace() }.filter { !$0.isEmpty }
        return String(lines.joined(separator: "\n").prefix(5000))
    }

    private static func oneLine(_ text: String) -> String {
        text.split(separator: "\n").joined(separator: " · ")
    }
}

extension String {
    /// nil for an empty string.
    var nilIfEmpty: String? { isEmpty ? nil : self }
}
