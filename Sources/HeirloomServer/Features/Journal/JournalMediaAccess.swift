import Foundation

/// Who may hear a voice card: its author, while the card's drawer is open to them.
enum JournalMediaAccess {
    static func rule(clock: @escaping @Sendable () -> Date) -> MediaAccessRules.Rule {
        { principal, ownerID, db in
            try await JournalCardService.mayAccessMedia(principal, cardID: ownerID, now: clock(), db: db)
        }
    }
}
