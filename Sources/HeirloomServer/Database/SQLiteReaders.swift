import Logging
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import SQLKit
import Vapor

/// Read-only connections to the hub's SQLite file, for the reads that every request makes: its sign-in and its
/// list pages.
///
/// Fluent's pool lends a connection through its event loop and runs an async closure in a task of its own: a
/// read through it passed between threads six times (Swift's executor, the event loop, the database's thread
/// pool, and back), and `make bench-api`'s profile of `/api/health` with a token had those hand-overs as the
/// largest part of a signed-in request. Here each read goes to the thread pool once and runs there on a
/// connection of that thread's own (`PreparedSQLiteConnection`), which keeps its statements prepared: SQLiteNIO
/// prepares each afresh, 7 % of the item page in the profile (and 8 % of `/api/me` for the sign-in's join).
///
/// In write-ahead-log mode readers never wait for the writer, and each read sees every transaction committed
/// before it began, so a request reads here what it wrote just before. Reads inside a transaction must see its
/// own uncommitted writes, so they stay on the transaction's connection (see `HubDatabase.reading`). The
/// connections are `query_only`: nothing can be written through them.
final class SQLiteReaders: Sendable {
    private let path: String
    private let threadPool: NIOThreadPool

    private struct Prepared {
        var idle: [PreparedSQLiteConnection] = []
        var closed = false
    }
    private let prepared = NIOLockedValueBox(Prepared())

    init(path: String, threadPool: NIOThreadPool) {
        self.path = path
        self.threadPool = threadPool
    }

    /// The readers as an `SQLDatabase`, for SQLKit's queries: each query is one read (see `SQLiteReadDatabase`).
    func database(logger: Logger, on eventLoop: any EventLoop) -> any SQLDatabase {
        SQLiteReadDatabase(readers: self, logger: logger, eventLoop: eventLoop)
    }

    /// Runs `body` on the thread pool with a connection of its own that keeps its statements prepared (see
    /// `PreparedSQLiteConnection`). One is opened whenever none is free: at most one per thread of the pool.
    func withPrepared<T: Sendable>(
        _ body: @escaping @Sendable (PreparedSQLiteConnection) throws -> T
    ) async throws -> T {
        try await threadPool.runIfActive { [path, prepared] in
            let free = try prepared.withLockedValue { state in
                guard !state.closed else { throw Closed() }
                return state.idle.popLast()
            }
            let connection = try free ?? PreparedSQLiteConnection(path: path)
            defer {
                let kept = prepared.withLockedValue { state in
                    guard !state.closed else { return false }
                    state.idle.append(connection)
                    return true
                }
                if !kept { connection.close() }
            }
            return try body(connection)
        }
    }

    /// Closes every connection; reads after this fail. Connections still lent out are closed as they come back.
    func close() async {
        let idle = prepared.withLockedValue { state in
            state.closed = true
            defer { state.idle = [] }
            return state.idle
        }
        // Each one is only ever used on the pool's threads.
        try? await threadPool.runIfActive { for connection in idle { connection.close() } }
    }

    struct Closed: Error, CustomStringConvertible {
        var description: String { "The hub is shutting down: its database readers are closed." }
    }
}

/// Closes the readers when the hub stops (after the requests in flight, which `GracefulShutdown` waits for).
struct SQLiteReadersShutdown: LifecycleHandler {
    func shutdownAsync(_ application: Application) async {
        await application.hub.readers?.close()
    }
}
