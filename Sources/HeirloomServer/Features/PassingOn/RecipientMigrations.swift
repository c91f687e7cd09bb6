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
