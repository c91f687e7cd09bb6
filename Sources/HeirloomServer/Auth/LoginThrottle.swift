import Foundation
import HeirloomCore

/// Slows password guessing: per account (5 failures in 15 minutes) and per address (20 in 15 minutes).
///
/// The per-address limit is looser so that a family behind one router does not lock each other out.
actor LoginThrottle {
    private var accounts: [String: AttemptWindow] = [:]
    private var addresses: [String: AttemptWindow] = [:]
    /// The empty windows a new account or address starts with.
    private let newAccount: AttemptWindow
    private let newAddress: AttemptWindow

    init(accountLimit: Int = 5, addressLimit: Int = 20, window: TimeInterval = 15 * 60) {
        self.init(
            account: AttemptWindow(limit: accountLimit, window: window),
            address: AttemptWindow(limit: addressLimit, window: window))
    }

    /// A throttle whose accounts and addresses have windows of their own lengths (password reset requests).
    init(account: AttemptWindow, address: AttemptWindow) {
        newAccount = account
        newAddress = address
    }

    /// Throws `tooManyAttempts` when either the account or the address must wait.
    func check(account: String, address: String, now: Date) throws(AppError) {
        let waits = [accounts[account]?.retryAfter(now: now), addresses[address]?.retryAfter(now: now)]
        if let until = waits.compactMap({ $0 }).max() {
            throw .tooManyAttempts(retryAfter: until.timeIntervalSince(now))
        }
    }

    func recordFailure(account: String, address: String, now: Date) {
        accounts[account, default: newAccount].recordFailure(now: now)
        addresses[address, default: newAddress].recordFailure(now: now)
        prune(now: now)
    }

    /// Checks, then counts the attempt as a failure before the password is even looked at, so that many
    /// guesses sent at once cannot all pass the check; `succeeded` takes it back.
    func reserve(account: String, address: String, now: Date) throws(AppError) {
        try check(account: account, address: address, now: now)
        recordFailure(account: account, address: address, now: now)
    }

    /// The reserved attempt succeeded: the account's failures are cleared and the address's reserved one
    /// taken back.
    func succeeded(account: String, address: String, reservedAt now: Date) {
        accounts[account] = nil
        addresses[address]?.forget(at: now)
    }

    /// The account proved its owner some other way (a password reset link): its failures are forgotten, so
    /// whoever was guessing cannot keep the owner waiting.
    func clear(account: String) {
        accounts[account] = nil
    }

    /// The reserved attempt could not be checked (the hub, not the guess, failed): it does not count.
    func released(account: String, address: String, reservedAt now: Date) {
        accounts[account]?.forget(at: now)
        addresses[address]?.forget(at: now)
    }

    private func prune(now: Date) {
        guard accounts.count + addresses.count > 10_000 else { return }
        accounts = accounts.filter { !$0.value.isEmpty(now: now) }
        addresses = addresses.filter { !$0.value.isEmpty(now: now) }
    }
}
