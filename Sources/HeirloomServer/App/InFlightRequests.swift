import NIOConcurrencyHelpers
import Vapor

/// Counts the requests being answered, so that shutting down can wait for them (and /metrics can show them).
final class InFlightRequests: Sendable {
    private let state = NIOLockedValueBox((count: 0, waiters: [CheckedContinuation<Void, Never>]()))

    var count: Int { state.withLockedValue { $0.count } }

    func begin() { state.withLockedValue { $0.count += 1 } }

    func end() {
        let waiters = state.withLockedValue { state -> [CheckedContinuation<Void, Never>] in
            state.count -= 1
            guard state.count == 0 else { return [] }
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Returns when no request is being answered, or after `timeout`; true when none is.
    func waitUntilIdle(timeout: Duration) async -> Bool {
        await withTaskGroup(of: Bool.self) { group in
            group.addTask {
                await withCheckedContinuation { continuation in
                    let idle = self.state.withLockedValue { state -> Bool in
                        if state.count == 0 { return true }
                        state.waiters.append(continuation)
                        return false
                    }
                    if idle { continuation.resume() }
                }
                return true
            }
            group.addTask {
                try? await Task.sleep(for: timeout)
                return false
            }
            let first = await group.next() ?? false
            group.cancelAll()
            if !first { self.releaseWaiters() }
            return first
        }
    }

    private func releaseWaiters() {
        let waiters = state.withLockedValue { state -> [CheckedContinuation<Void, Never>] in
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }
}

/// Counts each request while it is answered.
struct InFlightMiddleware: AsyncMiddleware {
    let requests: InFlightRequests

    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        requests.begin()
        defer { requests.end() }
        return try await next.respond(to: request)
    }
}
