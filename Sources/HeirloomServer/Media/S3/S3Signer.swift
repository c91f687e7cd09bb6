import Crypto
import Foundation
import HeirloomCore

/// AWS Signature Version 4 as S3 wants it, in one place: the canonical request, the string to sign, the signing key
/// and the `Authorization` header.
///
/// No S3 library is among the packages this hub builds with, so the signing is written here, on swift-crypto. It is
/// checked against AWS's published examples and, byte for byte, against botocore's `S3SigV4Auth`
/// (`S3SignatureVectorTests`, `S3SignerBotocoreTests`). As in botocore, S3 paths are encoded once and never
/// normalised (`a/./b` stays), and every request signs the SHA-256 of its payload.
struct S3Signer: Sendable {
    /// The SHA-256 of no bytes: the payload hash of a GET, HEAD or DELETE.
    static let emptyPayloadSHA256 = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
    /// What a request signs instead of its payload's hash when the payload is left unsigned (over https).
    static let unsignedPayload = "UNSIGNED-PAYLOAD"

    var accessKeyID: String
    var secretAccessKey: String
    var region: String
    var service = "s3"

    /// A request as it will be sent, before signing.
    struct Request: Sendable {
        var method: String
        /// The path as sent: already percent-encoded, as `S3Signer.encode(_:keepingSlashes: true)` writes a key.
        var path: String
        /// The query's names and values, not encoded.
        var query: [(name: String, value: String)] = []
        /// The headers to sign, `host` among them; `x-amz-date` and `x-amz-content-sha256` are added by `sign`.
        var headers: [(name: String, value: String)]
        /// The hex SHA-256 of the body.
        var payloadSHA256: String = S3Signer.emptyPayloadSHA256
    }

    /// What signing gives: the headers to send, and the texts they came from (for tests).
    struct Signed: Sendable {
        var canonicalRequest: String
        var stringToSign: String
        var authorization: String
        /// `x-amz-date`, `x-amz-content-sha256` and `authorization`, to add to the request's headers.
        var headers: [(name: String, value: String)]
    }

    /// Signs `request` as made at `date`.
    func sign(_ request: Request, at date: Date) -> Signed {
        let amzDate = Self.amzDate(date)
        let day = String(amzDate.prefix(8))
        let headers =
            request.headers + [("x-amz-content-sha256", request.payloadSHA256), ("x-amz-date", amzDate)]
        let (canonicalHeaders, signedHeaders) = Self.canonicalHeaders(headers)
        let canonicalRequest = [
            request.method.uppercased(), request.path, Self.canonicalQuery(request.query), canonicalHeaders,
            signedHeaders, request.payloadSHA256,
        ].joined(separator: "\n")
        let scope = "\(day)/\(region)/\(service)/aws4_request"
        let stringToSign = [
            "AWS4-HMAC-SHA256", amzDate, scope, Self.hex(SHA256.hash(data: Array(canonicalRequest.utf8))),
        ].joined(separator: "\n")
        let signature = Self.hex(HMAC<SHA256>.authenticationCode(for: Array(stringToSign.utf8), using: signingKey(day)))
        let authorization =
            "AWS4-HMAC-SHA256 Credential=\(accessKeyID)/\(scope), SignedHeaders=\(signedHeaders), Signature=\(signature)"
        return Signed(
            canonicalRequest: canonicalRequest, stringToSign: stringToSign, authorization: authorization,
            headers: [
                ("x-amz-date", amzDate), ("x-amz-content-sha256", request.payloadSHA256),
                ("authorization", authorization),
            ])
    }

    /// The key for one day: HMAC chained over the day, the region, the service and "aws4_request".
    private func signingKey(_ day: String) -> SymmetricKey {
        var key = SymmetricKey(data: Array("AWS4\(secretAccessKey)".utf8))
        for part in [day, region, service, "aws4_request"] {
            key = SymmetricKey(data: HMAC<SHA256>.authenticationCode(for: Array(part.utf8), using: key))
        }
        return key
    }

    /// `20130524T000000Z`.
    static func amzDate(_ date: Date) -> String {
        (InternetDate.string(from: date) ?? "19700101T000000Z").filter { $0 != "-" && $0 != ":" }
    }

    /// Percent-encodes all but the unreserved characters (`A–Z a–z 0–9 - . _ ~`), and the slashes of a path when
    /// asked, from the UTF-8 bytes, with upper-case hex: the one encoding SigV4 and S3 accept.
    static func encode(_ text: String, keepingSlashes: Bool) -> String {
        var encoded = ""
        encoded.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"):
                encoded.unicodeScalars.append(UnicodeScalar(byte))
            case UInt8(ascii: "/") where keepingSlashes:
                encoded.append("/")
            default:
                encoded.append("%")
                encoded.append(hexDigits[Int(byte >> 4)])
                encoded.append(hexDigits[Int(byte & 0x0f)])
            }
        }
        return encoded
    }

    /// Names and values encoded, sorted by name then value, `name=value` joined by `&`; also the query as sent.
    static func canonicalQuery(_ query: [(name: String, value: String)]) -> String {
        query.map { (encode($0.name, keepingSlashes: false), encode($0.value, keepingSlashes: false)) }
            .sorted {
                $0.0 == $1.0
                    ? $0.1.utf8.lexicographicallyPrecedes($1.1.utf8) : $0.0.utf8.lexicographicallyPrecedes($1.0.utf8)
            }
            .map { "\($0.0)=\($0.1)" }
            .joined(separator: "&")
    }

    /// `name:value` lines (names in lower case, sorted; values trimmed, runs of blanks made one space, a repeated
    /// header's values joined by commas) ending in a newline, and the names joined by semicolons.
    private static func canonicalHeaders(_ headers: [(name: String, value: String)]) -> (String, String) {
        var values: [String: [String]] = [:]
        for (name, value) in headers {
            let words = value.split(whereSeparator: { $0 == " " || $0 == "\t" })
            values[name.lowercased().trimmingCharacters(in: .whitespaces), default: []]
                .append(words.joined(separator: " "))
        }
        let names = values.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        let lines = names.map { "\($0):\(values[$0]!.joined(separator: ","))\n" }
        return (lines.joined(), names.joined(separator: ";"))
    }

    /// Lower-case hex.
    static func hex<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> String {
        var text = ""
        for byte in bytes {
            text.append(lowerHexDigits[Int(byte >> 4)])
            text.append(lowerHexDigits[Int(byte & 0x0f)])
        }
        return text
    }

    private static let hexDigits = Array("0123456789ABCDEF")
    private static let lowerHexDigits = Array("0123456789abcdef")
}
