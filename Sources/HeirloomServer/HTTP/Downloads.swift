import Foundation
import Vapor

/// How every file the hub hands out is answered: the papers it prints, the household archive and stored media.
extension HTTPHeaders {
    /// Names the file (`inline` to show it, `attachment` to save it), keeps private papers out of caches and
    /// stops browsers guessing a different type.
    mutating func describeDownload(_ fileName: String, attachment: Bool, cacheControl: String = "no-store") {
        replaceOrAdd(name: .contentDisposition, value: Self.contentDisposition(fileName, attachment: attachment))
        replaceOrAdd(name: .cacheControl, value: cacheControl)
        replaceOrAdd(name: "X-Content-Type-Options", value: "nosniff")
    }

    /// `inline; filename="…"; filename*=UTF-8''…`, with the name made safe for a header.
    static func contentDisposition(_ fileName: String, attachment: Bool) -> String {
        let ascii = String(
            fileName.unicodeScalars.map {
                $0.isASCII && $0.value >= 32 && $0 != "\"" && $0 != "\\" ? Character($0) : "_"
            })
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        let encoded = fileName.addingPercentEncoding(withAllowedCharacters: allowed) ?? ascii
        return "\(attachment ? "attachment" : "inline"); filename=\"\(ascii)\"; filename*=UTF-8''\(encoded)"
    }
}

extension Request {
    /// The paper a printed paper is laid out on: `?paper=a4|letter`, else the household's choice.
    func paper(otherwise householdPaper: PDFCanvas.Paper) throws -> PDFCanvas.Paper {
        guard let asked = query[String.self, at: "paper"] else { return householdPaper }
        guard let chosen = PDFCanvas.Paper(rawValue: asked) else {
            throw AppError.badRequest("paper must be a4 or letter.")
        }
        return chosen
    }

    /// A PDF that `render` writes to a temporary file (off the event loop), shown in the browser as `fileName`
    /// and removed once sent, or at once when rendering fails.
    func printedPDF(_ fileName: String, render: @escaping @Sendable (URL) throws -> Void) async throws -> Response {
        let media = heirloom.services.media
        let file = media.store.temporaryFile(".pdf")
        do {
            try await media.images.offload { try render(file) }
        } catch {
            try? FileManager.default.removeItem(at: file)
            throw error
        }
        let response = try await fileio.asyncStreamFile(
            at: file.path, mediaType: HTTPMediaType(type: "application", subType: "pdf"),
            onCompleted: { _ in try? FileManager.default.removeItem(at: file) })
        response.headers.describeDownload(fileName, attachment: false)
        return response
    }
}
