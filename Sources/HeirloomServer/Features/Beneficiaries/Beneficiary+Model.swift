import Fluent
import Foundation
import HeirloomCore

/// A person who should receive some of the household's items.
final class Beneficiary: Model, @unchecked Sendable {
    static let schema = "beneficiaries"

    @ID(key: .id) var id: UUID?
    @Parent(key: "household_id") var household: Household
    @Field(key: "name") var name: String
    /// `Relationship.storedValue`: "Son", "Grandchild", or the owner's own words.
    @OptionalField(key: "relationship") var relationship: String?
    @OptionalField(key: "email") var email: String?
    /// The member who last wrote `email` (nil before issue 44, or from the apps' sync): a member who writes their
    /// own address here gains nothing of this person's (`AddressProof`).
    @OptionalField(key: "email_set_by_id") var emailSetByID: UUID?
    @OptionalField(key: "phone_number") var phoneNumber: String?
    /// The UID of the contact the beneficiary came from.
    @OptionalField(key: "contact_identifier") var contactIdentifier: String?
    @Field(key: "is_linked_to_contact") var isLinkedToContact: Bool
    /// Set when a person typed the name, so that a contacts import never renames them.
    @Field(key: "name_edited_by_user") var nameEditedByUser: Bool
    /// When an owner last invited them to see their items (immediate links show from then on).
    @OptionalField(key: "invited_at") var invitedAt: Date?
    /// When they first opened their page with their link.
    @OptionalField(key: "opened_at") var openedAt: Date?
    /// When an owner or a trusted contact last printed their link to give it to them by hand.
    @OptionalField(key: "link_handed_at") var linkHandedAt: Date?
    /// When the hub first found something released to them and no address to tell them at.
    @OptionalField(key: "not_told_at") var notToldAt: Date?
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?
    @Timestamp(key: "updated_at", on: .update) var updatedAt: Date?

    @Children(for: \.$beneficiary) var links: [ItemBeneficiary]

    init() {}

    /// Whether the hub has an address to tell them at.
    var canBeTold: Bool { !(email ?? "").trimmingWhitespace().isEmpty }

    /// The little of this beneficiary a contacts import needs.
    var existing: ExistingBeneficiary? {
        id.map {
            ExistingBeneficiary(
                id: $0, name: name, email: email, phone: phoneNumber, contactIdentifier: contactIdentifier,
                nameEditedByUser: nameEditedByUser)
        }
    }
}

/// One item given to one beneficiary, with the rule that says when they may have it.
final class ItemBeneficiary: Model, @unchecked Sendable {
    static let schema = "item_beneficiaries"

    @ID(key: .id) var id: UUID?
    @Parent(key: "item_id") var item: Item
    @Parent(key: "beneficiary_id") var beneficiary: Beneficiary
    /// `AccessPermission.rawValue`.
    @Field(key: "access_permission") var accessPermission: String
    /// Set exactly for afterSpecificDate: the day (midnight UTC) from which the item is available.
    @OptionalField(key: "access_date") var accessDate: Date?
    @OptionalField(key: "personal_message") var personalMessage: String?
    /// Why a wish round gave the heir this thing, in words to the heir ("You gave it 600 points"): theirs alone,
    /// shown on their page on a line of its own, never as the holder's message.
    @OptionalField(key: "division_reason") var divisionReason: String?
    /// `NotificationStatus.rawValue`; only the hub changes it.
    @Field(key: "notification_status") var notificationStatus: String
    /// When the beneficiary was emailed that this item is theirs to see; set once, never again.
    @OptionalField(key: "announced_at") var announcedAt: Date?
    /// When the recipient accepted or declined the item.
    @OptionalField(key: "answered_at") var answeredAt: Date?
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?
    @Timestamp(key: "updated_at", on: .update) var updatedAt: Date?

    init() {}

    var permission: AccessPermission { AccessPermission(rawValue: accessPermission) ?? .immediate }

    /// The link's rule; a stored link was checked, so a bad row reads as immediate rather than failing.
    var rule: ReleaseRule { (try? ReleaseRule(permission: permission, accessDate: accessDate)) ?? .immediate }
}

/// Whether a beneficiary has been told about a link; the owner never sets it.
enum NotificationStatus: String, Codable, Sendable {
    case notSent, sent, accepted, declined
}
