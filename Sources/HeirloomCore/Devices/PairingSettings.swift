import Foundation

/// What a phone needs to connect to the hub: the text of the pairing QR code.
///
/// Heirloom's own keys (serverURL, host, port, token, hubName) and, when the hub has a home-network address, the
/// Memory Palace app's (serverIP, port, authToken): that app reads only those three, wants `port` as a JSON
/// number and reaches `http://serverIP:port`, so `port` is then the home-network port.
public struct PairingSettings: Codable, Equatable, Sendable {
    public var serverURL: String
    public var host: String
    /// The public URL's port (the API's `settings.port`).
    public var port: Int
    public var token: String
    public var hubName: String
    /// The home-network IPv4 address and port phone apps use over plain http, when there is one.
    public var lanHost: String?
    public var lanPort: Int?

    /// Builds the settings from the hub's public address; the port is the URL's, or its scheme's default.
    public init?(publicURL: URL, token: String, hubName: String, lan: (host: String, port: Int)? = nil) {
        guard let scheme = publicURL.scheme?.lowercased(), let host = publicURL.host, !host.isEmpty else { return nil }
        var base = publicURL.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        self.serverURL = base
        self.host = host
        self.port = publicURL.port ?? (scheme == "https" ? 443 : 80)
        self.token = token
        self.hubName = hubName
        self.lanHost = lan?.host
        self.lanPort = lan?.port
    }

    /// The JSON the QR code holds, keys in a fixed order.
    public var json: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? String(decoding: encoder.encode(QRText(self)), as: UTF8.self)) ?? "{}"
    }

    /// The QR code's keys: Heirloom's, and the Memory Palace app's when there is a home-network address.
    private struct QRText: Encodable {
        var serverURL: String
        var host: String
        var port: Int
        var token: String
        var hubName: String
        var serverIP: String?
        var authToken: String?

        init(_ settings: PairingSettings) {
            serverURL = settings.serverURL
            host = settings.host
            port = settings.lanPort ?? settings.port
            token = settings.token
            hubName = settings.hubName
            serverIP = settings.lanHost
            authToken = settings.lanHost == nil ? nil : settings.token
        }
    }

    /// The name a phone's token gets when the member gives none.
    public static func tokenName(_ raw: String?) -> String {
        let name = (raw ?? "").split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
        return name.isEmpty ? "Phone" : String(name.prefix(100))
    }
}
