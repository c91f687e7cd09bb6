import Crypto
import Foundation
import Logging
import NIOCore
import Testing

@testable import HeirloomServer

/// The signer against AWS's published examples: "Signature Calculations for the Authorization Header: Transferring
/// Payload in a Single Chunk (AWS Signature Version 4)", section "Examples: Signature Calculations",
/// https://docs.aws.amazon.com/AmazonS3/latest/API/sig-v4-header-based-auth.html. The canonical requests, the
/// hashes in the strings to sign and the signatures below are copied from that page.
@Suite("S3 signatures: AWS's published examples")
struct S3SignatureVectorTests {
    private static let signer = S3Signer(
        accessKeyID: "AKIAIOSFODNN7EXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
        region: "us-east-1")
    /// 20130524T000000Z.
    private static let date = Date(timeIntervalSince1970: 1_369_353_600)
    private static let host = ("host", "examplebucket.s3.amazonaws.com")
    private static let empty = S3Signer.emptyPayloadSHA256

    private static func expect(
        _ signed: S3Signer.Signed, canonicalRequest: String, hash: String, signature: String, signedHeaders: String
    ) {
        #expect(signed.canonicalRequest == canonicalRequest)
        #expect(
            signed.stringToSign == "AWS4-HMAC-SHA256\n20130524T000000Z\n20130524/us-east-1/s3/aws4_request\n\(hash)")
        #expect(
            signed.authorization
                == "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, "
                + "SignedHeaders=\(signedHeaders), Signature=\(signature)")
    }

    @Test("GET Object with a Range header")
    func getObject() {
        // when
        let signed = Self.signer.sign(
            S3Signer.Request(method: "GET", path: "/test.txt", headers: [Self.host, ("Range", "bytes=0-9")]),
            at: Self.date)
        // then
        Self.expect(
            signed,
            canonicalRequest: """
                GET
                /test.txt

                host:examplebucket.s3.amazonaws.com
                range:bytes=0-9
                x-amz-content-sha256:\(Self.empty)
                x-amz-date:20130524T000000Z

                host;range;x-amz-content-sha256;x-amz-date
                \(Self.empty)
                """,
            hash: "7344ae5b7ee6c3e7e6b0fe0640412a37625d1fbfff95c48bbb2dc43964946972",
            signature: "f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41",
            signedHeaders: "host;range;x-amz-content-sha256;x-amz-date")
    }

    @Test("PUT Object: a key with $ and a signed payload")
    func putObject() {
        // given "Welcome to Amazon S3." under the key test$file.text
        let payload = S3Signer.hex(SHA256.hash(data: Array("Welcome to Amazon S3.".utf8)))
        #expect(payload == "44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072")
        // when
        let signed = Self.signer.sign(
            S3Signer.Request(
                method: "PUT", path: "/" + S3Signer.encode("test$file.text", keepingSlashes: true),
                headers: [
                    Self.host, ("Date", "Fri, 24 May 2013 00:00:00 GMT"), ("x-amz-storage-class", "REDUCED_REDUNDANCY"),
                ],
                payloadSHA256: payload),
            at: Self.date)
        // then
        Self.expect(
            signed,
            canonicalRequest: """
                PUT
                /test%24file.text

                date:Fri, 24 May 2013 00:00:00 GMT
                host:examplebucket.s3.amazonaws.com
                x-amz-content-sha256:\(payload)
                x-amz-date:20130524T000000Z
                x-amz-storage-class:REDUCED_REDUNDANCY

                date;host;x-amz-content-sha256;x-amz-date;x-amz-storage-class
                \(payload)
                """,
            hash: "9e0e90d9c76de8fa5b200d8c849cd5b8dc7a3be3951ddb7f6a76b4158342019d",
            signature: "98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd",
            signedHeaders: "date;host;x-amz-content-sha256;x-amz-date;x-amz-storage-class")
    }

    @Test("GET Bucket Lifecycle: a query parameter without a value")
    func getBucketLifecycle() {
        let signed = Self.signer.sign(
            S3Signer.Request(method: "GET", path: "/", query: [("lifecycle", "")], headers: [Self.host]),
            at: Self.date)
        Self.expect(
            signed,
            canonicalRequest: """
                GET
                /
                lifecycle=
                host:examplebucket.s3.amazonaws.com
                x-amz-content-sha256:\(Self.empty)
                x-amz-date:20130524T000000Z

                host;x-amz-content-sha256;x-amz-date
                \(Self.empty)
                """,
            hash: "9766c798316ff2757b517bc739a67f6213b4ab36dd5da2f94eaebf79c77395ca",
            signature: "fea454ca298b7da1c68078a5d1bdbfbbe0d65c699e0f91ac7a200a0136783543",
            signedHeaders: "host;x-amz-content-sha256;x-amz-date")
    }

    @Test("GET Bucket (List Objects): query parameters sorted")
    func listObjects() {
        let signed = Self.signer.sign(
            S3Signer.Request(
                method: "GET", path: "/", query: [("prefix", "J"), ("max-keys", "2")], headers: [Self.host]),
            at: Self.date)
        Self.expect(
            signed,
            canonicalRequest: """
                GET
                /
                max-keys=2&prefix=J
                host:examplebucket.s3.amazonaws.com
                x-amz-content-sha256:\(Self.empty)
                x-amz-date:20130524T000000Z

                host;x-amz-content-sha256;x-amz-date
                \(Self.empty)
                """,
            hash: "df57d21db20da04d7fa30298dd4488ba3a2b47ca3a489c74750e0f1e7df1b9b7",
            signature: "34b48302e7b5fa45bde8084f4b7868a86f0a534bc59db6670ed5711ef69dc6f7",
            signedHeaders: "host;x-amz-content-sha256;x-amz-date")
    }

    @Test("keys and query values are encoded once, from UTF-8, keeping only the unreserved characters")
    func encoding() {
        #expect(S3Signer.encode("a b+c~d/é", keepingSlashes: true) == "a%20b%2Bc~d/%C3%A9")
        #expect(S3Signer.encode("a/b=c&d%", keepingSlashes: false) == "a%2Fb%3Dc%26d%25")
        #expect(S3Signer.encode("AZaz09-._~", keepingSlashes: false) == "AZaz09-._~")
    }

    @Test("an upload's bytes are signed by their SHA-256 over http and left unsigned over https, as botocore does")
    func payloadOverHTTPAndHTTPS() throws {
        let part = S3Payload([ByteBuffer(string: "part "), ByteBuffer(string: "one")])
        let sha256 = S3Signer.hex(SHA256.hash(data: Array("part one".utf8)))
        #expect(part.sha256() == sha256 && part.count == 8)
        for scheme in ["http", "https"] {
            let settings = S3Settings(
                endpoint: try #require(URL(string: "\(scheme)://127.0.0.1:9000")), region: "us-east-1",
                bucket: "family", accessKeyID: "AKIDEXAMPLE", secretAccessKey: "secret", addressing: .path)
            let client = S3Client(settings: settings, httpClient: .shared, logger: Logger(label: "test"))
            let upload = S3Request(method: .PUT, key: "a/b", body: part, timeout: .seconds(1))
            let completion = S3Request(method: .POST, key: "a/b", body: part, timeout: .seconds(1))
            #expect(client.payloadHash(upload) == (scheme == "https" ? S3Signer.unsignedPayload : sha256))
            // the rest is always signed: a completion's list of parts, a GET's empty payload
            #expect(client.payloadHash(completion) == sha256)
            #expect(
                client.payloadHash(S3Request(method: .GET, key: "a/b", timeout: .seconds(1)))
                    == S3Signer.emptyPayloadSHA256)
        }
    }
}
