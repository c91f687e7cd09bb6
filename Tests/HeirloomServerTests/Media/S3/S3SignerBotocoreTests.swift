import AsyncHTTPClient
import Crypto
import Foundation
import Logging
import NIOCore
import NIOHTTP1
import PropertyBased
import Testing

@testable import HeirloomServer

/// The client's requests signed by `S3Signer` and by botocore's own `S3SigV4Auth` (scripts/botocore-sign.py) must
/// give the same canonical request, string to sign and Authorization header, byte for byte, and the same path.
@Suite("S3 signatures: the same as botocore's")
struct S3SignerBotocoreTests {
    /// One generated request and the settings it is sent with.
    struct Case: Sendable {
        var method: HTTPMethod
        var key: String?
        var query: [(name: String, value: String)]
        var headers: [(name: String, value: String)]
        var body: [UInt8]
        var seconds: Int64
        var endpoint: (url: String, host: String)
        var region: String
        var virtualHost: Bool
        var secret: String
    }

    // Characters a key or a query value may hold that encoding gets wrong: spaces, +, ~, /, %, reserved
    // punctuation, accents (precomposed and combining), CJK and an emoji.
    private static let keyCharacters = Array("abcXYZ019 +~/%=&?#!*'()$,;:@-_.éü\u{301}日😀")
    private static let text = Gen.int(in: 0..<keyCharacters.count).map { keyCharacters[$0] }.string(of: 0...24)
    private static let queryNames = [
        "uploadId", "partNumber", "list-type", "continuation-token", "prefix", "max-keys", "uploads", "key-marker",
        "upload-id-marker", "x-id",
    ]
    private static let headerNames = [
        "range", "content-type", "x-amz-meta-note", "X-Amz-Meta-Note", "x-amz-copy-source", "If-Match",
    ]
    // Printable ASCII with spaces and tabs, which the canonical form trims and folds.
    private static let headerCharacters = Array(" \t !\"#$%&'()*+,-./09:;<=>?@AZ[\\]^_`az{|}~")
    private static let headerValue = Gen.int(in: 0..<headerCharacters.count).map { headerCharacters[$0] }
        .string(of: 0...20)
    // Each endpoint with its Host header, as botocore is told it.
    private static let endpoints: [(url: String, host: String)] = [
        ("http://127.0.0.1:7480", "127.0.0.1:7480"), ("https://s3.example.com", "s3.example.com"),
        ("http://[::1]:9000", "[::1]:9000"),
    ]
    private static let secretCharacters = Array("abcXYZ0189/+")
    private static let regions = ["us-east-1", "eu-west-3", "garage", "auto"]
    private static let methods: [HTTPMethod] = [.GET, .PUT, .HEAD, .DELETE, .POST]

    private static let request = zip(
        Gen.int(in: 0..<methods.count),
        text.map { $0.isEmpty ? "k" : $0 }.optional(valueRate: 0.85),
        zip(Gen.int(in: 0..<queryNames.count), text).array(of: 0...4),
        zip(Gen.int(in: 0..<headerNames.count), headerValue).array(of: 0...3),
        Gen.uint8().array(of: 0...64),
        Gen.int64(in: 946_684_800...4_102_444_799),
        zip(Gen.int(in: 0..<endpoints.count), Gen.int(in: 0..<regions.count), Gen.bool),
        Gen.int(in: 0..<secretCharacters.count).map { secretCharacters[$0] }.string(of: 1...40)
    ).map { generated in
        let (method, key, query, headers, body, seconds, place, secret) = generated
        return Case(
            method: methods[method], key: key, query: query.map { (queryNames[$0.0], $0.1) },
            headers: headers.map { (headerNames[$0.0], $0.1) }, body: body, seconds: seconds,
            endpoint: endpoints[place.0], region: regions[place.1],
            // Virtual-host addressing needs a DNS name.
            virtualHost: place.2 && !endpoints[place.0].host.first!.isNumber && !endpoints[place.0].host.hasPrefix("["),
            secret: secret)
    }

    @Test("generated requests: keys, queries and headers of every kind")
    func generated() async throws {
        await propertyCheck(count: 4, input: Self.request.array(of: 100)) { cases in
            try await Self.compare(cases)
        }
    }

    @Test("the requests the client makes: multipart, listing, copy, range")
    func clientRequests() async throws {
        func made(_ method: HTTPMethod, _ key: String?, _ query: [(String, String)], _ headers: [(String, String)])
            -> Case
        {
            Case(
                method: method, key: key, query: query, headers: headers,
                body: method == .PUT ? Array("part".utf8) : [],
                seconds: 1_790_000_000, endpoint: Self.endpoints[0], region: "us-east-1", virtualHost: false,
                secret: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY")
        }
        try await Self.compare([
            made(.POST, "media/ab/cd/abcd", [("uploads", "")], []),
            made(.PUT, "media/ab/cd/abcd", [("partNumber", "3"), ("uploadId", "2~abc+/=")], []),
            made(.POST, "media/ab/cd/abcd", [("uploadId", "2~abc+/=")], [("content-type", "application/xml")]),
            made(.DELETE, "media/ab/cd/abcd", [("uploadId", "2~abc+/=")], []),
            made(.GET, nil, [("list-type", "2"), ("max-keys", "1000"), ("prefix", "family media/")], []),
            made(.GET, nil, [("list-type", "2"), ("continuation-token", "1/ab+c=="), ("prefix", "")], []),
            made(.GET, nil, [("uploads", ""), ("prefix", "a b/"), ("key-marker", "k"), ("upload-id-marker", "u")], []),
            made(.PUT, "copy of é", [], [("x-amz-copy-source", "/bucket/a%20b")]),
            made(.GET, "a b/c+d~e", [], [("range", "bytes=0-9")]),
            made(.HEAD, "dir/", [], []),
        ])
    }

    /// Signs `cases` here and with botocore, and expects the same texts.
    private static func compare(_ cases: [Case]) async throws {
        var specs: [[String: Any]] = []
        var ours: [(path: String, signed: S3Signer.Signed)] = []
        for item in cases {
            let endpoint = URL(string: item.endpoint.url)!
            let settings = S3Settings(
                endpoint: endpoint, region: item.region, bucket: "heirloom-test", accessKeyID: "AKIDEXAMPLE",
                secretAccessKey: item.secret, addressing: item.virtualHost ? .virtualHost : .path)
            let client = S3Client(settings: settings, httpClient: .shared, logger: Logger(label: "test"))
            let body = item.body.isEmpty ? nil : ByteBuffer(bytes: item.body)
            let request = S3Request(
                method: item.method, key: item.key, query: item.query, headers: item.headers,
                body: body.map { S3Payload($0) },
                timeout: .seconds(1))
            let payload = body.map { S3Signer.hex(SHA256.hash(data: Array($0.readableBytesView))) }
            let date = Date(timeIntervalSince1970: TimeInterval(item.seconds))
            let prepared = client.prepare(request, payloadSHA256: payload ?? S3Signer.emptyPayloadSHA256, at: date)
            let url = try #require(URLComponents(string: prepared.url), "\(prepared.url)")
            ours.append((url.percentEncodedPath, prepared.signed))
            specs.append([
                "method": item.method.rawValue, "host": item.endpoint.host, "bucket": "heirloom-test",
                "key": item.key as Any,
                "addressing": item.virtualHost ? "virtual-host" : "path",
                "query": item.query.map { [$0.name, $0.value] }, "headers": item.headers.map { [$0.name, $0.value] },
                "body": Data(item.body).base64EncodedString(), "date": S3Signer.amzDate(date),
                "accessKeyID": "AKIDEXAMPLE", "secretAccessKey": item.secret, "region": item.region,
            ])
        }
        let theirs = try await botocore(specs)
        try #require(theirs.count == ours.count)
        for (index, (mine, boto)) in zip(ours, theirs).enumerated() {
            let context = Comment(rawValue: "request \(index): \(specs[index])")
            #expect(mine.path == boto["path"], context)
            #expect(mine.signed.canonicalRequest == boto["canonicalRequest"], context)
            #expect(mine.signed.stringToSign == boto["stringToSign"], context)
            #expect(mine.signed.authorization == boto["authorization"], context)
        }
    }

    /// Runs scripts/botocore-sign.py over `specs`.
    private static func botocore(_ specs: [[String: Any]]) async throws -> [[String: String]] {
        let input = FileManager.default.temporaryDirectory.appendingPathComponent("botocore-\(UUID()).json")
        try JSONSerialization.data(withJSONObject: specs).write(to: input)
        defer { try? FileManager.default.removeItem(at: input) }
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("scripts/botocore-sign.py")
        let result = try await ExternalTool.run("python3", [script.path, input.path], timeout: 120)
        try #require(result.status == 0, "botocore-sign.py failed: \(result.errorOutput)")
        return try #require(try JSONSerialization.jsonObject(with: result.output) as? [[String: String]])
    }
}
