import Foundation

/// Where the media live (`HEIRLOOM_MEDIA_URL`): a folder, by default (unset, or `file://` alone) the data folder's
/// `media`, or an S3 bucket.
public enum MediaLocation: Sendable, Equatable {
    /// `file:///srv/heirloom-media`, or nil when unset (the data folder's own).
    case folder(URL?)
    /// `s3://bucket/prefix`, on the service the `HEIRLOOM_S3_*` variables describe.
    case s3(S3Settings)

    /// Reads HEIRLOOM_MEDIA_URL and the S3 service (`S3Service.load`), which s3:// media need and a move to a
    /// bucket (`heirloom media migrate --to s3://…`) uses too.
    static func load(_ value: (String) -> String?) throws -> (media: MediaLocation, s3: S3Service?) {
        let service = try S3Service.load(value)
        guard let raw = value("HEIRLOOM_MEDIA_URL") else { return (.folder(nil), service) }
        let lowered = raw.lowercased()
        // "file://" alone names the default: the data folder's own media.
        if lowered == "file://" || lowered == "file:///" { return (.folder(nil), service) }
        if lowered.hasPrefix("file://") {
            guard let url = URL(string: raw), url.host ?? "" == "" || url.host == "localhost", url.path.hasPrefix("/")
            else {
                throw ConfigError(variable: "HEIRLOOM_MEDIA_URL", problem: "expected a folder like file:///srv/media")
            }
            return (.folder(URL(fileURLWithPath: url.path, isDirectory: true)), service)
        }
        guard lowered.hasPrefix("s3://") else {
            throw ConfigError(
                variable: "HEIRLOOM_MEDIA_URL",
                problem: "expected file:///folder or s3://bucket/prefix, got \"\(raw)\"")
        }
        let parts = raw.dropFirst("s3://".count).split(separator: "/")
        let bucket = parts.first.map(String.init) ?? ""
        let isBucketCharacter = { (c: Character) in c.isASCII && (c.isLetter || c.isNumber || "-._".contains(c)) }
        guard (3...63).contains(bucket.count), bucket.allSatisfy(isBucketCharacter) else {
            throw ConfigError(
                variable: "HEIRLOOM_MEDIA_URL",
                problem: "expected s3://bucket/prefix with a bucket name of 3 to 63 letters, digits, dots or dashes")
        }
        guard let service else {
            throw ConfigError(
                variable: "HEIRLOOM_S3_ENDPOINT",
                problem: "missing: s3:// media need the address of the S3 service, like https://s3.example.com")
        }
        return (.s3(service.bucket(bucket, prefix: parts.dropFirst().joined(separator: "/"))), service)
    }
}

extension S3Service {
    /// Reads HEIRLOOM_S3_ENDPOINT, _REGION (us-east-1 by default), _ACCESS_KEY_ID, _SECRET_ACCESS_KEY and
    /// _PATH_STYLE; nil when no endpoint is set.
    static func load(_ value: (String) -> String?) throws -> S3Service? {
        guard let raw = value("HEIRLOOM_S3_ENDPOINT") else { return nil }
        let endpoint = try HeirloomConfig.httpURL(raw, variable: "HEIRLOOM_S3_ENDPOINT")
        guard endpoint.path.isEmpty || endpoint.path == "/", endpoint.query == nil, endpoint.user == nil else {
            throw ConfigError(
                variable: "HEIRLOOM_S3_ENDPOINT",
                problem: "expected the service's address alone, like https://s3.example.com:9000, got \"\(raw)\"")
        }
        if endpoint.scheme?.lowercased() == "http", !AISettings.isOnThisNetwork(endpoint.host) {
            throw ConfigError(
                variable: "HEIRLOOM_S3_ENDPOINT",
                problem:
                    "the secret access key is used only over https, or over http to this machine or the home network")
        }
        guard let accessKeyID = value("HEIRLOOM_S3_ACCESS_KEY_ID") else {
            throw ConfigError(
                variable: "HEIRLOOM_S3_ACCESS_KEY_ID", problem: "missing: the S3 service needs an access key")
        }
        guard let secret = value("HEIRLOOM_S3_SECRET_ACCESS_KEY") else {
            throw ConfigError(
                variable: "HEIRLOOM_S3_SECRET_ACCESS_KEY",
                problem: "missing: the S3 service needs the access key's secret")
        }
        let region = value("HEIRLOOM_S3_REGION") ?? "us-east-1"
        guard region.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }) else {
            throw ConfigError(
                variable: "HEIRLOOM_S3_REGION", problem: "expected a region like us-east-1, got \"\(region)\"")
        }
        var pathStyle: Bool?
        switch value("HEIRLOOM_S3_PATH_STYLE")?.lowercased() {
        case nil: break
        case "true", "1", "yes", "on": pathStyle = true
        case "false", "0", "no", "off": pathStyle = false
        case let other?:
            throw ConfigError(variable: "HEIRLOOM_S3_PATH_STYLE", problem: "expected true or false, got \"\(other)\"")
        }
        if pathStyle == false, S3Settings.isIPAddress(endpoint.host) {
            throw ConfigError(
                variable: "HEIRLOOM_S3_PATH_STYLE",
                problem: "virtual-host addressing needs the service's DNS name, not an IP address: set it to true")
        }
        return S3Service(
            endpoint: endpoint, region: region, accessKeyID: accessKeyID, secretAccessKey: secret, pathStyle: pathStyle)
    }
}
