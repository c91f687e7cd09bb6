import Foundation
import HeirloomCore

extension ExportSnapshot {
    /// Throws `invalid`, naming the file and the record, unless every record passes the rules the API applies to
    /// what people send (the same drafts and checks, not a copy of them).
    func checkRules() throws {
        let household = self.household
        try Self.rule("household.json", "the household \(household.id)") {
            _ = try AccountRules.name(household.name, field: "name", what: "household name")
            _ = try CurrencyCode.parse(household.defaultCurrency, field: "defaultCurrency")
            if let zone = household.timeZone { _ = try EstateRules.timeZone(zone) }
            if let paper = household.paperSize, PaperSize(rawValue: paper) == nil {
                throw FieldError(field: "paperSize", message: "The paper size \(paper) is not A4 or US Letter.")
            }
        }
        for member in members {
            try Self.rule("members.json", "the member \(member.id)") {
                _ = try AccountRules.name(member.name, field: "name")
                _ = try AccountRules.email(member.email)
                guard HouseholdRole(rawValue: member.role) != nil else {
                    throw FieldError(field: "role", message: "The role \(member.role) is not one of the hub's.")
                }
            }
        }
        let linked = Set(links.map(\.itemId))
        for item in items {
            try Self.rule("items.json", "the item \(item.id)") {
                try Self.check(item, linked: linked.contains(item.id))
            }
        }
        for beneficiary in beneficiaries {
            try Self.rule("beneficiaries.json", "the beneficiary \(beneficiary.id)") {
                let input = BeneficiaryInput(
                    name: beneficiary.name, relationship: beneficiary.relationship, email: beneficiary.email,
                    phoneNumber: beneficiary.phoneNumber)
                _ = try BeneficiaryDraft(input, over: BeneficiaryDraft(name: ""))
            }
        }
        for link in links {
            try Self.rule("links.json", "the link \(link.id)") {
                guard let permission = AccessPermission(rawValue: link.accessPermission) else {
                    throw FieldError(field: "accessPermission", message: "\(link.accessPermission) is not a rule.")
                }
                _ = try ReleaseRule(permission: permission, accessDate: link.accessDate)
                _ = try ReleaseRule.personalMessage(link.personalMessage)
                guard NotificationStatus(rawValue: link.notificationStatus) != nil else {
                    throw FieldError(field: "notificationStatus", message: "\(link.notificationStatus) is unknown.")
                }
            }
        }
        for person in people {
            try Self.rule("people.json", "the person \(person.id)") {
                _ = try PersonInput(
                    name: person.name, relationship: person.relationship, notes: person.notes,
                    birthDate: person.birthDate, deathDate: person.deathDate)
            }
        }
        for memory in memories {
            try Self.rule("memories.json", "the memory \(memory.id)") { try Self.check(memory) }
        }
        for set in sets {
            try Self.rule("sets.json", "the set \(set.id)") { try Self.check(set) }
        }
        try checkBinderRules()
        try checkLetterRules()
    }

    private static func check(_ item: ExportRecord.Item, linked: Bool) throws {
        let currency = try CurrencyCode.parse(item.currency, field: "currency")
        let amount = { (minorUnits: Int64?) in
            minorUnits.map { Money(minorUnits: $0, currency: currency).decimalString }
        }
        let input = ItemInput(
            name: item.name, description: item.description, category: item.category,
            estimatedValue: amount(item.estimatedValue), currencyCode: item.currency,
            suggestedPriceNew: amount(item.suggestedPriceNew), suggestedPriceUsed: amount(item.suggestedPriceUsed),
            purchasePrice: amount(item.purchasePrice), purchaseDate: item.purchaseDate, maker: item.maker,
            serialNumber: item.serialNumber, quantity: item.quantity.map(String.init))
        _ = try ItemDraft(input, over: ItemDraft(name: "", currency: currency))
        if let disposition = item.disposition {
            _ = try check(disposition, currency: currency, hasBeneficiary: linked)
        }
        for story in item.stories { _ = try ItemService.storyTitle(story.title, fallback: nil) }
        for document in item.documents {
            _ = try DocumentTitle.parse(document.title, field: "documents.title")
            _ = try DocumentType.parse(document.documentType, field: "documents.documentType")
        }
        if let valuation = item.valuation {
            let currency =
                try valuation.currency.map { try CurrencyCode.parse($0, field: "valuation.currency") } ?? .usd
            for minorUnits in [valuation.low, valuation.high].compactMap({ $0 }) {
                let written = Money(minorUnits: minorUnits, currency: currency).decimalString
                _ = try Money.parse(written, currency: currency, field: "valuation")
            }
            try TextLimit.check(
                valuation.userNotes, maximum: AppraisalService.maximumNotesLength, field: "valuation.userNotes",
                tooLong: "The notes are too long.")
        }
    }

    private static func check(_ memory: ExportRecord.Memory) throws {
        let kind = try MemoryKind.parse(memory.kind)
        let details = try MemoryDetails(
            title: memory.title, description: memory.description, content: memory.content, date: memory.date?.value,
            location: memory.location, context: memory.context, kind: kind)
        if let date = memory.date,
            details.date.map({ [$0.year, $0.month, $0.day] }) != [date.year, date.month, date.day]
        {
            throw FieldError(field: "date", message: "The date's parts are not the date \(date.value ?? "").")
        }
        _ = try MemoryDetails.text(memory.deviceName, field: "deviceName", limit: 200)
        guard memory.files.count <= kind.fileCount.upperBound else {
            throw FieldError(field: "files", message: "A \(kind.rawValue) memory cannot hold \(memory.files.count).")
        }
        guard memory.faces.count <= FaceBox.maximumPerMemory else {
            throw FieldError(field: "faces", message: "A memory holds at most \(FaceBox.maximumPerMemory) faces.")
        }
        for face in memory.faces {
            let box = FaceBox(
                photoIndex: face.photoIndex, personID: face.personId, x: face.x, y: face.y, width: face.width,
                height: face.height)
            try box.validate(photoCount: memory.files.count)
        }
    }

    private static func check(_ set: ExportRecord.ItemSet) throws {
        let input = ItemSetInput(
            name: set.name, type: set.type, story: set.story, sellTogether: set.sellTogether, currencyCode: set.currency
        )
        let draft = try ItemSetDraft(input, over: ItemSetDraft(name: "", currency: .usd))
        _ = try check(set.disposition, currency: draft.currency, hasBeneficiary: false)
        guard set.members.count <= ItemSetDraft.maximumMembers else {
            throw FieldError(field: "members", message: "A set holds at most \(ItemSetDraft.maximumMembers) items.")
        }
        for member in set.members {
            _ = try ItemSetDraft.memberQuantity(member.quantity, itemQuantity: ItemDraft.maximumQuantity)
        }
    }

    private static func check(_ disposition: ExportRecord.Disposition, currency: CurrencyCode, hasBeneficiary: Bool)
        throws -> Disposition
    {
        let input = DispositionInput(
            value: disposition.value, status: disposition.status, note: disposition.note,
            amount: disposition.amount.map { Money(minorUnits: $0, currency: currency).decimalString })
        return try Disposition(input, over: .undecided, currency: currency, hasBeneficiary: hasBeneficiary)
    }

    /// Runs a record's checks; what they refuse stops the import, naming the file and the record.
    static func rule(_ file: String, _ record: String, _ body: () throws -> Void) throws {
        do {
            try body()
        } catch let error as FieldError {
            throw ImportError.invalid(file, "\(record) (\(error.field))", error.message)
        } catch let errors as FieldErrors {
            let first = errors.all.first
            throw ImportError.invalid(file, "\(record) (\(first?.field ?? "fields"))", first?.message ?? "\(errors)")
        } catch {
            throw ImportError.invalid(file, record, "\(error)")
        }
    }
}
