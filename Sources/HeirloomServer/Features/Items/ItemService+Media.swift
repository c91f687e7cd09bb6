import Fluent
import Foundation
import HeirloomCore

extension ItemService {
    /// The owner type media of items are attached with; any member of the household may see them.
    static let mediaOwnerType = "item"

    /// Stores an upload and attaches it to the item as its last photo.
    func addPhoto<Chunks: AsyncSequence>(to id: UUID, _ chunks: Chunks, fileName: String?, by principal: Principal)
        async throws where Chunks.Element: Collection<UInt8>
    {
        try principal.requireEditor()
        _ = try await find(id, householdID: principal.householdID)
        let object = try await ingest(chunks, fileName: fileName, use: .photo, itemID: id, principal: principal)
        let last = try await ItemPhoto.query(on: db).filter(\.$item.$id == id).max(\.$position) ?? -1
        try await attach(object) { db in
            try await ItemPhoto(itemID: id, mediaID: try object.requireID(), position: last + 1).create(on: db)
        }
    }

    /// Stores an appraisal, receipt or warranty (a PDF or a picture) with the item, with the family's title for it
    /// and what it is (other when not said).
    @discardableResult
    func addDocument<Chunks: AsyncSequence>(
        to id: UUID,
        _ chunks: Chunks,
        fileName: String?,
        title: String? = nil,
        type: String? = nil,
        by principal: Principal
    ) async throws -> ItemDocument where Chunks.Element: Collection<UInt8> {
        try principal.requireEditor()
        _ = try await find(id, householdID: principal.householdID)
        let title = try DocumentTitle.parse(title)
        let type = try DocumentType.parse(type)
        let object = try await ingest(chunks, fileName: fileName, use: .document, itemID: id, principal: principal)
        let document = ItemDocument(itemID: id, mediaID: try object.requireID(), title: title, type: type ?? .other)
        try await attach(object) { db in try await document.create(on: db) }
        return document
    }

    /// Changes what a document is called and what it is: a nil or empty type leaves it as it is, a nil title too,
    /// and an empty title removes it. Nothing is changed when either is refused.
    @discardableResult
    func describeDocument(
        _ documentID: UUID, of id: UUID, title rawTitle: String?, type rawType: String?, by principal: Principal
    ) async throws -> ItemDocument {
        try principal.requireEditor()
        let item = try await find(id, householdID: principal.householdID)
        guard let document = item.documents.first(where: { $0.id == documentID }) else {
            throw AppError.notFound("document")
        }
        let type = try DocumentType.parse(rawType)
        if let rawTitle { document.title = try DocumentTitle.parse(rawTitle) }
        if let type { document.documentType = type.rawValue }
        try await document.save(on: db)
        return document
    }

    /// Stores a recorded story with its title.
    func addAudio<Chunks: AsyncSequence>(
        to id: UUID,
        _ chunks: Chunks,
        fileName: String?,
        title rawTitle: String?,
        by principal: Principal
    ) async throws -> ItemAudio where Chunks.Element: Collection<UInt8> {
        try principal.requireEditor()
        _ = try await find(id, householdID: principal.householdID)
        let title = try Self.storyTitle(rawTitle, fallback: fileName)
        let object = try await ingest(chunks, fileName: fileName, use: .audio, itemID: id, principal: principal)
        let story = ItemAudio(itemID: id, mediaID: try object.requireID(), title: title)
        try await attach(object) { db in try await story.create(on: db) }
        return story
    }

    private func ingest<Chunks: AsyncSequence>(
        _ chunks: Chunks,
        fileName: String?,
        use: MediaUse,
        itemID: UUID,
        principal: Principal
    ) async throws -> MediaObject where Chunks.Element: Collection<UInt8> {
        try await media.ingest(
            chunks,
            fileName: fileName,
            use: use,
            origin: .init(
                householdID: principal.householdID,
                uploaderID: principal.userID,
                ownerType: Self.mediaOwnerType,
                ownerID: itemID.text
            )
        )
    }

    /// Records the link; if that fails the upload is deleted again, so nothing dangles.
    private func attach(_ object: MediaObject, _ link: @escaping @Sendable (any Database) async throws -> Void)
        async throws
    {
        do {
            try await link(db)
        } catch {
            try? await media.delete([object])
            throw error
        }
    }

    /// Puts the photos in the order given; the list must name each photo of the item once.
    func reorderPhotos(of id: UUID, _ photoIDs: [UUID], by principal: Principal) async throws {
        try principal.requireEditor()
        let item = try await find(id, householdID: principal.householdID)
        let current = Set(item.photos.compactMap(\.id))
        guard Set(photoIDs) == current, photoIDs.count == current.count else {
            throw AppError.invalid(
                FieldError(field: "photoIds", message: "Please list each of the item's photos exactly once."))
        }
        try await db.transaction { db in
            for (position, photoID) in photoIDs.enumerated() {
                try await ItemPhoto.query(on: db).filter(\.$id == photoID).set(\.$position, to: position).update()
            }
        }
    }

    /// Moves a photo one place earlier or later.
    func movePhoto(_ photoID: UUID, of id: UUID, earlier: Bool, by principal: Principal) async throws {
        let item = try await find(id, householdID: principal.householdID)
        var order = item.photos.sorted { $0.position < $1.position }.compactMap(\.id)
        guard let index = order.firstIndex(of: photoID) else { throw AppError.notFound("photo") }
        let target = earlier ? index - 1 : index + 1
        guard order.indices.contains(target) else { return }
        order.swapAt(index, target)
        try await reorderPhotos(of: id, order, by: principal)
    }

    func deletePhoto(_ photoID: UUID, of id: UUID, by principal: Principal) async throws {
        try principal.requireEditor()
        let item = try await find(id, householdID: principal.householdID)
        guard let photo = item.photos.first(where: { $0.id == photoID }) else { throw AppError.notFound("photo") }
        try await media.delete([photo.media]) { db in try await photo.delete(on: db) }
    }

    func deleteDocument(_ documentID: UUID, of id: UUID, by principal: Principal) async throws {
        try principal.requireEditor()
        let item = try await find(id, householdID: principal.householdID)
        guard let document = item.documents.first(where: { $0.id == documentID }) else {
            throw AppError.notFound("document")
        }
        try await media.delete([document.media]) { db in try await document.delete(on: db) }
    }

    func renameAudio(_ audioID: UUID, of id: UUID, to rawTitle: String, by principal: Principal) async throws
        -> ItemAudio
    {
        try principal.requireEditor()
        let item = try await find(id, householdID: principal.householdID)
        guard let story = item.audioStories.first(where: { $0.id == audioID }) else { throw AppError.notFound("story") }
        story.title = try Self.storyTitle(rawTitle, fallback: nil)
        try await story.save(on: db)
        return story
    }

    func deleteAudio(_ audioID: UUID, of id: UUID, by principal: Principal) async throws {
        try principal.requireEditor()
        let item = try await find(id, householdID: principal.householdID)
        guard let story = item.audioStories.first(where: { $0.id == audioID }) else { throw AppError.notFound("story") }
        try await media.delete([story.media]) { db in try await story.delete(on: db) }
        // Its typed copy no longer finds the item.
        try await ItemSearchIndex(db).update(item)
    }

    /// A story's title: as given, or from the file's name, or "A story".
    static func storyTitle(_ raw: String?, fallback: String?) throws -> String {
        let title = (raw ?? "").trimmingWhitespace()
        if title.isEmpty {
            let name = ((fallback ?? "") as NSString).deletingPathExtension.trimmingWhitespace()
            return name.isEmpty || name == "blob" ? "A story" : TextLimit.clipped(name, to: 200)
        }
        return try AccountRules.name(title, field: "title", what: "title")
    }
}
