import Foundation
import HeirloomCore

/// The models of the beneficiary pages and of the item page's Beneficiaries section.
enum BeneficiaryPages {
    /// A beneficiary as lists show them.
    struct Card: Encodable {
        var id, name, relationship, email, phoneNumber, href, itemCountText: String
        var itemCount: Int
        var totals: [String]
        var fromContacts: Bool

        init(_ summary: BeneficiaryService.Summary) throws {
            let person = summary.beneficiary
            let personID = try person.requireID()
            id = personID.text
            name = person.name
            relationship = person.relationship ?? ""
            email = person.email ?? ""
            phoneNumber = person.phoneNumber ?? ""
            href = SiteURL.beneficiary(.value(personID)).path
            itemCount = summary.itemCount
            itemCountText = summary.itemCount == 1 ? "1 item" : "\(summary.itemCount) items"
            totals = summary.totals.map(\.displayString)
            fromContacts = person.isLinkedToContact
        }
    }

    /// A beneficiary in a picker.
    struct Choice: Encodable {
        var id, label: String
    }

    struct Index: Encodable {
        var beneficiaries: [Card]
        var unassigned: [ItemPages.Card]
        var choices: [Choice]
    }

    /// An item assigned to the beneficiary on their page.
    struct Assigned: Encodable {
        var item: ItemPages.Card
        var rule, message, editHref: String
    }

    struct Show: Encodable {
        var person: Card
        var assigned: [Assigned]
        /// Owners may invite the beneficiary to see their items (Passing on).
        var canInvite = false
        var invitedOn: String?
    }

    struct Form: Encodable {
        var mode, action, cancelHref: String
        var form: [String: String]
        var errors: [String: String]
        var relationships: [String]
    }

    struct ImportResults: Encodable {
        struct Row: Encodable {
            var name, status, label, reason: String
            var href: String?
        }

        var rows: [Row]
        var created, merged, unchanged, rejected: Int
    }

    /// Blocks a delete and says why.
    struct StillAssigned: Encodable {
        var name, message, href: String
        var items: [ItemPages.Card]
    }

    /// One link on the item page.
    struct LinkRow: Encodable {
        var id, name, relationship, rule, message, beneficiaryHref, editHref, removeHref: String
        var fromContacts: Bool
        /// Said beside a person the hub has no email address for: nobody would tell them.
        var noEmail: Bool
    }

    /// The item page's Beneficiaries section, for owners and editors.
    struct ItemSection: Encodable {
        var links: [LinkRow]
        /// "Upon my passing", or the holder's passing for anyone else.
        var uponPassing: String
        var choices: [Choice]
        var addAction: String
        var relationships: [String]
    }

    /// Adding (with errors) or changing one link.
    struct LinkForm: Encodable {
        var mode, action, cancelHref, itemName, beneficiaryName: String
        var form: [String: String]
        var errors: [String: String]
        var choices: [Choice]
        var relationships: [String]
        /// "Upon my passing", or the holder's passing for anyone else.
        var uponPassing: String
        /// "Draft a message" and "Suggest someone" (the AI appraiser's help); nil hides them.
        var help: AppraisalPages.BeneficiaryHelp? = nil
    }

    /// The known relationships in picker order.
    static let relationships = Relationship.known.map(\.storedValue)

    /// A link's rule in words: "Straight away", "From June 21, 2030", "Upon my passing" (or "Upon Margaret
    /// Carter’s passing" for anyone but the estate's holder).
    static func rule(_ rule: ReleaseRule, passing: PassingWords) -> String {
        switch rule {
        case .immediate: "Straight away"
        case .afterSpecificDate(let date): "From \(day.string(from: date))"
        case .uponPassing: passing.uponPassing
        }
    }

    /// The relationship select's value and the custom text field's value for a stored relationship.
    static func relationshipFields(_ stored: String?) -> (select: String, custom: String) {
        guard let stored, !stored.isEmpty else { return ("", "") }
        let relationship = Relationship(storedValue: stored)
        return relationship.isCustom ? ("custom", stored) : (relationship.storedValue, "")
    }

    /// What the two relationship fields of a form mean together: a chosen value, or the custom words.
    static func relationshipInput(select: String?, custom: String?) -> String? {
        let select = select ?? ""
        let custom = custom?.trimmingWhitespace() ?? ""
        if select == "custom" || (select.isEmpty && !custom.isEmpty) { return custom }
        return select
    }

    /// Stored access dates are midnight UTC: show that day, whatever the server's time zone.
    static let day: DateFormatter = {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "MMMM d, yyyy"
        return formatter
    }()

    /// The people a member may choose from in "Who receives it": name and relationship.
    static func choices(_ people: [Beneficiary]) throws -> [Choice] {
        try people.map { person in
            var label = person.relationship.map { "\(person.name) (\($0))" } ?? person.name
            if !person.canBeTold { label += " · no email yet" }
            return Choice(id: try person.requireID().text, label: label)
        }
    }
}

extension BeneficiaryPages.LinkRow {
    init(_ link: ItemBeneficiary, itemID: UUID, passing: PassingWords) throws {
        let linkID = try link.requireID()
        id = linkID.text
        name = link.beneficiary.name
        relationship = link.beneficiary.relationship ?? ""
        rule = BeneficiaryPages.rule(link.rule, passing: passing)
        message = link.personalMessage ?? ""
        beneficiaryHref = SiteURL.beneficiary(.value(try link.beneficiary.requireID())).path
        editHref = SiteURL.itemBeneficiaryEdit(.value(itemID), .value(linkID)).path
        removeHref = SiteURL.itemBeneficiaryDelete(.value(itemID), .value(linkID)).path
        fromContacts = link.beneficiary.isLinkedToContact
        noEmail = !link.beneficiary.canBeTold
    }
}
