import Fluent
import Foundation
import NIOConcurrencyHelpers

/// Facts about the hub as a whole.
enum HubInfo {
    /// Heirloom's version, reported by `/api/health`.
    static let version = "0.1.0"

    /// The household's name on a family hub, or "Heirloom" before set-up and on a hub of many households.
    static func name(on db: any Database) async throws -> String {
        let households = try await Household.query(on: db).limit(2).all()
        return households.count == 1 ? households[0].name : "Heirloom"
    }
}

/// The hub's name for `GET /api/health`, which phones call to test a connection, often: read from the database
/// once, then again after any household is created, renamed or removed through this server
/// (`HouseholdChangeMiddleware`), and at least every `maximumAge` (a household made by `heirloom create-user`
/// in another process, or a change whose transaction had not committed when the name was read again).
///
/// It holds only what `/api/health` tells anyone who asks, signed in or not.
final class HubNameCache: Sendable {
    static let maximumAge: Duration = .seconds(1)

    private struct State {
        var generation = 0
        var name: String?
        var readAt = ContinuousClock.now
    }

    private let state = NIOLockedValueBox(State())

    /// The name; `db` is only asked for when the name has to be read (making a request's database is not free).
    func name(on db: () throws -> any Database) async throws -> String {
        let now = ContinuousClock.now
        let (generation, cached) = state.withLockedValue { state -> (Int, String?) in
            guard let name = state.name, now - state.readAt < Self.maximumAge else { return (state.generation, nil) }
            return (state.generation, name)
        }
        if let cached { return cached }
        let name = try await HubInfo.name(on: try db())
        state.withLockedValue { state in
            // A change since the read began may not be in what was read: keep nothing then.
            guard state.generation == generation else { return }
            state.name = name
            state.readAt = now
        }
        return name
    }

    /// Forgets the name: the next call reads it again.
    func invalidate() {
        state.withLockedValue { state in
            state.generation += 1
            state.name = nil
        }
    }
}

/// Forgets the cached hub name whenever a household is created, changed or deleted.
struct HouseholdChangeMiddleware: AsyncModelMiddleware {
    let cache: HubNameCache

    func create(model: Household, on db: any Database, next: any AnyAsyncModelResponder) async throws {
        cache.invalidate()
        defer { cache.invalidate() }
        try await next.create(model, on: db)
    }

    func update(model: Household, on db: any Database, next: any AnyAsyncModelResponder) async throws {
        cache.invalidate()
        defer { cache.invalidate() }
        try await next.update(model, on: db)
    }

    func delete(model: Household, force: Bool, on db: any Database, next: any AnyAsyncModelResponder) async throws {
        cache.invalidate()
        defer { cache.invalidate() }
        try await next.delete(model, force: force, on: db)
    }
}
