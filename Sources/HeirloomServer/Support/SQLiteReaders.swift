import Logging
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import SQLiteNIO
import Vapor

/// Read-only connections to the hub's SQLite file, for the reads that every request makes.
///
/// Fluent's pool lends a connection through its event loop and runs an async closure in a task of its own: a
/// read through it passed between threads six times (Swift's executor, the event loop, the database's thread
/// pool, and back), and `make bench-api`'s profile of `/api/health` with a token had those hand-overs as the
/// largest part of a signed-in request. Here a connection is taken from a locked list and read from directly:
/// two hand-overs (to the thread pool and back).
///
/// In write-ahead-log mode readers never wait for the writer, and each read sees every transaction committed
/// before it began, so a request reads here what it wrote just before. Reads inside a transaction must see its
/// own uncommitted writes, so they stay on the transaction's connection (see `Database.withReads`). The
/// connections are `query_only`: nothing can be written through them.
final class SQLiteReaders: Sendable {
    private let path: String
    private let threadPool: NIOThreadPool
    private let eventLoops: any EventLoopGroup
    private let logger: Logger
    private let maximum: Int

    private struct State {
        var idle: [SQLiteConnection] = []
        var opened = 0
        var waiting: [CheckedContinuation<SQLiteConnection, any Error>] = []
        var closed = false
    }
    private let state = NIOLockedValueBox(State())

    private struct Prepared {
        var idle: [PreparedSQLiteConnection] = []
        var closed = false
    }
    private let prepared = NIOLockedValueBox(Prepared())

    init(path: String, threadPool: NIOThreadPool, eventLoops: any EventLoopGroup, logger: Logger, maximum: Int) {
        self.path = path
        self.threadPool = threadPool
        self.eventLoops = eventLoops
        self.logger = logger
        self.maximum = max(1, maximum)
    }

    /// Runs `body` with a connection of its own, which goes back to the list when `body` returns or throws.
    func withConnection<T>(_ body: (SQLiteConnection) async throws -> T) async throws -> T {
        let connection = try await lease()
        defer { giveBack(connection) }
        return try await body(connection)
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
        let preparedIdle = prepared.withLockedValue { state in
            state.closed = true
            defer { state.idle = [] }
            return state.idle
        }
        // Each one is only ever used on the pool's threads.
        try? await threadPool.runIfActive { for connection in preparedIdle { connection.close() } }
        let (idle, waiting) = state.withLockedValue { state in
            state.closed = true
            defer {
                state.idle = []
                state.waiting = []
            }
            return (state.idle, state.waiting)
        }
        for continuation in waiting { continuation.resume(throwing: Closed()) }
        for connection in idle { try? await connection.close() }
    }

    private enum Next {
        case use(SQLiteConnection)
        case open
        case wait
    }

    private func lease() async throws -> SQLiteConnection {
        let next: Next = try state.withLockedValue { state in
            guard !state.closed else { throw Closed() }
            if let connection = state.idle.popLast() { return .use(connection) }
            if state.opened < maximum {
                state.opened += 1
                return .open
            }
            return .wait
        }
        switch next {
        case .use(let connection):
            return connection
        case .open:
            do {
                return try await open()
            } catch {
                // The place is free again. Everyone waiting is told why no connection could be had (the file
                // is gone, say): otherwise, with every place's opening failed, they would wait for ever.
                let waiting = state.withLockedValue { state in
                    state.opened -= 1
                    defer { state.waiting = [] }
                    return state.waiting
                }
                for waiter in waiting { waiter.resume(throwing: error) }
                throw error
            }
        case .wait:
            return try await withCheckedThrowingContinuation { continuation in
                let ready: Result<SQLiteConnection, any Error>? = state.withLockedValue { state in
                    if state.closed { return .failure(Closed()) }
                    if let connection = state.idle.popLast() { return .success(connection) }
                    state.waiting.append(continuation)
                    return nil
                }
                if let ready { continuation.resume(with: ready) }
            }
        }
    }

    private func giveBack(_ connection: SQLiteConnection) {
        enum Then {
            case handOn(CheckedContinuation<SQLiteConnection, any Error>)
            case kept
            case close
        }
        let then: Then = state.withLockedValue { state in
            if state.closed { return .close }
            if !state.waiting.isEmpty { return .handOn(state.waiting.removeFirst()) }
            state.idle.append(connection)
            return .kept
        }
        switch then {
        case .handOn(let waiter): waiter.resume(returning: connection)
        case .kept: break
        case .close: Task { try? await connection.close() }
        }
    }

    private func open() async throws -> SQLiteConnection {
        let connection = try await SQLiteConnection.open(
            storage: .file(path: path), threadPool: threadPool, logger: logger, on: eventLoops.any())
        do {
            // Reads only; wait a little rather than fail while SQLite rebuilds its log's index after a crash.
            _ = try await connection.query("PRAGMA query_only = ON")
            _ = try await connection.query("PRAGMA busy_timeout = 5000")
            return connection
        } catch {
            try? await connection.close()
            throw error
        }
    }

    struct Closed: Error, CustomStringConvertible {
        var description: String { "The hub is shutting down: its database readers are closed." }
    }
}

/// Closes the readers when the hub stops (after the requests in flight, which `GracefulShutdown` waits for).
struct SQLiteReadersShutdown: LifecycleHandler {
    func shutdownAsync(_ application: Application) async {
        await application.heirloom.readers?.close()
    }
}
