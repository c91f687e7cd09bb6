/// The home-network address a phone app reaches the hub at over plain http (the Memory Palace app takes only a
/// dotted IPv4 address and a port: it cannot use https or a name).
public enum LANAddress {
    /// What `HEIRLOOM_LAN_ADDRESS` asks for.
    public enum Setting: Equatable, Sendable {
        /// Find it among this machine's interfaces.
        case detect
        /// No home-network listener; phones using the Memory Palace app cannot pair.
        case off
        /// This address, and this port when given (else the server's own).
        case fixed(host: String, port: Int?)

        /// Reads "off", "192.168.1.20" or "192.168.1.20:8080"; nil for anything else.
        public init?(_ raw: String?) {
            guard let raw, !raw.isEmpty else {
                self = .detect
                return
            }
            if raw.lowercased() == "off" {
                self = .off
                return
            }
            let parts = raw.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
            guard (1...2).contains(parts.count), LANAddress.isIPv4(parts[0]) else { return nil }
            var port: Int?
            if parts.count == 2 {
                guard let number = Int(parts[1]), (1...65535).contains(number) else { return nil }
                port = number
            }
            self = .fixed(host: parts[0], port: port)
        }
    }

    /// Whether the text is a dotted-quad IPv4 address, as the app's own check wants it.
    public static func isIPv4(_ text: String) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4
            && parts.allSatisfy { part in
                !part.isEmpty && part.count <= 3 && part.allSatisfy(\.isASCII) && part.allSatisfy(\.isNumber)
                    && Int(part).map { $0 <= 255 } == true
            }
    }

    /// The address to offer from this machine's IPv4 addresses: a private home-network one (192.168/16,
    /// 10/8, 172.16/12) first, else any other that is not loopback, link-local or unspecified.
    public static func choose(from candidates: [String]) -> String? {
        let usable = candidates.filter { isIPv4($0) && !isLoopback($0) && !$0.hasPrefix("169.254.") && $0 != "0.0.0.0" }
        return usable.first(where: isPrivate) ?? usable.first
    }

    /// Whether a server bound to `bindHost` already answers on `lanHost` (a wildcard bind answers on all).
    public static func isCovered(_ lanHost: String, byBind bindHost: String) -> Bool {
        bindHost == "0.0.0.0" || bindHost == "::" || bindHost.isEmpty || bindHost == lanHost
    }

    static func isLoopback(_ address: String) -> Bool { address.hasPrefix("127.") }

    static func isPrivate(_ address: String) -> Bool {
        let octets = address.split(separator: ".").compactMap { Int($0) }
        guard octets.count == 4 else { return false }
        return octets[0] == 10 || (octets[0] == 192 && octets[1] == 168)
            || (octets[0] == 172 && (16...31).contains(octets[1]))
    }
}
