import Fluent
import Foundation
import HeirloomCore

/// A business the family has chosen to part with things through: a consignment shop, an auction house, a
/// charity… Shared by the household; the Legacy Treasure Chest app's partner search answers from these.
final class Partner: Model, @unchecked Sendable {
    static let schema = "partners"

    @ID(key: .id) var id: UUID?
    @Parent(key: "household_id") var household: Household
    @Field(key: "name") var name: String
    /// `PartnerType.rawValue`.
    @Field(key: "partner_type") var partnerType: String
    @OptionalField(key: "phone") var phone: String?
    @OptionalField(key: "website") var website: String?
    @OptionalField(key: "email") var email: String?
    @OptionalField(key: "address") var address: String?
    @OptionalField(key: "city") var city: String?
    @OptionalField(key: "region") var region: String?
    /// The categories it serves, one per line.
    @Field(key: "categories") var categoryLines: String
    @OptionalField(key: "notes") var notes: String?
    /// Questions to ask it, one per line.
    @Field(key: "questions") var questionLines: String
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?
    @Timestamp(key: "updated_at", on: .update) var updatedAt: Date?

    init() {}

    var categories: [String] { Self.lines(categoryLines) }
    var questions: [String] { Self.lines(questionLines) }

    static func lines(_ text: String) -> [String] {
        text.split(whereSeparator: \.isNewline).map { String($0).trimmingWhitespace() }.filter { !$0.isEmpty }
    }
}

struct CreatePartner: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(Partner.schema)
            .id()
            .field("household_id", .uuid, .required, .references(Household.schema, .id, onDelete: .cascade))
            .field("name", .string, .required)
            .field("partner_type", .string, .required)
            .field("phone", .string)
            .field("website", .string)
            .field("email", .string)
            .field("address", .string)
            .field("city", .string)
            .field("region", .string)
            .field("categories", .string, .required)
            .field("notes", .string)
            .field("questions", .string, .required)
            .field("created_at", .datetime)
            .field("updated_at", .datetime)
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(Partner.schema).delete()
    }
}
