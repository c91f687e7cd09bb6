import Foundation
import Testing

/// A loopback SMTP server (aiosmtpd, scripts/smtp-sink.py) whose received messages the tests read.
final class SMTPSink: @unchecked Sendable {
    struct Message: Decodable {
        var rcptTos: [String]
        var from: String
        var subject: String
        var messageId: String
        var text: String
        var html: String
    }

    let directory: URL
    let port: Int
    private let process: Process

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("smtp-sink-\(UUID())")
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("scripts/smtp-sink.py")
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path, directory.path]
        // Not the test runner's own output: a sink still holding it after a crash would keep `swift test` waiting.
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let portFile = directory.appendingPathComponent("port")
        var waited = 0
        while !FileManager.default.fileExists(atPath: portFile.path) {
            guard process.isRunning, waited < 600 else { throw TestFailure("the SMTP sink did not start") }
            Thread.sleep(forTimeInterval: 0.05)
            waited += 1
        }
        port = Int(try String(contentsOf: portFile, encoding: .utf8)) ?? 0
    }

    var url: String { "smtp://tester:secret@127.0.0.1:\(port)" }

    /// The messages received so far, oldest first.
    func messages() throws -> [Message] {
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasSuffix(".json") }.sorted()
        return try names.map {
            try JSONDecoder().decode(Message.self, from: Data(contentsOf: directory.appendingPathComponent($0)))
        }
    }

    func stop() {
        // SIGKILL: the test runner's blocked SIGTERM is inherited by the children it starts.
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: directory)
    }
}
