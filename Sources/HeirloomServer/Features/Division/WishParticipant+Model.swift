import Fluent
import Foundation

/// A beneficiary taking part in a round, with their entitlement.
final class WishParticipant: Model, @unchecked Sendable {
    static let schema = "wish_participants"

    @ID(key: .id) var id: UUID?
    @Parent(key: "round_id") var round: WishRound
    @Parent(key: "beneficiary_id") var beneficiary: Beneficiary
    @Field(key: "share") var share: Double
    @Field(key: "position") var position: Int
    /// When they last said what they would like; nil while they have not.
    @OptionalField(key: "answered_at") var answeredAt: Date?
    /// The address the organiser's round was opened with: the only one a member's account may take part by.
    @OptionalField(key: "email") var email: String?
    @OptionalField(key: "reminded_at") var remindedAt: Date?

    init() {}
}

/// One participant's wish for one thing of their round.
final class Wish: Model, @unchecked Sendable {
    static let schema = "wishes"

    @ID(key: .id) var id: UUID?
    @Parent(key: "participant_id") var participant: WishParticipant
    /// The item's or set's id (`WishRoundThing.thingID`).
    @Field(key: "thing_id") var thingID: UUID
    @OptionalField(key: "rank") var rank: Int?
    @OptionalField(key: "points") var points: Int?
    @OptionalField(key: "reason") var reason: String?

    init() {}
}

/// One division of a round: proposed, or changed by hand; every run is kept.
final class WishRun: Model, @unchecked Sendable {
    static let schema = "wish_runs"

    @ID(key: .id) var id: UUID?
    @Parent(key: "round_id") var round: WishRound
    @Field(key: "number") var number: Int
    @Field(key: "seed") var seed: Int64
    @Field(key: "adjusted") var adjusted: Bool
    @Field(key: "by_name") var byName: String
    /// The `DivisionResult`, as JSON.
    @Field(key: "result") var result: String
    /// The moves by hand that made it, as lines ("Clock: Anna → Tom").
    @OptionalField(key: "changes") var changes: String?
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?

    init() {}
}
