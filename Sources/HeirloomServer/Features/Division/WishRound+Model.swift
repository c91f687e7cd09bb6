import Fluent
import Foundation
import HeirloomCore

/// A wish round (issue 30): heirs say what they would like of a group of things, and the hub proposes a division.
final class WishRound: Model, @unchecked Sendable {
    static let schema = "wish_rounds"

    @ID(key: .id) var id: UUID?
    @Parent(key: "household_id") var household: Household
    @Field(key: "title") var title: String
    /// `DivisionMethod.rawValue`.
    @Field(key: "method") var method: String
    /// `WishRoundState.rawValue`, as written down; an open round past `closesAt` reads as closed.
    @Field(key: "state") var state: String
    @Field(key: "show_values") var showValues: Bool
    /// The last day wishes are taken ("2031-05-01"), in the household's time zone.
    @Field(key: "closes_on") var closesOn: String
    /// The end of that day, or when the organiser closed it.
    @Field(key: "closes_at") var closesAt: Date
    /// Who organised it: a member's or a trusted contact's name.
    @Field(key: "organiser") var organiser: String
    @Field(key: "currency_code") var currencyCode: String
    /// When the reminder to those who had not answered went out.
    @OptionalField(key: "reminded_at") var remindedAt: Date?
    /// How the things were left on confirming (`AccessPermission.rawValue`).
    @OptionalField(key: "release_rule") var releaseRule: String?
    /// A draft taken live: each participant picks on their page when it is their turn (nil or false: computed).
    @OptionalField(key: "live") var live: Bool?
    /// How long each live turn lasts before the hub picks.
    @OptionalField(key: "turn_hours") var turnHours: Int?
    /// When the live draft began, and when the current turn ends.
    @OptionalField(key: "live_started_at") var liveStartedAt: Date?
    @OptionalField(key: "turn_deadline") var turnDeadline: Date?
    /// The live draft's draw number, and the order the organiser set (participant ids, comma-separated), if any.
    @OptionalField(key: "draft_seed") var draftSeed: Int64?
    @OptionalField(key: "draft_order") var draftOrder: String?
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?
    @Timestamp(key: "updated_at", on: .update) var updatedAt: Date?

    init() {}

    var divisionMethod: DivisionMethod { DivisionMethod(rawValue: method) ?? .points }

    var isLive: Bool { live == true && divisionMethod == .draft }

    /// The state machine of the round, as a pure value (`WishRoundStatus`).
    var status: WishRoundStatus {
        get { WishRoundStatus(state: WishRoundState(rawValue: state) ?? .draft, closesAt: closesAt) }
        set {
            state = newValue.state.rawValue
            closesAt = newValue.closesAt
        }
    }
}

/// One thing of a round: an item, or a set counted as one piece.
final class WishRoundThing: Model, @unchecked Sendable {
    static let schema = "wish_round_things"

    @ID(key: .id) var id: UUID?
    @Parent(key: "round_id") var round: WishRound
    @OptionalParent(key: "item_id") var item: Item?
    @OptionalParent(key: "set_id") var set: ItemSet?
    @Field(key: "position") var position: Int

    init() {}

    /// The id clients use for the thing: the item's or the set's.
    var thingID: UUID? { $item.id ?? $set.id }
}

/// One pick of a live draft: whose turn, which thing, and whether the hub picked because time ran out.
final class WishPick: Model, @unchecked Sendable {
    static let schema = "wish_picks"

    @ID(key: .id) var id: UUID?
    @Parent(key: "round_id") var round: WishRound
    @Field(key: "turn") var turn: Int
    @Parent(key: "participant_id") var participant: WishParticipant
    @Field(key: "thing_id") var thingID: UUID
    @Field(key: "by_hub") var byHub: Bool
    @Field(key: "picked_at") var pickedAt: Date

    init() {}
}
