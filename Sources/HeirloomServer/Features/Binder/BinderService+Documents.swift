import Fluent
import Foundation
import HeirloomCore

/// The papers kept with binder entries: stored and checked as item documents are (PDFs and photos of papers).
extension BinderService {
    /// Stores a paper with the entry.
    func addDocument<Chunks: AsyncSequence>(
        to id: UUID, _ chunks: Chunks, fileName: String?, by principal: Principal
    ) async throws -> BinderReading.Shown where Chunks.Element: Collection<UInt8> {
        _ = try await entry(id, by: principal)
        let object = try await media.ingest(
            chunks, fileName: fileName, use: .document,
            origin: .init(
                householdID: principal.householdID, uploaderID: principal.userID, ownerType: Self.mediaOwnerType,
                ownerID: id.text))
        do {
            try await BinderDocument(entryID: id, mediaID: try object.requireID()).create(on: db)
        } catch {
            try? await media.delete([object])
            throw error
        }
        return try await entry(id, by: principal)
    }

    /// Removes a paper and frees its storage.
    func deleteDocument(_ documentID: UUID, of id: UUID, by principal: Principal) async throws {
        let entry = try await entry(id, by: principal).entry
        guard let document = entry.documents.first(where: { $0.id == documentID }) else {
            throw AppError.notFound("document")
        }
        try await media.delete([document.media]) { db in try await document.delete(on: db) }
    }
}

/// Who in the household may see a binder paper: whoever may read its entry (the holder, and the owners helping
/// unless the entry is the holder's alone).
enum BinderMediaAccess {
    static func rule(clock: @escaping @Sendable () -> Date) -> MediaAccessRules.Rule {
        { principal, ownerID, db in
            guard let id = UUID(uuidString: ownerID), principal.role.canManageHousehold else { return false }
            return (try? await BinderReading(db: db, clock: clock).entry(id, by: principal)) != nil
        }
    }
}
