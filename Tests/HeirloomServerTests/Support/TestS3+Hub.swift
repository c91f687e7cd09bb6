import Foundation

@testable import HeirloomServer

extension TestS3 {
    /// Under with-s3.sh (`make test-s3`), each test hub keeps its media under a prefix of its own in the test
    /// bucket, so the whole media suite runs against the S3 store; otherwise nothing, and media stay in a folder.
    static func mediaEnvironment() -> [String: String] {
        guard let settings else { return [:] }
        return [
            "HEIRLOOM_MEDIA_URL": "s3://\(settings.bucket)/t-\(UUID().uuidString.lowercased())",
            "HEIRLOOM_S3_ENDPOINT": settings.endpoint.absoluteString,
            "HEIRLOOM_S3_REGION": settings.region,
            "HEIRLOOM_S3_ACCESS_KEY_ID": settings.accessKeyID,
            "HEIRLOOM_S3_SECRET_ACCESS_KEY": settings.secretAccessKey,
        ]
    }
}
