import Foundation

/// What a phone needs to connect to the hub: the text of the pairing QR code.
public struct PairingSettings: Codable, Equatable, Sendable {
    public var serverURL: String
    public var host: String
    public var port: Int
    public var token: String
    public var hubName: String

    /// Builds the settings from the hub's public address; the port is the URL's, or its scheme's default.
    public init?(publicURL: URL, token: String, hubName: String) {
        guard let scheme = publicURL.scheme?.lowercased(), let host = publicURL.host, !host.isEmpty else { return nil }
        var base = publicURL.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        self.serverURL = base
        self.host = host
        self.port = publicURL.port ?? (scheme == "https" ? 443 : 80)
        self.token = token
        self.hubName = hubName
    }

    /// The JSON the QR code holds, keys in a fixed order.
    public var json: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? String(decoding: encoder.encode(self), as: UTF8.self)) ?? "{}"
    }

    /// The name a phone's token gets when the member gives none.
    public static func tokenName(_ raw: String?) -> String {
        let name = (raw ?? "").split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
        return name.isEmpty ? "Phone" : String(name.prefix(100))
    }
}
