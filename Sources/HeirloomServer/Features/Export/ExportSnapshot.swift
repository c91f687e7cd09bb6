import Fluent
import Foundation
import HeirloomCore

/// Everything a household export holds, read from the database in one go.
struct ExportSnapshot: Sendable {
    var household: ExportRecord.Household
    var members: [ExportRecord.Member]
    var media: [ExportRecord.Media]
    var items: [ExportRecord.Item]
    var beneficiaries: [ExportRecord.Beneficiary]
    var links: [ExportRecord.Link]
    var people: [ExportRecord.Person]
    var memories: [ExportRecord.Memory]
    var sets: [ExportRecord.ItemSet]
    /// Empty in exports made before the binder existed.
    var binder: ExportRecord.Binder = .empty
    /// Empty in exports made before letters for later existed.
    var letters: ExportRecord.Letters = .empty
    /// Empty in exports made before storytellers existed.
    var storytellers: ExportRecord.Storytellers = .empty

    /// The kinds of file a household export shares: the feature files of items, memories and people (and the papers
    /// of the binder's entries and the recordings of the letters it holds, read with them). Journal
    /// recordings are private to their author; batch photos and unattached uploads are work in progress.
    static let exportedMediaOwners: Set<String> = [
        ItemService.mediaOwnerType, MemoryService.mediaOwnerType, PeopleService.mediaOwnerType,
    ]

    /// Reads the household's records, in a stable order (by creation, then id), as `exporterID` may take them: the
    /// binder's entries nobody else may read and sealed letters are theirs only (`readBinder`, `readLetters`).
    static func read(householdID: UUID, exportedBy exporterID: UUID?, on db: any Database) async throws
        -> ExportSnapshot
    {
        guard let household = try await Household.find(householdID, on: db) else {
            throw AppError.notFound("household")
        }
        let users = try await User.query(on: db).filter(\.$household.$id == householdID).sort(\.$createdAt)
            .sort(\.$id).all()
        let mediaObjects = try await MediaObject.query(on: db).filter(\.$household.$id == householdID)
            .filter(\.$ownerType ~~ exportedMediaOwners.map { String?.some($0) }).sort(\.$createdAt).sort(\.$id).all()
        let items = try await Item.query(on: db).filter(\.$household.$id == householdID)
            .with(\.$photos).with(\.$documents).with(\.$audioStories)
            .sort(\.$createdAt).sort(\.$id).all()
        let itemIDs = try items.map { try $0.requireID() }
        let valuations = try await ItemValuation.query(on: db).filter(\.$item.$id ~~ itemIDs).all()
        let beneficiaries = try await Beneficiary.query(on: db).filter(\.$household.$id == householdID)
            .sort(\.$createdAt).sort(\.$id).all()
        let links = try await ItemBeneficiary.query(on: db).filter(\.$item.$id ~~ itemIDs)
            .sort(\.$createdAt).sort(\.$id).all()
        let people = try await Person.query(on: db).filter(\.$household.$id == householdID).sort(\.$id).all()
        let memories = try await Memory.query(on: db).filter(\.$household.$id == householdID)
            .with(\.$media).with(\.$faces).sort(\.$id).all()
        let memoryIDs = try memories.map { try $0.requireID() }
        let memoryPeople = try await MemoryPerson.query(on: db).filter(\.$memory.$id ~~ memoryIDs).all()
        let sets = try await ItemSet.query(on: db).filter(\.$household.$id == householdID).with(\.$members)
            .sort(\.$createdAt).sort(\.$id).all()
        let exporter = users.first { $0.id == exporterID }
        let binder = try await readBinder(householdID: householdID, exportedBy: exporter, on: db)
        let letters = try await readLetters(householdID: householdID, exportedBy: exporter, on: db)
        let storytellers = try await readStorytellers(householdID: householdID, on: db)
        var media = try (mediaObjects + binder.papers + letters.recordings).map(ExportRecord.Media.init)
        try await TranscriptTransfer.attach(to: &media, householdID: householdID, on: db)
        // The estate's holder; before the estate is first opened, the first owner, whom it will name then.
        let estate = try await Estate.query(on: db).filter(\.$household.$id == householdID).first()
        let holderID = estate.map { $0.$holder.id } ?? users.first { $0.role == .owner }?.id

        return ExportSnapshot(
            household: .init(
                id: try household.requireID(), name: household.name, defaultCurrency: household.defaultCurrency,
                timeZone: household.timeZone, paperSize: household.paperSize,
                showValuesToViewers: household.showValuesToViewers ? true : nil,
                holderName: holderID.flatMap { id in users.first { $0.id == id }?.name },
                createdAt: household.createdAt,
                updatedAt: household.updatedAt),
            members: try users.map {
                .init(
                    id: try $0.requireID(), name: $0.name, email: $0.email, role: $0.role.rawValue,
                    createdAt: $0.createdAt, updatedAt: $0.updatedAt)
            },
            media: media,
            items: try items.map { item in
                try ExportRecord.Item(item, valuation: valuations.first { $0.$item.id == item.id })
            },
            beneficiaries: try beneficiaries.map {
                .init(
                    id: try $0.requireID(), name: $0.name, relationship: $0.relationship, email: $0.email,
                    phoneNumber: $0.phoneNumber, contactIdentifier: $0.contactIdentifier,
                    isLinkedToContact: $0.isLinkedToContact, nameEditedByUser: $0.nameEditedByUser,
                    createdAt: $0.createdAt, updatedAt: $0.updatedAt)
            },
            links: try links.map {
                .init(
                    id: try $0.requireID(), itemId: $0.$item.id, beneficiaryId: $0.$beneficiary.id,
                    accessPermission: $0.accessPermission, accessDate: $0.accessDate,
                    personalMessage: $0.personalMessage, notificationStatus: $0.notificationStatus,
                    createdAt: $0.createdAt, updatedAt: $0.updatedAt)
            },
            people: try people.map {
                .init(
                    id: try $0.requireID(), name: $0.name, relationship: $0.relationship, notes: $0.notes,
                    birthDate: $0.birthDate, deathDate: $0.deathDate, avatarMediaId: $0.$avatar.id,
                    createdAt: $0.createdAt, updatedAt: $0.updatedAt)
            },
            memories: try memories.map { memory in
                let id = try memory.requireID()
                return try ExportRecord.Memory(
                    memory, personIDs: memoryPeople.filter { $0.$memory.id == id }.map(\.$person.id).sorted())
            },
            sets: try sets.map(ExportRecord.ItemSet.init),
            binder: binder.binder, letters: letters.letters, storytellers: storytellers
        )
    }

    /// The number of records of each kind, for the manifest.
    var counts: [String: Int] {
        [
            "members": members.count, "media": media.count, "items": items.count,
            "beneficiaries": beneficiaries.count, "links": links.count, "people": people.count,
            "memories": memories.count, "sets": sets.count, "binderEntries": binder.entries.count,
            "letters": letters.letters.count + letters.notices.count,
            "storytellers": storytellers.storytellers.count,
        ]
    }
}

extension ExportRecord.Media {
    init(_ object: MediaObject) throws {
        self.init(
            id: try object.requireID(), path: "media/\(object.sha256).\(object.format.fileExtension)",
            sha256: object.sha256, fileName: object.originalName, format: object.format.rawValue,
            kind: object.kind.rawValue, use: object.use.rawValue, sizeBytes: object.sizeBytes, width: object.width,
            height: object.height, takenAt: object.takenAt, durationSeconds: object.durationSeconds,
            waveform: object.waveform, pageCount: object.pageCount, ownerType: object.ownerType,
            ownerId: object.ownerID, uploadedById: object.$uploadedBy.id, createdAt: object.createdAt,
            playable: object.playableSHA256.map {
                .init(path: ExportPaths.playableCopy(of: object.sha256), sha256: $0)
            })
    }
}

extension ExportRecord.Item {
    init(_ item: Item, valuation: ItemValuation?) throws {
        self.init(
            id: try item.requireID(), name: item.name, description: item.description, category: item.category,
            currency: item.currencyCode, estimatedValue: item.estimatedValue,
            suggestedPriceNew: item.suggestedPriceNew, suggestedPriceUsed: item.suggestedPriceUsed,
            purchasePrice: item.purchasePrice, purchaseDate: item.purchaseDate, maker: item.maker,
            serialNumber: item.serialNumber, quantity: item.quantity,
            disposition: .init(
                value: item.dispositionValue, status: item.dispositionStatus, note: item.dispositionNote,
                amount: item.dispositionAmount),
            createdById: item.$createdBy.id,
            createdAt: item.createdAt, updatedAt: item.updatedAt,
            photos: try item.photos.sorted { $0.position < $1.position }.map {
                .init(id: try $0.requireID(), mediaId: $0.$media.id, position: $0.position, createdAt: $0.createdAt)
            },
            documents: try item.documents.sorted { ($0.createdAt ?? .distantPast) < ($1.createdAt ?? .distantPast) }
                .map {
                    .init(
                        id: try $0.requireID(), mediaId: $0.$media.id, createdAt: $0.createdAt, title: $0.title,
                        documentType: $0.documentType)
                },
            stories: try item.audioStories.sorted {
                ($0.createdAt ?? .distantPast) < ($1.createdAt ?? .distantPast)
            }.map {
                .init(id: try $0.requireID(), mediaId: $0.$media.id, title: $0.title, createdAt: $0.createdAt)
            },
            valuation: try valuation.map {
                .init(
                    id: try $0.requireID(), low: $0.low, high: $0.high, currency: $0.currencyCode,
                    confidence: $0.confidence, sources: $0.sources, provider: $0.provider, model: $0.model,
                    valuedAt: $0.valuedAt, aiNotes: $0.aiNotes, userNotes: $0.userNotes)
            }
        )
    }
}

extension ExportRecord.Memory {
    init(_ memory: Memory, personIDs: [Int]) throws {
        self.init(
            id: try memory.requireID(), kind: memory.kind, title: memory.title, description: memory.description,
            content: memory.content,
            date: memory.dateYear.map {
                .init(
                    value: memory.dateValue, year: $0, month: memory.dateMonth, day: memory.dateDay,
                    precision: memory.dateDay != nil ? "day" : memory.dateMonth != nil ? "month" : "year")
            },
            location: memory.location, context: memory.context, deviceName: memory.deviceName,
            createdById: memory.$createdBy.id,
            createdAt: memory.createdAt, updatedAt: memory.updatedAt, personIds: personIDs,
            files: try memory.media.sorted { $0.position < $1.position }.map {
                .init(id: try $0.requireID(), mediaId: $0.$media.id, position: $0.position)
            },
            faces: try memory.faces.sorted { ($0.id ?? 0) < ($1.id ?? 0) }.map {
                .init(
                    id: try $0.requireID(), photoIndex: $0.photoIndex, personId: $0.$person.id, x: $0.x, y: $0.y,
                    width: $0.width, height: $0.height)
            }
        )
    }
}

extension ExportRecord.ItemSet {
    init(_ set: ItemSet) throws {
        self.init(
            id: try set.requireID(), name: set.name, type: set.setType, story: set.story,
            sellTogether: set.sellTogether,
            currency: set.currencyCode,
            disposition: .init(
                value: set.dispositionValue, status: set.dispositionStatus, note: set.dispositionNote,
                amount: set.dispositionAmount),
            createdById: set.$createdBy.id, createdAt: set.createdAt, updatedAt: set.updatedAt,
            members: try set.members.sorted {
                ($0.createdAt ?? .distantPast, $0.id?.text ?? "") < (
                    $1.createdAt ?? .distantPast, $1.id?.text ?? ""
                )
            }
            .map { .init(id: try $0.requireID(), itemId: $0.$item.id, quantity: $0.quantity, createdAt: $0.createdAt) })
    }
}
