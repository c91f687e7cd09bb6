import Foundation
import HeirloomCore
import NIOConcurrencyHelpers
import NIOCore

/// Where phones on the home network reach the hub over plain http: the address from `HEIRLOOM_LAN_ADDRESS` or
/// found among this machine's interfaces, and the port the server listens on there.
final class LANEndpoint: Sendable {
    struct Address: Equatable, Sendable {
        var host: String
        var port: Int
        /// The base of absolute URLs handed to phone apps, e.g. `http://192.168.1.20:8080`.
        var baseURL: String { "http://\(host):\(port)" }
    }

    private let state: NIOLockedValueBox<(host: String?, port: Int?)>
    /// The port asked for in `HEIRLOOM_LAN_ADDRESS`, if any.
    let fixedPort: Int?
    /// The port used until a server has started (tests serve without one): the public URL's.
    private let fallbackPort: Int
    /// True when no address was looked for because the public address is https: plain http on the home network
    /// is opened only when `HEIRLOOM_LAN_ADDRESS` names an address.
    let waitsForExplicitAddress: Bool

    init(setting: LANAddress.Setting, publicURL: URL, interfaces: () -> [String] = LANEndpoint.interfaceAddresses) {
        var host: String?
        let usesTLS = publicURL.scheme?.lowercased() == "https"
        waitsForExplicitAddress = setting == .detect && usesTLS
        switch setting {
        case .off: fixedPort = nil
        case .fixed(let fixed, let port):
            host = fixed
            fixedPort = port
        case .detect:
            // Behind https, a listener that serves in clear text is never opened without being asked for.
            host = usesTLS ? nil : LANAddress.choose(from: interfaces())
            fixedPort = nil
        }
        fallbackPort = publicURL.port ?? (publicURL.scheme == "https" ? 443 : 80)
        state = NIOLockedValueBox((host, fixedPort))
    }

    /// The address, or nil when there is none (turned off, no home network found, or the listener failed).
    var address: Address? {
        state.withLockedValue { state in state.host.map { Address(host: $0, port: state.port ?? fallbackPort) } }
    }

    /// Records the port the home-network listener answers on.
    func listening(port: Int) { state.withLockedValue { $0.port = port } }

    /// Forgets the address after its listener could not start.
    func unavailable() { state.withLockedValue { $0.host = nil } }

    /// This machine's IPv4 addresses.
    static func interfaceAddresses() -> [String] {
        ((try? System.enumerateDevices()) ?? []).compactMap { device in
            guard case .v4 = device.address else { return nil }
            return device.address?.ipAddress
        }
    }
}
