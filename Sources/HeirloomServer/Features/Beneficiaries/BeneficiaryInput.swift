import Foundation
import HeirloomCore

/// What a person or an app sends to create or change a beneficiary: text as typed, checked by `BeneficiaryDraft`.
struct BeneficiaryInput: Sendable, Equatable {
    var name: String?
    var relationship: String?
    var email: String?
    var phoneNumber: String?
}

/// A beneficiary's fields, checked: a name, a clean relationship, a real email address, a plausible phone number.
struct BeneficiaryDraft: Sendable, Equatable {
    var name: String
    var relationship: Relationship?
    var email: String?
    var phoneNumber: String?

    static let maximumPhoneLength = 60

    /// Checks `input` over `base`. Absent fields keep their value; an empty string clears an optional one.
    /// Every field is checked, so a form shows all its mistakes at once (`FieldChecks`).
    init(_ input: BeneficiaryInput, over base: BeneficiaryDraft) throws {
        self = base
        var checks = FieldChecks()
        if let raw = input.name {
            name = try checks.value { try AccountRules.name(raw, field: "name", what: "name") } ?? name
        }
        if let raw = input.relationship {
            relationship = try checks.value { try Relationship.normalise(raw) } ?? relationship
        }
        if let raw = input.email {
            email =
                try checks.value {
                    raw.trimmingWhitespace().isEmpty ? nil : try AccountRules.email(raw, field: "email")
                } ?? nil
        }
        if let raw = input.phoneNumber { phoneNumber = try checks.value { try Self.phone(raw) } ?? nil }
        try checks.finish()
    }

    init(name: String) {
        self.name = name
    }

    /// A phone number as written, trimmed; it must have a digit and be at most 60 characters.
    static func phone(_ raw: String) throws(FieldError) -> String? {
        let text = raw.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
        if text.isEmpty { return nil }
        guard TextLimit.fits(text, maximum: maximumPhoneLength), text.contains(where: { $0.isNumber }) else {
            throw FieldError(
                field: "phoneNumber", message: "Please enter a phone number with its digits, like +1 555 0100.")
        }
        return text
    }
}

extension BeneficiaryDraft {
    /// The beneficiary's fields as they are.
    init(_ beneficiary: Beneficiary) {
        name = beneficiary.name
        relationship = beneficiary.relationship.map(Relationship.init(storedValue:))
        email = beneficiary.email
        phoneNumber = beneficiary.phoneNumber
    }

    /// Writes the fields onto a model.
    func apply(to beneficiary: Beneficiary) {
        beneficiary.name = name
        beneficiary.relationship = relationship?.storedValue
        beneficiary.email = email
        beneficiary.phoneNumber = phoneNumber
    }
}

/// What is sent to assign an item or change an assignment; absent fields stay on update.
struct BeneficiaryLinkInput: Sendable, Equatable {
    var beneficiaryID: UUID?
    var accessPermission: String?
    /// A day, YYYY-MM-DD; empty clears it.
    var accessDate: String?
    var personalMessage: String?
    /// Refused when present: only the hub changes it.
    var notificationStatus: String?
}

/// A link's checked fields: a rule (with its date) and a message.
struct BeneficiaryLinkDraft: Sendable, Equatable {
    var rule: ReleaseRule
    var personalMessage: String?

    init(_ input: BeneficiaryLinkInput, over base: BeneficiaryLinkDraft) throws {
        guard input.notificationStatus == nil else {
            throw FieldError(
                field: "notificationStatus",
                message: "The hub sets the notification status when it tells the beneficiary; it cannot be changed.")
        }
        var permission = base.rule.permission
        if let raw = input.accessPermission, !raw.isEmpty {
            guard let parsed = AccessPermission(rawValue: raw) else {
                throw FieldError(
                    field: "accessPermission",
                    message: "Please choose when they may have it: now, after a date, or upon your passing.")
            }
            permission = parsed
        }
        // The date and the message are both checked, so a form shows both mistakes at once.
        var checks = FieldChecks()
        var date: Date?
        if let raw = input.accessDate {
            date = try checks.value { try Self.day(raw) } ?? nil
        } else if permission == .afterSpecificDate {
            date = base.rule.accessDate
        }
        let checkedRule = try checks.value { try ReleaseRule(permission: permission, accessDate: date) }
        personalMessage = base.personalMessage
        if let raw = input.personalMessage {
            personalMessage = try checks.value { try ReleaseRule.personalMessage(raw) } ?? nil
        }
        try checks.finish()
        rule = checkedRule ?? base.rule
    }

    init(rule: ReleaseRule = .immediate, personalMessage: String? = nil) {
        self.rule = rule
        self.personalMessage = personalMessage
    }

    init(_ link: ItemBeneficiary) {
        rule = link.rule
        personalMessage = link.personalMessage
    }

    func apply(to link: ItemBeneficiary) {
        link.accessPermission = rule.permission.rawValue
        link.accessDate = rule.accessDate
        link.personalMessage = personalMessage
    }

    /// A calendar day (YYYY-MM-DD) as midnight UTC; nil when empty.
    static func day(_ raw: String) throws(FieldError) -> Date? {
        do {
            guard let text = try ItemDraft.day(raw, field: "accessDate") else { return nil }
            return DayText.date(ofDay: text)
        } catch let error as FieldError {
            throw error
        } catch {
            throw FieldError(field: "accessDate", message: "Please give the date as year-month-day, like 2030-06-21.")
        }
    }

    /// "2030-06-21" for a stored date.
    static func dayText(_ date: Date?) -> String? {
        date.map(DayText.isoDay)
    }
}
