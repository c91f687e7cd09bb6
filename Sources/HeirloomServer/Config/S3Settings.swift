import Foundation

/// The S3-compatible service that can hold media (`HEIRLOOM_S3_ENDPOINT`, `_REGION`, `_ACCESS_KEY_ID`,
/// `_SECRET_ACCESS_KEY`, `_PATH_STYLE`), whichever bucket is used. The secret never prints.
public struct S3Service: Sendable, Equatable {
    /// The service's address, `https://s3.example.com` or `http://192.168.1.5:9000`, without a path.
    public var endpoint: URL
    public var region: String
    public var accessKeyID: String
    public var secretAccessKey: String
    /// `HEIRLOOM_S3_PATH_STYLE`: true or false, or nil to let `S3Settings.defaultAddressing` choose.
    public var pathStyle: Bool?

    public init(
        endpoint: URL, region: String = "us-east-1", accessKeyID: String, secretAccessKey: String,
        pathStyle: Bool? = nil
    ) {
        self.endpoint = endpoint
        self.region = region
        self.accessKeyID = accessKeyID
        self.secretAccessKey = secretAccessKey
        self.pathStyle = pathStyle
    }

    /// The settings for a bucket of this service; `prefix` may be "a/b", "a/b/" or "".
    public func bucket(_ bucket: String, prefix: String) -> S3Settings {
        let addressing: S3Settings.Addressing =
            switch pathStyle {
            case true?: .path
            case false?: S3Settings.isIPAddress(endpoint.host) ? .path : .virtualHost
            case nil: S3Settings.defaultAddressing(endpoint: endpoint, bucket: bucket)
            }
        return S3Settings(
            endpoint: endpoint, region: region, bucket: bucket,
            prefix: prefix.split(separator: "/").map { "\($0)/" }.joined(), accessKeyID: accessKeyID,
            secretAccessKey: secretAccessKey, addressing: addressing)
    }
}

/// One bucket (and a prefix in it) of an S3-compatible service: what an `S3Client` talks to. The secret never
/// prints: the description, debug description and mirror leave it out.
public struct S3Settings: Sendable, Equatable {
    /// How a bucket is named in a request.
    public enum Addressing: String, Sendable, Equatable {
        /// `https://endpoint/bucket/key`: any S3-compatible service (MinIO, Ceph, Garage…), no DNS set-up.
        case path
        /// `https://bucket.endpoint/key`: what AWS asks for; the bucket's name must be a DNS label.
        case virtualHost = "virtual-host"
    }

    public var endpoint: URL
    public var region: String
    public var bucket: String
    /// Where in the bucket the hub's keys start: "" or "family/media/" (always with a trailing slash).
    public var prefix: String
    public var accessKeyID: String
    public var secretAccessKey: String
    public var addressing: Addressing

    public init(
        endpoint: URL, region: String = "us-east-1", bucket: String, prefix: String = "", accessKeyID: String,
        secretAccessKey: String, addressing: Addressing = .path
    ) {
        self.endpoint = endpoint
        self.region = region
        self.bucket = bucket
        self.prefix = prefix
        self.accessKeyID = accessKeyID
        self.secretAccessKey = secretAccessKey
        self.addressing = addressing
    }

    /// The addressing a service gets unless `HEIRLOOM_S3_PATH_STYLE` says otherwise: virtual-host for AWS (which
    /// is retiring path-style requests) when the bucket's name is a DNS label, path-style everywhere else, since
    /// self-hosted services answer it without wildcard DNS.
    static func defaultAddressing(endpoint: URL, bucket: String) -> Addressing {
        let host = endpoint.host?.lowercased() ?? ""
        let isAWS = host == "amazonaws.com" || host.hasSuffix(".amazonaws.com")
        let isLabel =
            !bucket.contains(".") && bucket == bucket.lowercased() && !bucket.hasPrefix("-") && !bucket.hasSuffix("-")
        return isAWS && isLabel ? .virtualHost : .path
    }

    /// Whether a host is an IPv4 or IPv6 address (which no bucket can be a sub-domain of).
    static func isIPAddress(_ host: String?) -> Bool {
        guard let host else { return false }
        return host.contains(":") || host.split(separator: ".").allSatisfy { Int($0) != nil }
    }
}

extension S3Service: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    public var description: String {
        "S3Service(\(endpoint.absoluteString), region \(region), access key \(accessKeyID), secret <hidden>)"
    }

    public var debugDescription: String { description }

    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "endpoint": endpoint, "region": region, "accessKeyID": accessKeyID, "secretAccessKey": "<hidden>",
                "pathStyle": pathStyle as Any,
            ])
    }
}

extension S3Settings: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    public var description: String {
        "S3Settings(s3://\(bucket)/\(prefix) at \(endpoint.absoluteString), region \(region), "
            + "\(addressing.rawValue) addressing, access key \(accessKeyID), secret <hidden>)"
    }

    public var debugDescription: String { description }

    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "endpoint": endpoint, "region": region, "bucket": bucket, "prefix": prefix,
                "accessKeyID": accessKeyID, "secretAccessKey": "<hidden>", "addressing": addressing,
            ])
    }
}
