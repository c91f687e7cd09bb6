import AsyncHTTPClient
import Crypto
import Foundation
import Logging
import NIOCore
import NIOHTTP1
import NIOPosix

/// A small client for the S3 API, enough for the media store: objects (put, head, get with ranges, delete, copy),
/// listings and multipart uploads, signed with `S3Signer`, against AWS or any S3-compatible service.
///
/// Keys given to it are relative: it adds the settings' prefix. Every answer that is not a success becomes an
/// `S3Error` whose description a person can act on; a busy service (500, 502, 503, 504) is asked twice more.
final class S3Client: Sendable {
    let settings: S3Settings
    let httpClient: HTTPClient
    let logger: Logger
    let timeouts: Timeouts
    /// The clock requests are signed with.
    let now: @Sendable () -> Date
    let signer: S3Signer
    /// `http://127.0.0.1:9000`, for messages.
    let endpointText: String

    /// How long the service may take before the client gives up with `S3Error.timedOut`. The HTTP client's own
    /// timeouts (`httpConfiguration`) cover connecting and a body that stops coming.
    struct Timeouts: Sendable {
        /// Until the head of the answer to a request without a large body.
        var request: TimeAmount = .seconds(120)
        /// The slowest upload accepted, in bytes a second: a part of 8 MiB may take `request` + 128 s.
        var slowestUpload: Int64 = 64 * 1024
        /// Until the answer to work the service does on its own (a copy, completing an upload).
        var serverWork: TimeAmount = .minutes(15)

        func upload(bytes: Int) -> TimeAmount { request + .seconds(Int64(bytes) / max(1, slowestUpload)) }
    }

    init(
        settings: S3Settings, httpClient: HTTPClient, logger: Logger, timeouts: Timeouts = Timeouts(),
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.settings = settings
        self.httpClient = httpClient
        self.logger = logger
        self.timeouts = timeouts
        self.now = now
        signer = S3Signer(
            accessKeyID: settings.accessKeyID, secretAccessKey: settings.secretAccessKey, region: settings.region)
        endpointText = "\(settings.endpoint.scheme ?? "https")://\(Self.hostAndPort(settings.endpoint))"
    }

    /// The configuration for the `HTTPClient` given to S3 clients: short connect and read timeouts, so that a dead
    /// or stalled service is an error and not a wait, and no redirects (a signed request is not sent elsewhere).
    static func httpConfiguration(
        connectTimeout: TimeAmount = .seconds(5), readTimeout: TimeAmount = .seconds(60)
    ) -> HTTPClient.Configuration {
        var timeout = HTTPClient.Configuration.Timeout(connect: connectTimeout, read: readTimeout)
        timeout.write = readTimeout
        return HTTPClient.Configuration(redirectConfiguration: .disallow, timeout: timeout, decompression: .disabled)
    }

    /// The key in the bucket: the settings' prefix and `key`.
    func fullKey(_ key: String) throws -> String {
        let full = settings.prefix + key
        guard !key.isEmpty, full.utf8.count <= 1024 else {
            throw S3Error.invalidKey(key)
        }
        return full
    }

    /// `key` without the settings' prefix.
    func relativeKey(_ full: String) -> String {
        full.hasPrefix(settings.prefix) ? String(full.dropFirst(settings.prefix.count)) : full
    }
}

// MARK: - Sending

/// One request to the bucket, before signing.
struct S3Request: Sendable {
    var method: HTTPMethod
    /// The object's full key (prefix included), or nil for the bucket itself.
    var key: String?
    var query: [(name: String, value: String)] = []
    var headers: [(name: String, value: String)] = []
    var body: S3Payload?
    /// How long until the head of the answer must have come.
    var timeout: TimeAmount
    /// Whether a busy answer may be asked again (not for one that creates something).
    var retries = true
}

extension S3Client {
    /// Sends `request`, asking again after a busy answer; any status comes back.
    func send(_ request: S3Request) async throws -> HTTPClientResponse {
        let payloadSHA256 = payloadHash(request)
        var attempt = 1
        while true {
            let response = try await sendOnce(request, payloadSHA256: payloadSHA256)
            guard request.retries, attempt < 3, [500, 502, 503, 504].contains(response.status.code) else {
                return response
            }
            _ = try? await response.body.collect(upTo: 1 << 16)
            try await Task.sleep(for: .milliseconds(300 * attempt * attempt))
            attempt += 1
        }
    }

    /// What `request` signs for its body: the SHA-256 of its bytes, except for an upload's bytes (a PUT of an object
    /// or a part) over https, which are `UNSIGNED-PAYLOAD`, as botocore sends a streamed upload over https: TLS
    /// guards them on the way, and the hub is spared a second SHA-256 pass over every byte (the first is the blob's
    /// own hash). Over plain http the hash is what guards them, so it is always sent.
    func payloadHash(_ request: S3Request) -> String {
        guard let body = request.body else { return S3Signer.emptyPayloadSHA256 }
        if request.method == .PUT, settings.endpoint.scheme?.lowercased() == "https" {
            return S3Signer.unsignedPayload
        }
        return body.sha256()
    }

    /// Sends `request` and throws the service's refusal as an `S3Error` unless the status is a success or one of
    /// `accepting`.
    func checked(_ request: S3Request, accepting: Set<UInt> = []) async throws -> HTTPClientResponse {
        let response = try await send(request)
        guard (200..<300).contains(response.status.code) || accepting.contains(response.status.code) else {
            throw await refusal(response)
        }
        return response
    }

    /// Sends `request` and reads its XML answer, which may be an error even with a 200 (a copy, a completion).
    func xml(_ request: S3Request) async throws -> S3XML {
        let response = try await checked(request)
        let body = try await collect(response.body, endpoint: endpointText)
        let xml = try S3XML.parse(body)
        if xml.name == "Error" {
            throw S3Error.refused(status: 200, code: xml["Code"], message: xml["Message"], bucket: settings.bucket)
        }
        return xml
    }

    /// The refusal an error answer carries in its XML body.
    func refusal(_ response: HTTPClientResponse) async -> S3Error {
        let body = try? await response.body.collect(upTo: 1 << 16)
        let xml = body.flatMap { try? S3XML.parse($0) }
        return .refused(
            status: Int(response.status.code), code: xml?["Code"], message: xml?["Message"], bucket: settings.bucket)
    }

    private func sendOnce(_ request: S3Request, payloadSHA256: String) async throws -> HTTPClientResponse {
        let prepared = prepare(request, payloadSHA256: payloadSHA256, at: now())
        var http = HTTPClientRequest(url: prepared.url)
        http.method = request.method
        for (name, value) in prepared.headers { http.headers.add(name: name, value: value) }
        if let body = request.body { http.body = body.httpBody }
        do {
            let response = try await httpClient.execute(http, timeout: request.timeout, logger: logger)
            logger.debug(
                "S3 answered",
                metadata: [
                    "method": "\(request.method.rawValue)", "key": "\(request.key ?? "")",
                    "status": "\(response.status.code)",
                ])
            return response
        } catch {
            throw Self.transportError(error, endpoint: endpointText)
        }
    }

    /// The URL and the signed headers of `request` made at `date`.
    func prepare(_ request: S3Request, payloadSHA256: String, at date: Date)
        -> (url: String, headers: [(name: String, value: String)], signed: S3Signer.Signed)
    {
        let (host, path) = address(of: request.key)
        let headers = [("host", host)] + request.headers
        let signed = signer.sign(
            S3Signer.Request(
                method: request.method.rawValue, path: path, query: request.query, headers: headers,
                payloadSHA256: payloadSHA256),
            at: date)
        let query = S3Signer.canonicalQuery(request.query)
        let url = "\(settings.endpoint.scheme ?? "https")://\(host)\(path)\(query.isEmpty ? "" : "?" + query)"
        return (url, headers + signed.headers, signed)
    }

    /// The Host header and the encoded path for a key (or the bucket), as the settings' addressing wants them.
    func address(of key: String?) -> (host: String, path: String) {
        let host = Self.hostAndPort(settings.endpoint)
        let keyPath = key.map { "/" + S3Signer.encode($0, keepingSlashes: true) }
        switch settings.addressing {
        case .path: return (host, "/\(settings.bucket)\(keyPath ?? "")")
        case .virtualHost: return ("\(settings.bucket).\(host)", keyPath ?? "/")
        }
    }

    /// The body whole, up to 16 MiB (an XML answer).
    func collect(_ body: HTTPClientResponse.Body, endpoint: String) async throws -> ByteBuffer {
        do {
            return try await body.collect(upTo: 16 << 20)
        } catch {
            throw Self.transportError(error, endpoint: endpoint)
        }
    }

    private static func hostAndPort(_ url: URL) -> String {
        var host = url.host ?? "localhost"
        if host.contains(":"), !host.hasPrefix("[") { host = "[\(host)]" }
        return url.port.map { "\(host):\($0)" } ?? host
    }
}
