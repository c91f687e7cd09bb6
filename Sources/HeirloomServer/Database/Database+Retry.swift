import Fluent
import FluentSQLiteDriver

extension Database {
    /// Runs a transaction, and runs it again (up to five times) when SQLite answers "busy" because another
    /// write committed after this one began reading: in write-ahead-log mode a transaction that read an older
    /// snapshot cannot write, and waiting does not help, but starting over does.
    func retryingTransaction<T: Sendable>(_ body: @escaping @Sendable (any Database) async throws -> T)
        async throws -> T
    {
        var attempt = 0
        while true {
            do {
                return try await transaction(body)
            } catch let error as SQLiteError where attempt < 4 && Self.isBusy(error) {
                attempt += 1
                try await Task.sleep(for: .milliseconds(20 * attempt))
            }
        }
    }

    private static func isBusy(_ error: SQLiteError) -> Bool {
        [.busy, .busyInSnapshot, .busyTimeout, .locked].contains(error.reason)
    }
}
