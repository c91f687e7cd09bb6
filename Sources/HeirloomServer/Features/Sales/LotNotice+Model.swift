import Fluent
import Foundation

/// A line a sale keeps about what changed in it on its own: "Pearls was taken out of lot 3 because it is left to
/// Lily." Written by `SaleGuard` when a thing in a lot becomes promised, so the owner reads why it left.
final class LotNotice: Model, @unchecked Sendable {
    static let schema = "sale_lot_notices"

    @ID(key: .id) var id: UUID?
    @Parent(key: "sale_id") var sale: Sale
    /// The lot it concerns, while the lot exists.
    @OptionalField(key: "lot_id") var lotID: UUID?
    @Field(key: "message") var message: String
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?

    init() {}

    init(saleID: UUID, lotID: UUID?, message: String) {
        self.$sale.id = saleID
        self.lotID = lotID
        self.message = message
    }
}

struct CreateLotNotice: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(LotNotice.schema)
            .id()
            .field("sale_id", .uuid, .required, .references(Sale.schema, .id, onDelete: .cascade))
            .field("lot_id", .uuid, .references(Lot.schema, .id, onDelete: .setNull))
            .field("message", .string, .required)
            .field("created_at", .datetime)
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(LotNotice.schema).delete()
    }
}
