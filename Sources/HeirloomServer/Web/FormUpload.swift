import Foundation
import HeirloomCore
import MultipartKit
import Vapor

/// Reads a multipart web form as it streams in: each file part goes to a temporary file (never the
/// whole form in memory), text fields are kept. The caller hands the files to the media pipeline.
struct FormUpload {
    struct File {
        var field: String
        var fileName: String?
        var url: URL
    }

    var files: [File] = []
    /// Each field's last value.
    var fields: [String: String] = [:]
    /// Every value of each field, in order, for checkboxes that share a name.
    var fieldValues: [String: [String]] = [:]

    static let maximumFieldBytes = 64 * 1024
    static let maximumFields = 50
    /// How many values all fields may have together (a list of checkboxes has one per ticked box).
    static let maximumValues = 1000

    /// Streams the request body; the caller must call `removeFiles()` when done.
    ///
    /// The form's `_csrf` field must come before its files (it does in every Heirloom form), so that a forged
    /// upload is refused before anything is written; each file may have at most `maximumFileBytes`.
    static func read(_ req: Request, temporaryDirectory: URL, maximumFileBytes: Int64) async throws -> FormUpload {
        guard let boundary = req.headers.contentType?.parameters["boundary"] else {
            throw AppError.badRequest("The form was not sent as multipart/form-data.")
        }
        let state = FormUploadState(
            temporaryDirectory: temporaryDirectory,
            maximumFileBytes: maximumFileBytes,
            expectedCSRF: req.cookies[CSRF.cookieName]?.string
        )
        let parser = MultipartParser(boundary: boundary)
        parser.onHeader = { name, value in state.header(name, value) }
        parser.onBody = { buffer in state.body(&buffer) }
        parser.onPartComplete = { state.partComplete() }
        var body = req.body.makeAsyncIterator()
        do {
            while let chunk = try await body.next() {
                try parser.execute(chunk)
                if let error = state.error { throw error }
            }
            state.partComplete()
        } catch {
            // Refused part-way: the rest is read and dropped, so the connection can carry the next request.
            await RefusedBody.discardRest(&body, request: req, byteCount: \.readableBytes)
            state.removeAll()
            throw error is AppError ? error : AppError.badRequest("The form could not be read. Please try again.")
        }
        return FormUpload(files: state.files, fields: state.fields, fieldValues: state.fieldValues)
    }

    func removeFiles() {
        for file in files { try? FileManager.default.removeItem(at: file.url) }
    }
}

/// The parser's state between callbacks (used from one task only).
private final class FormUploadState: @unchecked Sendable {
    let temporaryDirectory: URL
    let maximumFileBytes: Int64
    let expectedCSRF: String?
    var csrfChecked = false
    var files: [FormUpload.File] = []
    var fields: [String: String] = [:]
    var fieldValues: [String: [String]] = [:]
    var valueCount = 0
    var error: AppError?
    private var headers: [String: String] = [:]
    private var handle: FileHandle?
    private var current: FormUpload.File?
    private var text = Data()
    private var written: Int64 = 0

    init(temporaryDirectory: URL, maximumFileBytes: Int64, expectedCSRF: String?) {
        self.temporaryDirectory = temporaryDirectory
        self.maximumFileBytes = maximumFileBytes
        self.expectedCSRF = expectedCSRF
    }

    func header(_ name: String, _ value: String) {
        headers[name.lowercased()] = value
    }

    func body(_ buffer: inout ByteBuffer) {
        guard error == nil, let bytes = buffer.readBytes(length: buffer.readableBytes) else { return }
        if current == nil, text.isEmpty, handle == nil { start() }
        if let handle {
            written += Int64(bytes.count)
            guard written <= maximumFileBytes else {
                error = .payloadTooLarge(
                    "This file is larger than the \(ByteCountText.describe(maximumFileBytes)) allowed.")
                return
            }
            handle.write(Data(bytes))
        } else {
            guard text.count + bytes.count <= FormUpload.maximumFieldBytes else {
                error = .payloadTooLarge("A field of this form is too long.")
                return
            }
            text.append(contentsOf: bytes)
        }
    }

    /// Decides from the part's headers whether it is a file or a text field.
    private func start() {
        let disposition = headers["content-disposition"] ?? ""
        let name = Self.parameter("name", in: disposition) ?? ""
        if let fileName = Self.parameter("filename", in: disposition) {
            guard csrfChecked else {
                error = .csrfFailed
                return
            }
            let url = temporaryDirectory.appendingPathComponent("form-\(UUID().text)")
            guard
                FileManager.default.createFile(
                    atPath: url.path, contents: nil, attributes: [.posixPermissions: 0o600]),
                let opened = try? FileHandle(forWritingTo: url)
            else {
                error = .unavailable(
                    code: "storage_unavailable",
                    message: "The hub could not keep this file for a moment (its disk may be full). Please try again.")
                return
            }
            handle = opened
            current = FormUpload.File(field: name, fileName: fileName.isEmpty ? nil : fileName, url: url)
        } else {
            current = FormUpload.File(field: name, fileName: nil, url: temporaryDirectory)
        }
    }

    func partComplete() {
        if current == nil, !headers.isEmpty { start() }
        defer {
            headers = [:]
            current = nil
            text = Data()
            written = 0
        }
        guard let part = current else { return }
        if let handle {
            try? handle.close()
            self.handle = nil
            // A file input left empty still sends an empty part; it is no file.
            if written > 0 { files.append(part) } else { try? FileManager.default.removeItem(at: part.url) }
        } else {
            let value = String(decoding: text, as: UTF8.self)
            valueCount += 1
            guard fields.count < FormUpload.maximumFields, valueCount <= FormUpload.maximumValues else {
                error = .badRequest("This form has too many fields.")
                return
            }
            if part.field == CSRF.fieldName {
                guard let expectedCSRF, SecretToken.constantTimeEquals(value, expectedCSRF) else {
                    error = .csrfFailed
                    return
                }
                csrfChecked = true
            }
            fields[part.field] = value
            fieldValues[part.field, default: []].append(value)
        }
    }

    func removeAll() {
        try? handle?.close()
        if let current, current.fileName != nil || handle != nil {
            try? FileManager.default.removeItem(at: current.url)
        }
        for file in files { try? FileManager.default.removeItem(at: file.url) }
    }

    /// `name="value"` out of a Content-Disposition header.
    static func parameter(_ key: String, in header: String) -> String? {
        for piece in header.split(separator: ";") {
            let parts = piece.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2, parts[0].lowercased() == key else { continue }
            return parts[1].trimmingCharacters(in: CharacterSet(charactersIn: "\""))
        }
        return nil
    }
}

/// A file read in pieces, as an async sequence of byte chunks.
struct FileChunks: AsyncSequence, Sendable {
    typealias Element = Data
    let url: URL

    struct AsyncIterator: AsyncIteratorProtocol {
        let handle: FileHandle?

        mutating func next() async throws -> Data? {
            guard let handle, let chunk = try handle.read(upToCount: 256 * 1024), !chunk.isEmpty else {
                try? handle?.close()
                return nil
            }
            return chunk
        }
    }

    func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(handle: try? FileHandle(forReadingFrom: url))
    }
}
