import Fluent
import Foundation
import HeirloomCore
import SQLKit

/// Writes an export's records as rows with their own ids and times (inside the import's transaction).
struct RowWriter {
    let db: any Database

    /// Times to put back after the rows are made: Fluent stamps new rows with the present.
    struct Times {
        var schema: String
        var id: any Encodable & Sendable
        var createdAt: Date?
        var updatedAt: Date?
        var hasUpdatedAt = true
    }

    /// Writes the records, checked by `ExportSnapshot(reading:)` (references, rules) and against the hub's rows.
    func write(_ records: ExportSnapshot, media: [MediaObject]) async throws {
        let (household, members, items) = (records.household, records.members, records.items)
        let (beneficiaries, links, people) = (records.beneficiaries, records.links, records.people)
        let (memories, sets) = (records.memories, records.sets)
        var times: [Times] = []
        let row = Household()
        row.id = household.id
        row.name = household.name
        row.defaultCurrency = household.defaultCurrency
        row.timeZone = household.timeZone
        row.paperSize = household.paperSize
        row.showValuesToViewers = household.showValuesToViewers ?? false
        // The imported family has its things already: Home's first steps would only repeat what is done.
        row.gettingStartedDismissed = true
        try await row.create(on: db)
        times.append(
            .init(
                schema: Household.schema, id: household.id, createdAt: household.createdAt,
                updatedAt: household.updatedAt))

        for member in members {
            guard let role = HouseholdRole(rawValue: member.role) else {
                throw ImportError.damaged("members.json", "\(member.email) has an unknown role \(member.role)")
            }
            let user = User()
            user.id = member.id
            user.$household.id = household.id
            user.name = member.name
            user.email = member.email
            user.passwordHash = nil
            user.role = role
            try await user.create(on: db)
            times.append(
                .init(schema: User.schema, id: member.id, createdAt: member.createdAt, updatedAt: member.updatedAt))
        }
        for object in media {
            let createdAt = object.createdAt
            try await object.create(on: db)
            times.append(.init(schema: MediaObject.schema, id: object.id, createdAt: createdAt, hasUpdatedAt: false))
        }
        try await writeItems(items, householdID: household.id, times: &times)
        for beneficiary in beneficiaries {
            let row = Beneficiary()
            row.id = beneficiary.id
            row.$household.id = household.id
            row.name = beneficiary.name
            row.relationship = beneficiary.relationship
            row.email = beneficiary.email
            row.phoneNumber = beneficiary.phoneNumber
            row.contactIdentifier = beneficiary.contactIdentifier
            row.isLinkedToContact = beneficiary.isLinkedToContact
            row.nameEditedByUser = beneficiary.nameEditedByUser
            try await row.create(on: db)
            times.append(
                .init(
                    schema: Beneficiary.schema, id: beneficiary.id, createdAt: beneficiary.createdAt,
                    updatedAt: beneficiary.updatedAt))
        }
        for link in links {
            let row = ItemBeneficiary()
            row.id = link.id
            row.$item.id = link.itemId
            row.$beneficiary.id = link.beneficiaryId
            row.accessPermission = link.accessPermission
            row.accessDate = link.accessDate
            row.personalMessage = link.personalMessage
            row.notificationStatus = link.notificationStatus
            try await row.create(on: db)
            times.append(
                .init(schema: ItemBeneficiary.schema, id: link.id, createdAt: link.createdAt, updatedAt: link.updatedAt)
            )
        }
        try await LegacySync(db: db).settle(Array(Set(links.map(\.itemId))))
        for person in people {
            let row = Person()
            row.id = person.id
            row.$household.id = household.id
            row.name = person.name
            row.nameKey = PersonName.key(person.name)
            row.relationship = person.relationship
            row.notes = person.notes
            row.birthDate = person.birthDate
            row.deathDate = person.deathDate
            row.$avatar.id = person.avatarMediaId
            try await row.create(on: db)
            times.append(
                .init(schema: Person.schema, id: person.id, createdAt: person.createdAt, updatedAt: person.updatedAt))
        }
        try await writeMemories(memories, householdID: household.id, times: &times)
        try await writeSets(sets, householdID: household.id, times: &times)
        try await writeBinder(records.binder, householdID: household.id, times: &times)
        try await writeLetters(records.letters, householdID: household.id, times: &times)
        try await writeStorytellers(records.storytellers, householdID: household.id)

        let sql = try db.sql()
        for time in times {
            var update = sql.update(time.schema).set(SQLIdentifier("created_at"), to: SQLBind(time.createdAt))
            if time.hasUpdatedAt { update = update.set(SQLIdentifier("updated_at"), to: SQLBind(time.updatedAt)) }
            try await update.where(SQLIdentifier("id"), .equal, SQLBind(time.id)).run()
        }
        if sql.dialect.name == "postgresql" {
            // Ids given explicitly do not move an identity column's counter; the next new row must not collide.
            for table in [Person.schema, Memory.schema, MemoryMedia.schema, FaceTag.schema] {
                try await sql.raw(
                    """
                    SELECT setval(pg_get_serial_sequence('\(unsafeRaw: table)', 'id'), \
                    GREATEST((SELECT MAX(id) FROM \(ident: table)), 1))
                    """
                ).run()
            }
        }
    }

    private func writeSets(_ sets: [ExportRecord.ItemSet], householdID: UUID, times: inout [Times]) async throws {
        for set in sets {
            let row = ItemSet()
            row.id = set.id
            row.$household.id = householdID
            row.name = set.name
            row.setType = set.type
            row.story = set.story
            row.sellTogether = set.sellTogether
            row.currencyCode = set.currency
            row.dispositionValue = set.disposition.value
            row.dispositionStatus = set.disposition.status
            row.dispositionNote = set.disposition.note
            row.dispositionAmount = set.disposition.amount
            row.$createdBy.id = set.createdById
            try await row.create(on: db)
            times.append(.init(schema: ItemSet.schema, id: set.id, createdAt: set.createdAt, updatedAt: set.updatedAt))
            for member in set.members {
                let child = ItemSetMember()
                child.id = member.id
                child.$set.id = set.id
                child.$item.id = member.itemId
                child.quantity = member.quantity
                try await child.create(on: db)
                times.append(
                    .init(schema: ItemSetMember.schema, id: member.id, createdAt: member.createdAt, hasUpdatedAt: false)
                )
            }
        }
    }

    private func writeItems(_ items: [ExportRecord.Item], householdID: UUID, times: inout [Times]) async throws {
        for item in items {
            let row = Item()
            row.id = item.id
            row.$household.id = householdID
            row.name = item.name
            row.description = item.description
            row.category = ItemCategory.normalise(item.category).rawValue
            row.currencyCode = item.currency
            row.estimatedValue = item.estimatedValue
            row.suggestedPriceNew = item.suggestedPriceNew
            row.suggestedPriceUsed = item.suggestedPriceUsed
            row.purchasePrice = item.purchasePrice
            row.purchaseDate = item.purchaseDate
            row.maker = item.maker
            row.serialNumber = item.serialNumber
            row.$createdBy.id = item.createdById
            row.quantity = item.quantity ?? 1
            row.dispositionValue = item.disposition?.value ?? DispositionValue.undecided.rawValue
            row.dispositionStatus = item.disposition?.status ?? DispositionStatus.notStarted.rawValue
            row.dispositionNote = item.disposition?.note ?? ""
            row.dispositionAmount = item.disposition?.amount
            try await row.create(on: db)
            times.append(.init(schema: Item.schema, id: item.id, createdAt: item.createdAt, updatedAt: item.updatedAt))
            for photo in item.photos {
                let child = ItemPhoto()
                child.id = photo.id
                child.$item.id = item.id
                child.$media.id = photo.mediaId
                child.position = photo.position
                try await child.create(on: db)
                times.append(
                    .init(schema: ItemPhoto.schema, id: photo.id, createdAt: photo.createdAt, hasUpdatedAt: false))
            }
            for document in item.documents {
                let child = ItemDocument()
                child.id = document.id
                child.$item.id = item.id
                child.$media.id = document.mediaId
                // Checked by `checkRules`; absent in archives made before documents had them.
                child.title = try DocumentTitle.parse(document.title)
                child.documentType = (try DocumentType.parse(document.documentType) ?? .other).rawValue
                try await child.create(on: db)
                times.append(
                    .init(
                        schema: ItemDocument.schema, id: document.id, createdAt: document.createdAt, hasUpdatedAt: false
                    ))
            }
            for story in item.stories {
                let child = ItemAudio()
                child.id = story.id
                child.$item.id = item.id
                child.$media.id = story.mediaId
                child.title = story.title
                try await child.create(on: db)
                times.append(
                    .init(schema: ItemAudio.schema, id: story.id, createdAt: story.createdAt, hasUpdatedAt: false))
            }
            if let valuation = item.valuation {
                let child = ItemValuation(itemID: item.id)
                child.id = valuation.id
                child.low = valuation.low
                child.high = valuation.high
                child.currencyCode = valuation.currency
                child.confidence = valuation.confidence
                child.sources = valuation.sources
                child.provider = valuation.provider
                child.model = valuation.model
                child.valuedAt = valuation.valuedAt
                child.aiNotes = valuation.aiNotes
                child.userNotes = valuation.userNotes
                try await child.create(on: db)
            }
            try await ItemSearchIndex(db).update(row)
        }
    }

    private func writeMemories(_ memories: [ExportRecord.Memory], householdID: UUID, times: inout [Times]) async throws
    {
        for memory in memories {
            let row = Memory()
            row.id = memory.id
            row.$household.id = householdID
            row.$createdBy.id = memory.createdById
            row.kind = memory.kind
            row.title = memory.title
            row.description = memory.description
            row.content = memory.content
            row.dateValue = memory.date?.value
            row.dateYear = memory.date?.year
            row.dateMonth = memory.date?.month
            row.dateDay = memory.date?.day
            row.location = memory.location
            row.context = memory.context
            row.deviceName = memory.deviceName
            row.refreshSearchText()
            try await row.create(on: db)
            times.append(
                .init(schema: Memory.schema, id: memory.id, createdAt: memory.createdAt, updatedAt: memory.updatedAt))
            for personID in memory.personIds {
                let link = MemoryPerson()
                link.$memory.id = memory.id
                link.$person.id = personID
                try await link.create(on: db)
            }
            for file in memory.files {
                let child = MemoryMedia(memoryID: memory.id, mediaID: file.mediaId, position: file.position)
                child.id = file.id
                try await child.create(on: db)
            }
            for face in memory.faces {
                let child = FaceTag()
                child.id = face.id
                child.$memory.id = memory.id
                child.photoIndex = face.photoIndex
                child.$person.id = face.personId
                child.x = face.x
                child.y = face.y
                child.width = face.width
                child.height = face.height
                try await child.create(on: db)
            }
        }
    }
}
