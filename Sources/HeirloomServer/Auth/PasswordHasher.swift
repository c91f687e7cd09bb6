import Foundation
import NIOPosix
import Vapor

/// Hashes and checks passwords with bcrypt, off the event loop.
struct PasswordHasher: Sendable {
    /// The bcrypt cost; 12 takes roughly 200 ms on a small server, which slows guessing.
    let cost: Int
    let threadPool: NIOThreadPool
    /// A hash of a random secret, checked when an email has no account so that timing does not tell.
    private let decoyHash: String

    init(cost: Int, threadPool: NIOThreadPool) throws {
        self.cost = cost
        self.threadPool = threadPool
        self.decoyHash = try Bcrypt.hash(SecretToken.generate(), cost: cost)
    }

    func hash(_ password: String) async throws -> String {
        let cost = self.cost
        return try await threadPool.runIfActive { try Bcrypt.hash(password, cost: cost) }
    }

    func verify(_ password: String, against hash: String) async throws -> Bool {
        try await threadPool.runIfActive { try Bcrypt.verify(password, created: hash) }
    }

    /// Takes as long as a real check and always fails.
    func verifyAgainstNothing(_ password: String) async throws {
        _ = try await verify(password, against: decoyHash)
    }
}
