import Fluent
import Foundation
import HeirloomCore

/// Whom a recipient or a trusted contact should ask: the household's owners other than the estate holder, or,
/// when the holder was the only owner, the trusted contacts (executors).
enum EstateContacts {
    /// Whom `reader` (an executor's or a recipient's email) may ask: never themself (`WhoToContact.people`).
    static func people(of estate: Estate, for reader: String?, on db: any Database) async throws
        -> [WhoToContact.Person]
    {
        let owners = try await User.query(on: db).filter(\.$household.$id == estate.$household.id)
            .filter(\.$role == .owner).sort(\.$name).all()
            .filter { $0.id != estate.$holder.id }
        let executors = try await Executor.query(on: db).filter(\.$household.$id == estate.$household.id)
            .sort(\.$name).all()
        return WhoToContact.people(
            owners: owners.map { .init(name: $0.name, email: $0.email) },
            executors: executors.map { .init(name: $0.name, email: $0.email) }, reader: reader)
    }

    static func sentence(of estate: Estate, for reader: String?, on db: any Database) async throws -> String {
        WhoToContact.sentence(try await people(of: estate, for: reader, on: db))
    }
}
