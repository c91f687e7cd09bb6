import Fluent
import Foundation
import HeirloomCore
import SQLKit

/// Gives an heir's link the wish round's reason in a field of its own (issue 44). A confirmed round used to write
/// its reason ("You gave it 600 points") into the link's personal message, where the heir's page showed it as the
/// holder's own words and the family and the trusted contact read the heir's points. Links a confirmed round made
/// move their reason over: the message of a link to a thing of a round that is one of that round's reasons.
struct AddDivisionReasonToItemBeneficiary: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(ItemBeneficiary.schema).field("division_reason", .string).update()
        let sql = try database.sql()
        struct Run: Decodable {
            var roundId: UUID
            var result: String
        }
        struct Thing: Decodable {
            var roundId: UUID
            var itemId: UUID?
            var setId: UUID?
        }
        struct Member: Decodable {
            var setId: UUID
            var itemId: UUID
        }
        var reasons: [UUID: Set<String>] = [:]
        for run in try await sql.select().column("round_id").column("result").from("wish_runs").all(
            decoding: Run.self, keyDecodingStrategy: .convertFromSnakeCase)
        {
            guard let result = try? JSONDecoder().decode(DivisionResult.self, from: Data(run.result.utf8)) else {
                continue
            }
            reasons[run.roundId, default: []].formUnion(result.placements.map(\.reason))
        }
        guard !reasons.isEmpty else { return }
        let members = Dictionary(
            grouping: try await sql.select().column("set_id").column("item_id").from(ItemSetMember.schema)
                .all(decoding: Member.self, keyDecodingStrategy: .convertFromSnakeCase), by: \.setId)
        var roundsOfItem: [UUID: [UUID]] = [:]
        for thing in try await sql.select().column("round_id").column("item_id").column("set_id")
            .from(WishRoundThing.schema).all(decoding: Thing.self, keyDecodingStrategy: .convertFromSnakeCase)
        {
            let items = thing.itemId.map { [$0] } ?? thing.setId.map { members[$0]?.map(\.itemId) ?? [] } ?? []
            for item in items { roundsOfItem[item, default: []].append(thing.roundId) }
        }
        struct Link: Decodable {
            var id: UUID
            var itemId: UUID
            var personalMessage: String?
        }
        let links = try await sql.select().column("id").column("item_id").column("personal_message")
            .from(ItemBeneficiary.schema).where("personal_message", .isNot, SQLLiteral.null).all(
                decoding: Link.self, keyDecodingStrategy: .convertFromSnakeCase)
        for link in links {
            guard let message = link.personalMessage,
                roundsOfItem[link.itemId, default: []].contains(where: { reasons[$0]?.contains(message) == true })
            else { continue }
            try await sql.update(ItemBeneficiary.schema).set("division_reason", to: message)
                .set("personal_message", to: SQLLiteral.null).where("id", .equal, link.id).run()
        }
    }

    func revert(on database: any Database) async throws {
        try await database.sql().update(ItemBeneficiary.schema)
            .set("personal_message", to: SQLColumn("division_reason"))
            .where("division_reason", .isNot, SQLLiteral.null).run()
        try await database.schema(ItemBeneficiary.schema).deleteField("division_reason").update()
    }
}
