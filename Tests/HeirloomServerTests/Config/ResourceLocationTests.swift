import Foundation
import Testing

@testable import HeirloomServer

@Suite("Where the views and assets are found")
struct ResourceLocationTests {
    /// A pretend file system holding `folders`.
    static func find(
        _ environment: [String: String] = [:], executable: String?, folders: [String], cwd: String = "/"
    ) throws -> String {
        try ResourceLocation.find(
            { environment[$0] },
            executable: executable.map { URL(fileURLWithPath: $0) },
            workingDirectory: URL(fileURLWithPath: cwd),
            isDirectory: { folders.contains($0.standardizedFileURL.path) }
        ).path
    }

    static func holding(_ root: String) -> [String] { ["\(root)/Resources/Views", "\(root)/Public"] }

    @Test("an installed prefix: share/heirloom beside bin, whatever the working directory")
    func installed() throws {
        let found = try Self.find(
            executable: "/opt/heirloom/bin/heirloom", folders: Self.holding("/opt/heirloom/share/heirloom"))
        #expect(found == "/opt/heirloom/share/heirloom")
    }

    @Test("a checkout: the folder above .build/debug/heirloom")
    func checkout() throws {
        let found = try Self.find(
            executable: "/src/heirloom/.build/debug/heirloom", folders: Self.holding("/src/heirloom"), cwd: "/")
        #expect(found == "/src/heirloom")
    }

    @Test("HEIRLOOM_RESOURCES_DIR wins; without anything found, the working directory")
    func overrideAndFallback() throws {
        let overridden = try Self.find(
            ["HEIRLOOM_RESOURCES_DIR": "/srv/assets"], executable: "/opt/heirloom/bin/heirloom",
            folders: Self.holding("/srv/assets") + Self.holding("/opt/heirloom/share/heirloom"))
        #expect(overridden == "/srv/assets")
        #expect(
            try Self.find(executable: "/usr/bin/heirloom", folders: [], cwd: "/var/lib/heirloom") == "/var/lib/heirloom"
        )
    }
}
