import Foundation

/// Page count and a picture of the first page, with poppler's pdfinfo and pdftoppm.
struct PDFProcessor: Sendable {
    let limiter: AsyncSemaphore

    func pageCount(of file: URL) async throws -> Int {
        let result = try await limiter.run { try await ExternalTool.run("pdfinfo", [file.path], timeout: 60) }
        let text = String(decoding: result.output, as: UTF8.self)
        guard result.status == 0,
            let line = text.split(separator: "\n").first(where: { $0.hasPrefix("Pages:") }),
            let pages = Int(line.dropFirst("Pages:".count).trimmingCharacters(in: .whitespaces)), pages > 0
        else {
            throw MediaError.unreadable(
                AVProcessor.firstLine(result.errorOutput, or: "this PDF has no pages that can be read"))
        }
        return pages
    }

    /// Renders the first page to `output` (a JPEG), about 1600 pixels on the long edge.
    func firstPage(of file: URL, to output: URL) async throws {
        let prefix = output.deletingPathExtension().path
        let result = try await limiter.run {
            try await ExternalTool.run(
                "pdftoppm",
                ["-f", "1", "-l", "1", "-singlefile", "-jpeg", "-scale-to", "1600", file.path, prefix],
                timeout: 120
            )
        }
        let produced = URL(fileURLWithPath: prefix + ".jpg")
        guard result.status == 0, FileManager.default.fileExists(atPath: produced.path) else {
            throw MediaError.unreadable(
                AVProcessor.firstLine(result.errorOutput, or: "the first page could not be drawn"))
        }
        if produced != output {
            try? FileManager.default.removeItem(at: output)
            try FileManager.default.moveItem(at: produced, to: output)
        }
    }
}
