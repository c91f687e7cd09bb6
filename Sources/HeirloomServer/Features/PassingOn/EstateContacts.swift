import Fluent
import Foundation
import HeirloomCore

/// Whom a recipient or a trusted contact should ask: the household's owners other than the estate holder, or,
/// when the holder was the only owner, the trusted contacts (executors).
enum EstateContacts {
    static func people(of estate: Estate, on db: any Database) async throws -> [WhoToContact.Person] {
        let owners = try await User.query(on: db).filter(\.$household.$id == estate.$household.id)
            .filter(\.$role == .owner).sort(\.$name).all()
            .filter { $0.id != estate.$holder.id }
        if !owners.isEmpty { return owners.map { .init(name: $0.name, email: $0.email) } }
        return try await Executor.query(on: db).filter(\.$household.$id == estate.$household.id).sort(\.$name).all()
            .map { .init(name: $0.name, email: $0.email) }
    }

    static func sentence(of estate: Estate, on db: any Database) async throws -> String {
        WhoToContact.sentence(try await people(of: estate, on: db))
    }
}
