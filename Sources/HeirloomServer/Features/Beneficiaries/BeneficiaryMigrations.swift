import Fluent
import SQLKit

/// Creates the beneficiaries table.
struct CreateBeneficiary: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(Beneficiary.schema)
            .id()
            .field("household_id", .uuid, .required, .references(Household.schema, .id, onDelete: .cascade))
            .field("name", .string, .required)
            .field("relationship", .string)
            .field("email", .string)
            .field("phone_number", .string)
            .field("contact_identifier", .string)
            .field("is_linked_to_contact", .bool, .required, .sql(.default(false)))
            .field("name_edited_by_user", .bool, .required, .sql(.default(false)))
            .field("created_at", .datetime)
            .field("updated_at", .datetime)
            .create()
        try await database.sql().create(index: "beneficiaries_household_name_idx").on(Beneficiary.schema)
            .column("household_id").column("name").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(Beneficiary.schema).delete()
    }
}

/// Creates the links between items and beneficiaries: one per pair; a beneficiary with links cannot be deleted.
struct CreateItemBeneficiary: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(ItemBeneficiary.schema)
            .id()
            .field("item_id", .uuid, .required, .references(Item.schema, .id, onDelete: .cascade))
            .field("beneficiary_id", .uuid, .required, .references(Beneficiary.schema, .id, onDelete: .restrict))
            .field("access_permission", .string, .required)
            .field("access_date", .datetime)
            .field("personal_message", .string)
            .field("notification_status", .string, .required, .sql(.default("notSent")))
            .field("created_at", .datetime)
            .field("updated_at", .datetime)
            .unique(on: "item_id", "beneficiary_id")
            .create()
        try await database.sql().create(index: "item_beneficiaries_beneficiary_idx").on(ItemBeneficiary.schema)
            .column("beneficiary_id").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(ItemBeneficiary.schema).delete()
    }
}
