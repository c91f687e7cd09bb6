import Foundation
import NIOConcurrencyHelpers
import Testing

/// Where each test's hub spent its time, for `make test`'s list of the slowest tests (scripts/slowest-tests.py):
/// one JSON line per `withApp` in the file `HEIRLOOM_TEST_TIMES` names, nothing when it is unset.
enum TestTimes {
    private static let file: NIOLockedValueBox<FileHandle?> = NIOLockedValueBox(
        ProcessInfo.processInfo.environment["HEIRLOOM_TEST_TIMES"].flatMap { path in
            guard !path.isEmpty else { return nil }
            if !FileManager.default.fileExists(atPath: path),
                !FileManager.default.createFile(atPath: path, contents: nil)
            {
                return nil
            }
            let handle = FileHandle(forWritingAtPath: path)
            _ = try? handle?.seekToEnd()
            return handle
        })

    /// Notes how long the running test's hub took, from its database's copy to its shut-down.
    static func record(since start: ContinuousClock.Instant) {
        let elapsed = ContinuousClock.now - start
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        let test = Test.current?.id.description ?? "unknown"
        let line = ["test": test, "seconds": "\(seconds)"]
        guard let data = try? JSONSerialization.data(withJSONObject: line, options: [.sortedKeys]) else { return }
        file.withLockedValue { handle in
            handle?.write(data + Data("\n".utf8))
        }
    }
}
