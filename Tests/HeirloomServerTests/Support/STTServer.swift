import Foundation
import Testing

/// A loopback OpenAI-compatible speech-to-text server (scripts/stt-server.py, around PyPI's pocketsphinx), which
/// counts the recordings it is sent.
final class STTServer: @unchecked Sendable {
    let directory: URL
    let port: Int
    private let process: Process

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("stt-server-\(UUID())")
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("scripts/stt-server.py")
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path, directory.path]
        // Not the test runner's own output: a server still holding it after a crash would keep `swift test` waiting.
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let portFile = directory.appendingPathComponent("port")
        var waited = 0
        while !FileManager.default.fileExists(atPath: portFile.path) {
            guard process.isRunning, waited < 600 else { throw TestFailure("the speech-to-text server did not start") }
            Thread.sleep(forTimeInterval: 0.05)
            waited += 1
        }
        port = Int(try String(contentsOf: portFile, encoding: .utf8)) ?? 0
    }

    /// The value of HEIRLOOM_STT_BASE_URL.
    var baseURL: String { "http://127.0.0.1:\(port)/v1" }

    /// How many recordings it has been sent.
    var requests: Int {
        (try? String(contentsOf: directory.appendingPathComponent("requests"), encoding: .utf8)).flatMap { Int($0) }
            ?? 0
    }

    func stop() {
        // SIGKILL: the test runner's blocked SIGTERM is inherited by the children it starts.
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: directory)
    }
}
