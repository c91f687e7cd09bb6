import Foundation
import HeirloomCore
import Testing

@Suite("Journal redaction")
struct JournalRedactionTests {
    let now = Date(timeIntervalSince1970: 1_795_000_000)
    let card = JournalRedaction.Card(
        id: UUID(), drawerID: UUID(), kind: .text, title: nil, text: "The secret is zanzibar", tags: ["hidden"],
        day: JournalDay(year: 2026, month: 11, day: 22), durationSeconds: 12, waveform: [0.5])

    @Test("a card in an open drawer shows everything, titled by its first words")
    func open() {
        let shown = JournalRedaction.show(card, drawerIsLocked: false, unlockedUntil: nil, now: now)
        #expect(shown == .open(card, displayTitle: "The secret is zanzibar", snippet: ""))
    }

    @Test("a locked card shows only its id, drawer, kind and day")
    func redacted() {
        let shown = JournalRedaction.show(card, drawerIsLocked: true, unlockedUntil: nil, now: now)
        #expect(shown == .redacted(id: card.id, drawerID: card.drawerID, kind: .text, day: card.day))
        #expect(shown.isRedacted)
        #expect(JournalRedaction.title == "Private card")
        #expect(JournalRedaction.snippet == "••••••••••")
    }

    @Test("an unlock opens locked drawers until it ends, and not a moment after")
    func unlockWindow() {
        let until = now.addingTimeInterval(JournalRedaction.unlockDuration)
        #expect(JournalRedaction.unlockDuration == 600)
        #expect(!JournalRedaction.show(card, drawerIsLocked: true, unlockedUntil: until, now: now).isRedacted)
        let later = until.addingTimeInterval(0)
        #expect(JournalRedaction.show(card, drawerIsLocked: true, unlockedUntil: until, now: later).isRedacted)
        #expect(JournalRedaction.canRead(drawerIsLocked: false, unlockedUntil: nil, now: later))
    }
}
