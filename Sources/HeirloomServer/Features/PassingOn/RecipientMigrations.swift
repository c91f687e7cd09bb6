import Fluent
import SQLKit

/// Adds when a beneficiary was invited to see their items, and when each link was announced to them.
struct AddRecipientFieldsToBeneficiaries: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(Beneficiary.schema).field("invited_at", .datetime).update()
        try await database.schema(ItemBeneficiary.schema).field("announced_at", .datetime).update()
        try await database.schema(ItemBeneficiary.schema).field("answered_at", .datetime).update()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(ItemBeneficiary.schema).deleteField("answered_at").update()
        try await database.schema(ItemBeneficiary.schema).deleteField("announced_at").update()
        try await database.schema(Beneficiary.schema).deleteField("invited_at").update()
    }
}

/// Adds what the hand-over needs to show each heir's state: when they opened their page, when their link was given
/// by hand, and when the hub found it could not tell them.
struct AddHandOverFieldsToBeneficiaries: AsyncMigration {
    func prepare(on database: any Database) async throws {
        // One column per statement: SQLite adds columns one at a time.
        try await database.schema(Beneficiary.schema).field("opened_at", .datetime).update()
        try await database.schema(Beneficiary.schema).field("link_handed_at", .datetime).update()
        try await database.schema(Beneficiary.schema).field("not_told_at", .datetime).update()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(Beneficiary.schema).deleteField("not_told_at").update()
        try await database.schema(Beneficiary.schema).deleteField("link_handed_at").update()
        try await database.schema(Beneficiary.schema).deleteField("opened_at").update()
    }
}
