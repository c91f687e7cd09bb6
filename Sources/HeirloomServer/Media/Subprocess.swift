import Foundation
import NIOConcurrencyHelpers

/// Runs a command-line tool (ffprobe, ffmpeg, pdfinfo, pdftoppm) without blocking an event loop.
struct Subprocess: Sendable {
    struct Result: Sendable {
        var status: Int32
        var output: Data
        var errorOutput: String
    }

    /// Runs `executable` with `arguments`; kills it after `timeout` seconds.
    static func run(_ executable: String, _ arguments: [String], timeout: TimeInterval = 600) async throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try locate(executable))
        process.arguments = arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        return try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                do {
                    try process.run()
                } catch {
                    continuation.resume(throwing: MediaError.storage("could not start \(executable): \(error)"))
                    return
                }
                let deadline = DispatchWorkItem { if process.isRunning { process.terminate() } }
                DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: deadline)
                // Read both pipes to the end before waiting, so a chatty tool never blocks on a full pipe.
                let group = DispatchGroup()
                let errorData = NIOLockedValueBox(Data())
                group.enter()
                DispatchQueue.global().async {
                    let data = errors.fileHandleForReading.readDataToEndOfFile()
                    errorData.withLockedValue { $0 = data }
                    group.leave()
                }
                let outputData = output.fileHandleForReading.readDataToEndOfFile()
                group.wait()
                process.waitUntilExit()
                deadline.cancel()
                continuation.resume(
                    returning: Result(
                        status: process.terminationStatus,
                        output: outputData,
                        errorOutput: String(decoding: errorData.withLockedValue { $0 }.suffix(4000), as: UTF8.self)
                    )
                )
            }
        }
    }

    /// Finds a tool on the PATH (and in the usual places when PATH is bare).
    static func locate(_ name: String) throws -> String {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let directories = path.split(separator: ":").map(String.init) + ["/usr/bin", "/usr/local/bin", "/bin"]
        for directory in directories {
            let candidate = "\(directory)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        throw MediaError.storage("\(name) is not installed; run `make deps`")
    }
}
