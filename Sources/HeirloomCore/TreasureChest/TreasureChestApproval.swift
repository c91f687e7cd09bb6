import Foundation

/// How an owner approves a Legacy Treasure Chest phone. The device id is the phone's only credential, so owners
/// are shown a short fingerprint of a waiting phone, never its id; approving needs the full id or the code the
/// phone shows.
///
/// The code: the app shows the first eight characters of the request id of a refused answer after its message
/// ("… unavailable (6A1F3C2E)"), so the hub keeps those of the last answer it refused the waiting phone.
public enum TreasureChestApproval {
    /// A waiting phone that has not called for this long is forgotten.
    public static let waitingLifetime: TimeInterval = 24 * 60 * 60
    /// At most this many phones wait from one network address.
    public static let waitingPerAddress = 5

    /// What an owner typed to approve a phone.
    public enum Entry: Equatable, Sendable {
        /// The phone's full device id, upper-case.
        case deviceID(String)
        /// The code the phone shows, upper-case.
        case code(String)
    }

    /// Reads a device id or a code of eight letters and digits; nil for anything else (a fingerprint, say).
    public static func entry(_ raw: String) -> Entry? {
        let text = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        if let uuid = UUID(uuidString: text) { return .deviceID(uuid.text) }
        guard text.count == 8, text.unicodeScalars.allSatisfy({ $0.isASCII && isLetterOrDigit($0) }) else {
            return nil
        }
        return .code(text.uppercased())
    }

    /// The code a phone shows for a refused answer with this request id.
    public static func code(requestID: String) -> String {
        String(requestID.prefix(8)).uppercased()
    }

    /// What owners see of a waiting phone: the first and last four characters of its id, e.g. `6F96…64FF`.
    public static func fingerprint(_ deviceKey: String) -> String {
        "\(deviceKey.prefix(4))…\(deviceKey.suffix(4))"
    }

    private static func isLetterOrDigit(_ scalar: Unicode.Scalar) -> Bool {
        ("0"..."9").contains(scalar) || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
    }
}
