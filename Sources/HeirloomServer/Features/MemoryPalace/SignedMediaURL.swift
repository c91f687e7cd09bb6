import Crypto
import Foundation

/// Absolute addresses of media files that load with no credentials, for the Memory Palace app (it loads
/// pictures with AsyncImage and films with AVPlayer, which send no header).
///
/// Each address names the phone it was made for and when it expires, and is signed with HMAC-SHA-256 keyed by
/// that phone's stored token hash: it cannot be made without the hub's database, it opens that one file in that
/// one form, and disconnecting the phone deletes the key, so every address made for it stops working at once.
enum SignedMediaURL {
    /// Addresses last at least this long; the app keeps the lists it has fetched.
    static let lifetime: TimeInterval = 7 * 24 * 60 * 60
    private static let day: TimeInterval = 24 * 60 * 60

    struct Signer: Sendable {
        /// `http://192.168.1.20:8080`: the address the app reaches the hub at.
        var baseURL: String
        var phoneID: UUID
        /// The phone's stored token hash, the signing key.
        var tokenHash: String
        var now: Date

        /// The address of one form of a file.
        func url(_ mediaID: UUID, _ variant: MediaVariant) -> String {
            // Whole days, so a file keeps one address all day and the phone's image cache can keep it.
            let expires = Int(
                (now.timeIntervalSince1970 / SignedMediaURL.day).rounded(.down) * SignedMediaURL.day
                    + SignedMediaURL.lifetime + SignedMediaURL.day)
            let signature = SignedMediaURL.signature(mediaID, variant, phoneID, expires, key: tokenHash)
            return baseURL + SiteURL.signedMedia(.value(mediaID), .value(variant)).path
                + "?phone=\(phoneID.text)&expires=\(expires)&signature=\(signature)"
        }
    }

    /// Whether a signature that came with a request is the one this phone's key makes, and still current.
    static func isValid(
        _ signature: String, mediaID: UUID, variant: MediaVariant, phoneID: UUID, expires: Int, key: String, now: Date
    ) -> Bool {
        guard Double(expires) > now.timeIntervalSince1970 else { return false }
        return SecretToken.constantTimeEquals(signature, Self.signature(mediaID, variant, phoneID, expires, key: key))
    }

    static func signature(_ mediaID: UUID, _ variant: MediaVariant, _ phoneID: UUID, _ expires: Int, key: String)
        -> String
    {
        let message =
            "\(mediaID.text.lowercased())/\(variant.rawValue)/\(phoneID.text.lowercased())/\(expires)"
        let code = HMAC<SHA256>.authenticationCode(
            for: Data(message.utf8), using: SymmetricKey(data: Data(key.utf8)))
        return Data(code).base64EncodedString().replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }
}
