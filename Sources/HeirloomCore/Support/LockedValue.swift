import Foundation

/// A value that threads share behind a lock.
///
/// The shared targets build for macOS 14 and iOS 17, the platforms Package.swift declares, where
/// `Synchronization.Mutex` (macOS 15, iOS 18) does not exist; `NSLock` exists on every platform. Unchecked: the
/// value is only ever reached inside `withLock`.
final class LockedValue<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with the value, the only way to reach it.
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
