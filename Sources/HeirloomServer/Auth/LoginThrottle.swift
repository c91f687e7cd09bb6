import Fluent
import Foundation
import HeirloomCore

/// Slows password guessing: per account (5 failures in 15 minutes) and per address (20 in 15 minutes).
///
/// The per-address limit is looser so that a family behind one router does not lock each other out. The failures
/// are kept in the database (`ThrottleStore`), so that every server of a hub counts them together: five wrong
/// passwords spread over three servers lock the account on all three.
struct LoginThrottle: Sendable {
    /// Keeps this throttle's counts apart from the others' ("sign-in", "link", …).
    let name: String
    /// The empty windows a new account or address starts with.
    private let newAccount: AttemptWindow
    private let newAddress: AttemptWindow

    init(_ name: String, accountLimit: Int = 5, addressLimit: Int = 20, window: TimeInterval = 15 * 60) {
        self.init(
            name, account: AttemptWindow(limit: accountLimit, window: window),
            address: AttemptWindow(limit: addressLimit, window: window))
    }

    /// A throttle whose accounts and addresses have windows of their own lengths (password reset requests).
    init(_ name: String, account: AttemptWindow, address: AttemptWindow) {
        self.name = name
        newAccount = account
        newAddress = address
    }

    /// Throws `tooManyAttempts` when either the account or the address must wait.
    func check(account: String, address: String, now: Date, on db: any Database) async throws {
        let store = ThrottleStore(db: db)
        let accountWait = try await window(accountKey(account), newAccount, in: store).retryAfter(now: now)
        let addressWait = try await window(addressKey(address), newAddress, in: store).retryAfter(now: now)
        if let until = [accountWait, addressWait].compactMap({ $0 }).max() { throw Self.tooMany(until, now: now) }
    }

    /// Checks, then counts the attempt as a failure before the password is even looked at, so that many
    /// guesses sent at once (to any of the hub's servers) cannot all pass the check; `succeeded` takes it back.
    func reserve(account: String, address: String, now: Date, on db: any Database) async throws {
        let store = ThrottleStore(db: db)
        if let until = try await count(accountKey(account), newAccount, now: now, in: store) {
            let addressWait = try await window(addressKey(address), newAddress, in: store).retryAfter(now: now)
            throw Self.tooMany(max(until, addressWait ?? until), now: now)
        }
        if let until = try await count(addressKey(address), newAddress, now: now, in: store) {
            // The address must wait: the account's attempt, counted a moment ago, was never made.
            try await forget(accountKey(account), newAccount, at: now, in: store)
            throw Self.tooMany(until, now: now)
        }
    }

    /// The reserved attempt succeeded: the account's failures are cleared and the address's reserved one
    /// taken back.
    func succeeded(account: String, address: String, reservedAt now: Date, on db: any Database) async throws {
        let store = ThrottleStore(db: db)
        try await store.forget(accountKey(account))
        try await forget(addressKey(address), newAddress, at: now, in: store)
    }

    /// The account proved its owner some other way (a password reset link): its failures are forgotten, so
    /// whoever was guessing cannot keep the owner waiting.
    func clear(account: String, on db: any Database) async throws {
        try await ThrottleStore(db: db).forget(accountKey(account))
    }

    /// The reserved attempt could not be checked (the hub, not the guess, failed): it does not count.
    func released(account: String, address: String, reservedAt now: Date, on db: any Database) async throws {
        let store = ThrottleStore(db: db)
        try await forget(accountKey(account), newAccount, at: now, in: store)
        try await forget(addressKey(address), newAddress, at: now, in: store)
    }

    private func accountKey(_ account: String) -> String { ThrottleStore.key(name, "account", account) }
    private func addressKey(_ address: String) -> String { ThrottleStore.key(name, "address", address) }

    private func window(_ key: String, _ rule: AttemptWindow, in store: ThrottleStore) async throws -> AttemptWindow {
        rule.with(failures: try await store.moments(key).first ?? [])
    }

    /// Counts a failure at `now` unless the key must wait; returns until when it must.
    private func count(_ key: String, _ rule: AttemptWindow, now: Date, in store: ThrottleStore) async throws -> Date? {
        try await change(key, rule, now: now, in: store) { window in
            if let until = window.retryAfter(now: now) { return until }
            window.recordFailure(now: now)
            return nil
        }
    }

    private func forget(_ key: String, _ rule: AttemptWindow, at date: Date, in store: ThrottleStore) async throws {
        try await change(key, rule, now: date, in: store) { $0.forget(at: date) }
    }

    private func change<T>(
        _ key: String, _ rule: AttemptWindow, now: Date, in store: ThrottleStore, _ body: (inout AttemptWindow) -> T
    ) async throws -> T {
        try await store.update(key, window: rule.window, now: now) { moments in
            let kept = moments.first ?? []
            var window = rule.with(failures: kept)
            let result = body(&window)
            if window.failures != kept { moments = [window.failures] }
            return result
        }
    }

    private static func tooMany(_ until: Date, now: Date) -> AppError {
        .tooManyAttempts(retryAfter: until.timeIntervalSince(now))
    }
}
