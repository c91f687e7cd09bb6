import Fluent
import Foundation

/// Who may see media of each feature: one line per feature that attaches media.
func registerMediaAccess(_ rules: MediaAccessRules, clock: @escaping @Sendable () -> Date) {
    // Items are the household's: every member may see their photos, documents and stories.
    rules.register(ItemService.mediaOwnerType) { principal, ownerID, db in
        guard let id = UUID(uuidString: ownerID) else { return false }
        return try await Item.query(on: db).filter(\.$id == id).filter(\.$household.$id == principal.householdID)
            .count() > 0
    }
    // A journal card's recording is its author's alone, and only while the card's drawer is open.
    rules.register(JournalCardService.mediaOwnerType) { principal, ownerID, db in
        try await JournalCardService.mayAccessMedia(principal, cardID: ownerID, now: clock(), db: db)
    }
    // Memories and people's pictures are the household's: every member may see them.
    rules.register(MemoryService.mediaOwnerType) { principal, ownerID, db in
        guard let id = Int(ownerID) else { return false }
        return try await Memory.query(on: db).filter(\.$id == id).filter(\.$household.$id == principal.householdID)
            .count() > 0
    }
    rules.register(PeopleService.mediaOwnerType) { principal, ownerID, db in
        guard let id = Int(ownerID) else { return false }
        return try await Person.query(on: db).filter(\.$id == id).filter(\.$household.$id == principal.householdID)
            .count() > 0
    }
}
