import Foundation
import HeirloomAPI
import HeirloomCore

extension Components.Schemas.Beneficiary {
    init(_ summary: BeneficiaryService.Summary) throws {
        let person = summary.beneficiary
        self.init(
            id: try person.requireID().text,
            name: person.name,
            relationship: person.relationship,
            email: person.email,
            phoneNumber: person.phoneNumber,
            contactIdentifier: person.contactIdentifier,
            isLinkedToContact: person.isLinkedToContact,
            itemCount: summary.itemCount,
            totals: summary.totals.map(Components.Schemas.MoneyTotal.init),
            createdAt: person.createdAt ?? Date(),
            updatedAt: person.updatedAt ?? person.createdAt ?? Date()
        )
    }
}

extension Components.Schemas.MoneyTotal {
    init(_ money: Money) {
        self.init(currencyCode: money.currency.code, amount: money.decimalString)
    }

    /// A sum too large to add up exactly is written as the largest exact amount, with `tooLarge`.
    init(_ total: HeirloomCore.MoneyTotal) {
        self.init(
            currencyCode: total.currency.code, amount: total.bound.decimalString,
            tooLarge: total.isTooLarge ? true : nil)
    }
}

extension Components.Schemas.BeneficiaryDetail {
    init(_ detail: BeneficiaryService.Detail) throws {
        self.init(
            beneficiary: try .init(detail.summary),
            assignedItems: try detail.assigned.map { link in
                Components.Schemas.AssignedItem(link: try .init(link), item: try .init(link.item))
            }
        )
    }
}

extension Components.Schemas.BeneficiaryLink {
    init(_ link: ItemBeneficiary) throws {
        self.init(
            id: try link.requireID().text,
            itemId: link.$item.id.text,
            beneficiaryId: link.$beneficiary.id.text,
            accessPermission: .init(rawValue: link.permission.rawValue) ?? .immediate,
            accessDate: BeneficiaryLinkDraft.dayText(link.accessDate),
            personalMessage: link.personalMessage,
            notificationStatus: .init(rawValue: link.notificationStatus) ?? .notSent
        )
    }
}

extension Components.Schemas.ContactImportEntry {
    init(_ card: BeneficiaryService.ImportedCard) {
        self.init(
            name: card.name,
            status: .init(rawValue: card.status) ?? .rejected,
            beneficiaryId: card.beneficiaryID?.text,
            reason: card.reason
        )
    }
}
