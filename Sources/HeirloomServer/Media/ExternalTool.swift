import Foundation
import Subprocess
import SystemPackage

/// Runs a command-line tool (ffprobe, ffmpeg, pdfinfo, pdftoppm, vips, tesseract, curl, pg_dump) without
/// blocking a thread, through swift-subprocess.
///
/// Foundation's `Process` was used here until `make test` crashed inside `Process.run()` (a bad read in its
/// memcpy while other tools were being started at the same moment): swift-subprocess starts each child on its own,
/// closes every other descriptor in it, and reads the pipes asynchronously.
enum ExternalTool {
    struct Result: Sendable {
        var status: Int32
        var output: Data
        var errorOutput: String
    }

    /// The most a tool may print on its standard output (JSON from ffprobe, text from pdfinfo or tesseract).
    static let outputLimit = 16 << 20
    /// How much of the end of its standard error is kept for messages.
    static let errorTail = 4000
    /// The status given for a tool stopped at its time limit (as `timeout(1)` gives).
    static let timedOutStatus: Int32 = 124

    /// Runs `executable` with `arguments`. A tool still running after `timeout` seconds is stopped (SIGTERM, then
    /// SIGKILL five seconds later) and its result has `timedOutStatus`.
    static func run(_ executable: String, _ arguments: [String], timeout: TimeInterval = 600) async throws -> Result {
        let path = try locate(executable)
        let finished = try await withThrowingTaskGroup(of: Result?.self) { group in
            group.addTask { try await collect(path, arguments) }
            group.addTask {
                try await Task.sleep(for: .milliseconds(Int64(timeout * 1000)))
                return nil
            }
            defer { group.cancelAll() }
            return try await group.next() ?? nil
        }
        return finished
            ?? Result(
                status: timedOutStatus, output: Data(),
                errorOutput: "\(executable) did not finish within \(Int(timeout)) seconds")
    }

    private static func collect(_ path: String, _ arguments: [String]) async throws -> Result {
        var options = PlatformOptions()
        options.teardownSequence = [.gracefulShutDown(allowedDurationToNextStep: .seconds(5))]
        let result = try await Subprocess.run(
            .path(FilePath(path)), arguments: Arguments(arguments), platformOptions: options, input: .none,
            output: .sequence, error: .sequence
        ) { execution in
            // Both pipes are read to the end at the same time, so a chatty tool never blocks on a full pipe.
            async let errors = tail(of: execution.standardError, keeping: errorTail)
            var output = Data()
            var overflowed = false
            for try await buffer in execution.standardOutput {
                if output.count + buffer.count > outputLimit { overflowed = true }
                if !overflowed { buffer.withUnsafeBytes { output.append(contentsOf: $0) } }
            }
            return (output, overflowed, try await errors)
        }
        let (output, overflowed, errors) = result.closureResult
        if overflowed {
            throw MediaError.storage("\(path) printed more than \(outputLimit >> 20) MB")
        }
        let status: Int32 =
            switch result.terminationStatus {
            case .exited(let code): code
            case .signaled(let signal): 128 + signal
            }
        return Result(status: status, output: output, errorOutput: String(decoding: errors, as: UTF8.self))
    }

    /// The last `limit` bytes of a stream, read to its end.
    private static func tail(of stream: SubprocessOutputSequence, keeping limit: Int) async throws -> Data {
        var kept = Data()
        for try await buffer in stream {
            buffer.withUnsafeBytes { kept.append(contentsOf: $0) }
            if kept.count > limit { kept = kept.suffix(limit) }
        }
        return kept
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
