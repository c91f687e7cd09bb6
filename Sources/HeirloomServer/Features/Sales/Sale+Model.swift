import Fluent
import Foundation
import HeirloomCore

/// An estate sale, an auction, a consignment drop-off or a donation run, holding lots.
final class Sale: Model, @unchecked Sendable {
    static let schema = "sales"

    @ID(key: .id) var id: UUID?
    @Parent(key: "household_id") var household: Household
    /// `SaleKind.rawValue`.
    @Field(key: "kind") var kind: String
    /// A calendar day, "YYYY-MM-DD".
    @OptionalField(key: "date") var date: String?
    @OptionalField(key: "venue") var venue: String?
    @OptionalField(key: "notes") var notes: String?
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?
    @Timestamp(key: "updated_at", on: .update) var updatedAt: Date?

    @Children(for: \.$sale) var lots: [Lot]

    init() {}
}

/// Items or sets sold together under one lot number, with the checklist that gets them ready.
final class Lot: Model, @unchecked Sendable {
    static let schema = "sale_lots"

    @ID(key: .id) var id: UUID?
    @Parent(key: "household_id") var household: Household
    @Parent(key: "sale_id") var sale: Sale
    @Field(key: "number") var number: Int
    @Field(key: "title") var title: String
    @OptionalField(key: "room") var room: String?
    @OptionalField(key: "floor") var floor: String?
    /// Minor units of `currencyCode`; exact.
    @OptionalField(key: "target_price") var targetPrice: Int64?
    @Field(key: "currency_code") var currencyCode: String
    @OptionalField(key: "prepared_at") var preparedAt: Date?
    @OptionalField(key: "prepared_by") var preparedBy: String?
    @OptionalField(key: "prepared_by_id") var preparedByID: UUID?
    @OptionalField(key: "documented_at") var documentedAt: Date?
    @OptionalField(key: "documented_by") var documentedBy: String?
    @OptionalField(key: "documented_by_id") var documentedByID: UUID?
    @OptionalField(key: "staged_at") var stagedAt: Date?
    @OptionalField(key: "staged_by") var stagedBy: String?
    @OptionalField(key: "staged_by_id") var stagedByID: UUID?
    @OptionalField(key: "ready_at") var readyAt: Date?
    @OptionalField(key: "ready_by") var readyBy: String?
    @OptionalField(key: "ready_by_id") var readyByID: UUID?
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?

    @Children(for: \.$lot) var members: [LotMember]

    init() {}

    /// When, by whom (name, and member id while they are one) a step was ticked; nil while it is open.
    func tick(_ step: LotStep) -> (at: Date, by: String?, byID: UUID?)? {
        switch step {
        case .prepared: preparedAt.map { ($0, preparedBy, preparedByID) }
        case .documented: documentedAt.map { ($0, documentedBy, documentedByID) }
        case .staged: stagedAt.map { ($0, stagedBy, stagedByID) }
        case .ready: readyAt.map { ($0, readyBy, readyByID) }
        }
    }

    func setTick(_ step: LotStep, _ value: (at: Date, by: String?, byID: UUID?)?) {
        switch step {
        case .prepared: (preparedAt, preparedBy, preparedByID) = (value?.at, value?.by, value?.byID)
        case .documented: (documentedAt, documentedBy, documentedByID) = (value?.at, value?.by, value?.byID)
        case .staged: (stagedAt, stagedBy, stagedByID) = (value?.at, value?.by, value?.byID)
        case .ready: (readyAt, readyBy, readyByID) = (value?.at, value?.by, value?.byID)
        }
    }

    /// How many pieces the lot's target counts (`LotPrice.pieces`). Reads the members when they are loaded
    /// (`SaleService.lot`, `lots`); without them, the target is the whole lot's.
    var pieces: Int {
        let members = $members.value ?? []
        return LotPrice.pieces(
            itemQuantities: members.compactMap { $0.$item.value??.quantity },
            setCount: members.filter { $0.setID != nil }.count)
    }

    /// What the lot is offered at, following the quantity of what it holds (`LotPrice`); nil without a target.
    var price: LotPrice? {
        targetPrice.map {
            LotPrice(each: Money(minorUnits: $0, currency: CurrencyCode(currencyCode) ?? .usd), pieces: pieces)
        }
    }

    var doneSteps: Set<LotStep> { Set(LotStep.allCases.filter { tick($0) != nil }) }
    var isReady: Bool { readyAt != nil }
}

/// An item or a set in a lot; each is in one lot at most.
final class LotMember: Model, @unchecked Sendable {
    static let schema = "sale_lot_members"

    @ID(key: .id) var id: UUID?
    @Parent(key: "lot_id") var lot: Lot
    @OptionalParent(key: "item_id") var item: Item?
    /// The set (`item_sets.id`), when the member is a set.
    @OptionalField(key: "set_id") var setID: UUID?
    @Field(key: "position") var position: Int

    init() {}
}

struct CreateSale: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(Sale.schema)
            .id()
            .field("household_id", .uuid, .required, .references(Household.schema, .id, onDelete: .cascade))
            .field("kind", .string, .required)
            .field("date", .string)
            .field("venue", .string)
            .field("notes", .string)
            .field("created_at", .datetime)
            .field("updated_at", .datetime)
            .create()
        var lots = database.schema(Lot.schema)
            .id()
            .field("household_id", .uuid, .required, .references(Household.schema, .id, onDelete: .cascade))
            .field("sale_id", .uuid, .required, .references(Sale.schema, .id, onDelete: .cascade))
            .field("number", .int, .required)
            .field("title", .string, .required)
            .field("room", .string)
            .field("floor", .string)
            .field("target_price", .int64)
            .field("currency_code", .string, .required)
        for step in LotStep.allCases {
            lots = lots.field(.string("\(step.rawValue)_at"), .datetime)
                .field(.string("\(step.rawValue)_by"), .string)
                .field(.string("\(step.rawValue)_by_id"), .uuid, .references(User.schema, .id, onDelete: .setNull))
        }
        try await lots.field("created_at", .datetime).unique(on: "sale_id", "number").create()
        try await database.schema(LotMember.schema)
            .id()
            .field("lot_id", .uuid, .required, .references(Lot.schema, .id, onDelete: .cascade))
            .field("item_id", .uuid, .references(Item.schema, .id, onDelete: .cascade))
            .field("set_id", .uuid, .references(ItemSet.schema, .id, onDelete: .cascade))
            .field("position", .int, .required)
            .unique(on: "item_id")
            .unique(on: "set_id")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(LotMember.schema).delete()
        try await database.schema(Lot.schema).delete()
        try await database.schema(Sale.schema).delete()
    }
}
