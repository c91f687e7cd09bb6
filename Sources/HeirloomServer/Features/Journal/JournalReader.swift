import Foundation
import HeirloomCore

/// Who is reading a journal, and whether their session or token has it unlocked right now.
///
/// Every journal query starts from the reader's own user id, so another member's drawers and cards are
/// simply not found, owners included.
struct JournalReader: Sendable {
    var userID: UUID
    var householdID: UUID
    var tokenID: UUID
    var unlockedUntil: Date?
    var now: Date

    init(userID: UUID, householdID: UUID, tokenID: UUID, unlockedUntil: Date?, now: Date) {
        self.userID = userID
        self.householdID = householdID
        self.tokenID = tokenID
        self.unlockedUntil = unlockedUntil
        self.now = now
    }

    init(_ principal: Principal, now: Date) {
        userID = principal.userID
        householdID = principal.householdID
        tokenID = principal.tokenID
        unlockedUntil = principal.journalUnlockedUntil
        self.now = now
    }

    /// Whether locked drawers are open for this session or token.
    var isUnlocked: Bool { JournalRedaction.isUnlocked(until: unlockedUntil, now: now) }

    /// The end of the unlock while it runs.
    var openUntil: Date? { isUnlocked ? unlockedUntil : nil }

    func canRead(_ drawer: JournalDrawer) -> Bool {
        JournalRedaction.canRead(drawerIsLocked: drawer.isLocked, unlockedUntil: unlockedUntil, now: now)
    }

    /// Throws `journalLocked` unless the drawer's cards may be read and changed.
    func requireOpen(_ drawer: JournalDrawer) throws(AppError) {
        guard canRead(drawer) else { throw .journalLocked }
    }

    /// What may be shown of a card in a drawer.
    func show(_ card: JournalCard, in drawer: JournalDrawer) throws -> JournalRedaction.Shown {
        show(try card.content, in: drawer)
    }

    func show(_ card: JournalRedaction.Card, in drawer: JournalDrawer) -> JournalRedaction.Shown {
        JournalRedaction.show(card, drawerIsLocked: drawer.isLocked, unlockedUntil: unlockedUntil, now: now)
    }
}

extension JournalCard {
    /// The card as the redaction rule sees it; the tags must be loaded.
    var content: JournalRedaction.Card {
        get throws {
            JournalRedaction.Card(
                id: try requireID(),
                drawerID: $drawer.id,
                kind: kind,
                title: title,
                text: body,
                tags: $tags.value.map { $0.map(\.name).sorted() } ?? [],
                day: day,
                durationSeconds: durationSeconds,
                waveform: WaveformBuilder.peaks(fromJSON: waveform)
            )
        }
    }
}
