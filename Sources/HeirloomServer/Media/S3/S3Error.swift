import Foundation

/// What the S3 service refused, or why it could not be asked; each description is a plain sentence that names the
/// service or the bucket, never the secret.
enum S3Error: Error, Sendable, CustomStringConvertible {
    /// The service answered with an error status; `code` and `message` come from its XML error body (a HEAD's
    /// answer has none).
    case refused(status: Int, code: String?, message: String?, bucket: String)
    /// The service could not be reached: no such host, connection refused, a TLS failure, a connection cut.
    case unreachable(endpoint: String, reason: String)
    /// The service did not answer within the time allowed.
    case timedOut(endpoint: String)
    /// The service answered something this client cannot read (not S3, or a broken answer).
    case unreadableAnswer(String)
    /// What the hub asked is beyond what S3 takes (a part count).
    case tooLarge(String)
    /// A key S3 does not take: empty, or longer than 1024 bytes with the prefix.
    case invalidKey(String)
    /// Bytes were given to an upload already finished or aborted.
    case uploadEnded(key: String)

    /// The error code S3 gave (`NoSuchKey`, `AccessDenied`…), if any.
    var code: String? {
        if case .refused(_, let code, _, _) = self { return code }
        return nil
    }

    /// The HTTP status S3 gave, if it answered.
    var status: Int? {
        if case .refused(let status, _, _, _) = self { return status }
        return nil
    }

    /// Whether the object (not the bucket) is missing.
    var isMissingObject: Bool { code == "NoSuchKey" || (code == nil && status == 404) }

    /// Whether trying again later may help (the service is busy or briefly broken).
    var isTransient: Bool {
        switch self {
        case .refused(let status, let code, _, _):
            [500, 502, 503, 504].contains(status) || code == "SlowDown" || code == "RequestTimeout"
        case .unreachable, .timedOut: true
        case .unreadableAnswer, .tooLarge, .invalidKey, .uploadEnded: false
        }
    }

    var description: String {
        switch self {
        case .refused(let status, let code, let message, let bucket):
            Self.describe(status: status, code: code, message: message, bucket: bucket)
        case .unreachable(let endpoint, let reason):
            "could not reach the S3 service at \(endpoint): \(reason)"
        case .timedOut(let endpoint):
            "the S3 service at \(endpoint) did not answer in time"
        case .unreadableAnswer(let detail):
            "the S3 service gave an answer that cannot be read: \(detail)"
        case .tooLarge(let detail):
            detail
        case .uploadEnded(let key):
            "the upload of \(key) has already been finished or aborted"
        case .invalidKey(let key):
            "\"\(key.prefix(80))\" is not a key S3 takes: empty, or longer than 1024 bytes"
        }
    }

    private static func describe(status: Int, code: String?, message: String?, bucket: String) -> String {
        let codeText = code.map { " (\($0))" } ?? " (HTTP \(status))"
        switch code {
        case "InvalidAccessKeyId":
            return "the S3 service refused the access key\(codeText)"
        case "SignatureDoesNotMatch":
            return "the S3 service refused the secret access key: the signature does not match\(codeText)"
        case "NoSuchBucket":
            return "bucket \(bucket) does not exist\(codeText)"
        case "AccessDenied", "AllAccessDisabled":
            return "the S3 service refused access to bucket \(bucket)\(codeText)"
        case "RequestTimeTooSkewed":
            return "this computer's clock is too far from the S3 service's; set the clock right\(codeText)"
        case "NoSuchKey":
            return "the object is not in bucket \(bucket)\(codeText)"
        case "NoSuchUpload":
            return "the multipart upload is no longer on the S3 service\(codeText)"
        case "SlowDown", "ServiceUnavailable":
            return "the S3 service is busy; try again later\(codeText)"
        case nil where status == 403:
            return "the S3 service refused access to bucket \(bucket): check the access key and its secret\(codeText)"
        case nil where status == 404:
            return "the object or bucket \(bucket) does not exist\(codeText)"
        default:
            let detail = message.map { ": \($0)" } ?? ""
            return "the S3 service refused the request\(codeText)\(detail)"
        }
    }
}
