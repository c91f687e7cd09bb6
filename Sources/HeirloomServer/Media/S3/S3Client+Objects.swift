import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import Vapor

extension S3Client {
    /// The object's size, ETag and date, or nil when there is no such object (or bucket: a HEAD has no body to
    /// tell them apart; `checkAccess` does).
    func head(_ key: String) async throws -> S3ObjectInfo? {
        let response = try await checked(
            S3Request(method: .HEAD, key: try fullKey(key), timeout: timeouts.request), accepting: [404])
        guard response.status != .notFound else { return nil }
        let headers = response.headers
        return S3ObjectInfo(
            size: headers.first(name: "content-length").flatMap { Int64($0) } ?? 0,
            etag: headers.first(name: "etag").map(Self.unquoted),
            lastModified: headers.first(name: "last-modified").flatMap { Date(rfc1123: $0) })
    }

    /// Stores a small object in one request (its bytes are in memory: use `upload` or `multipartUpload` for files).
    func put(_ key: String, body: ByteBuffer) async throws {
        try await put(key, body: S3Payload(body))
    }

    func put(_ key: String, body: S3Payload) async throws {
        _ = try await checked(
            S3Request(method: .PUT, key: try fullKey(key), body: body, timeout: timeouts.upload(bytes: body.count)))
    }

    /// The object, or the bytes `range` names (both ends included), as they arrive. A missing object is an
    /// `S3Error` whose `isMissingObject` is true; a range past the end is refused (InvalidRange).
    func get(_ key: String, range: ClosedRange<Int64>? = nil) async throws -> S3Download {
        var request = S3Request(method: .GET, key: try fullKey(key), timeout: timeouts.request)
        if let range { request.headers.append(("range", "bytes=\(range.lowerBound)-\(range.upperBound)")) }
        let response = try await checked(request)
        let headers = response.headers
        let length = headers.first(name: "content-length").flatMap { Int64($0) }
        var size = length
        var sent: ClosedRange<Int64>? = length.flatMap { $0 > 0 ? 0...($0 - 1) : nil }
        if response.status == .partialContent {
            // Content-Range: bytes 0-9/443
            guard let contentRange = headers.first(name: "content-range"),
                let (first, last, total) = Self.contentRange(contentRange)
            else {
                throw S3Error.unreadableAnswer("a partial answer without a Content-Range")
            }
            sent = first...last
            size = total
        }
        guard let length, let size else { throw S3Error.unreadableAnswer("an answer without a Content-Length") }
        return S3Download(
            status: Int(response.status.code), size: size, range: sent, contentLength: length,
            etag: headers.first(name: "etag").map(Self.unquoted),
            lastModified: headers.first(name: "last-modified").flatMap { Date(rfc1123: $0) },
            body: S3Download.Body(base: response.body, endpoint: endpointText))
    }

    /// Writes the object to `file` as it arrives, through a temporary file beside it that takes its place only
    /// when every byte has come.
    func download(_ key: String, to file: URL) async throws {
        let download = try await get(key)
        let temporary = file.deletingLastPathComponent().appendingPathComponent(".\(file.lastPathComponent).\(UUID())")
        guard FileManager.default.createFile(atPath: temporary.path, contents: nil) else {
            throw MediaError.storage("cannot write \(temporary.path)")
        }
        do {
            let handle = try FileHandle(forWritingTo: temporary)
            defer { try? handle.close() }
            var written: Int64 = 0
            for try await buffer in download.body {
                written += Int64(buffer.readableBytes)
                try await NIOThreadPool.singleton.runIfActive {
                    try buffer.withUnsafeReadableBytes { try handle.write(contentsOf: $0) }
                }
            }
            guard written == download.contentLength else {
                throw S3Error.unreachable(endpoint: endpointText, reason: "the download stopped part-way")
            }
            try await NIOThreadPool.singleton.runIfActive { try handle.synchronize() }
            guard rename(temporary.path, file.path) == 0 else {
                throw MediaError.storage("cannot move the download to \(file.path) (errno \(errno))")
            }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
    }

    /// Deletes the object; an object already gone is no error (a missing bucket is).
    func delete(_ key: String) async throws {
        let response = try await send(S3Request(method: .DELETE, key: try fullKey(key), timeout: timeouts.request))
        guard (200..<300).contains(response.status.code) else {
            let refusal = await refusal(response)
            guard refusal.code == "NoSuchKey" else { throw refusal }
            return
        }
    }

    /// Copies an object within the bucket on the service's side, without the bytes passing through the hub.
    /// CopyObject takes objects of up to 5 GiB; a larger one is refused (InvalidRequest).
    func copy(from source: String, to destination: String) async throws {
        _ = try await xml(
            S3Request(
                method: .PUT, key: try fullKey(destination),
                headers: [("x-amz-copy-source", copySource(try fullKey(source)))], timeout: timeouts.serverWork))
    }

    /// Gives an object a new Last-Modified, by copying it onto itself, so that a sweep by age sees it as young
    /// (content-addressed media stored again). Up to 5 GiB, as `copy`.
    func touch(_ key: String) async throws {
        let full = try fullKey(key)
        _ = try await xml(
            S3Request(
                method: .PUT, key: full,
                headers: [("x-amz-copy-source", copySource(full)), ("x-amz-metadata-directive", "REPLACE")],
                timeout: timeouts.serverWork))
    }

    /// `/bucket/key`, encoded as a path.
    private func copySource(_ fullKey: String) -> String {
        "/\(settings.bucket)/" + S3Signer.encode(fullKey, keepingSlashes: true)
    }

    /// `"abc"` → `abc`.
    static func unquoted(_ etag: String) -> String {
        etag.trimmingCharacters(in: CharacterSet(charactersIn: "\""))
    }

    /// `bytes 0-9/443` → (0, 9, 443).
    static func contentRange(_ text: String) -> (Int64, Int64, Int64)? {
        guard text.hasPrefix("bytes ") else { return nil }
        let parts = text.dropFirst("bytes ".count).split(separator: "/")
        let bounds = parts.first?.split(separator: "-") ?? []
        guard parts.count == 2, bounds.count == 2, let first = Int64(bounds[0]), let last = Int64(bounds[1]),
            let total = Int64(parts[1]), first <= last, last < total
        else { return nil }
        return (first, last, total)
    }
}
