import Foundation
import HeirloomCore
import SnapshotTesting
import Testing

@testable import HeirloomServer

/// The journal's pages, rendered whole from fixture models built the way the controllers build them (the
/// redaction rule and the reader). `journal/index` and `journal/drawer` also cover the `journal/lockbar` and
/// `journal/cards` partials; `journal/card` covers `journal/lockbar` too.
@Suite("Journal pages, as snapshots")
struct JournalPageSnapshots {
    static let everyday = JournalDrawer(
        id: PageFixtures.id(100), userID: PageFixtures.userID, name: "Everyday", isLocked: false, sortOrder: 0)
    static let locked = JournalDrawer(
        id: PageFixtures.id(101), userID: PageFixtures.userID, name: "For my eyes only", isLocked: true, sortOrder: 1)
    static let drawers = [everyday.id!: everyday, locked.id!: locked]

    /// Margaret's reader: locked drawers closed, or open until a fixed time.
    static func reader(unlocked: Bool) -> JournalReader {
        JournalReader(
            userID: PageFixtures.userID, householdID: PageFixtures.householdID, tokenID: PageFixtures.tokenID,
            unlockedUntil: unlocked ? PageFixtures.day.addingTimeInterval(600) : nil, now: PageFixtures.day)
    }

    /// The lock bar; its time is set by hand, as the reader writes it in the machine's time zone.
    static func lock(unlocked: Bool, next: String) -> JournalPages.LockBar {
        var lock = JournalPages.LockBar(reader(unlocked: unlocked), next: next, days: PageFixtures.days)
        if unlocked { lock.until = "12:10 PM" }
        return lock
    }

    static let clockCard = JournalRedaction.Card(
        id: PageFixtures.id(110), drawerID: PageFixtures.id(100), kind: .text, title: "The clock stopped",
        text: "Grandfather’s clock stopped at ten past three today. Thomas says he will look at the pendulum.",
        tags: ["clock", "family"], day: JournalDay(year: 2026, month: 11, day: 22))
    static let quiltCard = JournalRedaction.Card(
        id: PageFixtures.id(111), drawerID: PageFixtures.id(100), kind: .voice, title: "Ada's quilt",
        text: "", tags: [], day: JournalDay(year: 2026, month: 11, day: 3), durationSeconds: 95,
        waveform: [0.2, 0.5, 0.9, 0.4])
    static let secretCard = JournalRedaction.Card(
        id: PageFixtures.id(112), drawerID: PageFixtures.id(101), kind: .text, title: "About the ring",
        text: "I have not decided between Emily and Tom.", tags: ["ring"],
        day: JournalDay(year: 2026, month: 10, day: 30))

    static func shown(_ cards: [JournalRedaction.Card], reader: JournalReader) -> [JournalRedaction.Shown] {
        cards.map { reader.show($0, in: $0.drawerID == locked.id ? locked : everyday) }
    }

    static func tiles(reader: JournalReader) throws -> [JournalPages.DrawerTile] {
        try [
            .init(.init(drawer: everyday, cardCount: 2), reader: reader),
            .init(.init(drawer: locked, cardCount: reader.isUnlocked ? 1 : nil), reader: reader),
        ]
    }

    @Test("Journal: the drawers, then the cards by week, the locked one redacted")
    func journalIndex() async throws {
        let reader = Self.reader(unlocked: false)
        let cards = Self.shown([Self.clockCard, Self.quiltCard, Self.secretCard], reader: reader)
        let model = JournalPages.Index(
            lock: Self.lock(unlocked: false, next: SiteURL.journal.path), drawers: try Self.tiles(reader: reader),
            views: JournalWebController.views.map {
                .init(key: $0.key, label: $0.label, href: "/journal?view=\($0.key)", current: $0.key == "cabinet")
            },
            view: "cabinet", groups: JournalPages.CardGroup.make(cards, by: .week, drawers: Self.drawers), query: "",
            tag: "",
            tags: [
                .init(name: "clock", href: "/journal?view=cabinet&tag=clock", current: false),
                .init(name: "family", href: "/journal?view=cabinet&tag=family", current: false),
            ], hasTags: true, isFiltered: false, hasCards: true, cardsBehindLocks: 0,
            moreHref: "/journal?view=cabinet&shown=60")
        let html = try await PageFixtures.html(.journalIndex, title: "Journal", nav: .journal, model)
        assertSnapshot(of: html, as: .lines)
    }

    @Test("Your drawers: an open and a locked one, with the name refused for a new one")
    func journalDrawers() async throws {
        let reader = Self.reader(unlocked: true)
        let model = JournalWebController.DrawersPage(
            lock: Self.lock(unlocked: true, next: SiteURL.journalDrawers.path), drawers: try Self.tiles(reader: reader),
            newName: "Everyday", error: "You already have a drawer called Everyday.", errorDrawer: nil)
        let html = try await PageFixtures.html(.journalDrawers, title: "Your drawers", nav: .journal, model)
        assertSnapshot(of: html, as: .lines)
    }

    @Test("A locked drawer while the journal is unlocked: its card, open")
    func journalDrawer() async throws {
        let reader = Self.reader(unlocked: true)
        let model = JournalPages.Drawer(
            lock: Self.lock(unlocked: true, next: SiteURL.journalDrawer(.value(PageFixtures.id(101))).path),
            drawer: try .init(.init(drawer: Self.locked, cardCount: 1), reader: reader),
            groups: JournalPages.CardGroup.make(
                Self.shown([Self.secretCard], reader: reader), by: .none, drawers: Self.drawers),
            hasCards: true)
        let html = try await PageFixtures.html(.journalDrawer, title: "For my eyes only", nav: .journal, model)
        assertSnapshot(of: html, as: .lines)
    }

    @Test("Delete a drawer: where its cards go")
    func journalDrawerDelete() async throws {
        let reader = Self.reader(unlocked: true)
        let model = JournalWebController.DrawerDeletePage(
            drawer: try .init(.init(drawer: Self.everyday, cardCount: 2), reader: reader), holdsCards: true,
            cardText: "2 cards",
            targets: [.init(id: PageFixtures.id(101).text, name: "For my eyes only", selected: true)], hasTargets: true,
            error: nil)
        let html = try await PageFixtures.html(.journalDrawerDelete, title: "Delete a drawer", nav: .journal, model)
        assertSnapshot(of: html, as: .lines)
    }

    @Test("A text card, open")
    func journalCard() async throws {
        let reader = Self.reader(unlocked: false)
        let shown = reader.show(Self.clockCard, in: Self.everyday)
        let model = JournalPages.Card(
            lock: Self.lock(unlocked: false, next: SiteURL.journalCard(.value(PageFixtures.id(110))).path),
            card: .init(shown, drawers: Self.drawers), text: Self.clockCard.text,
            drawerID: PageFixtures.id(100).text, recording: nil)
        let html = try await PageFixtures.html(.journalCard, title: "The clock stopped", nav: .journal, model)
        assertSnapshot(of: html, as: .lines)
    }

    @Test("A voice card, with its recording")
    func journalVoiceCard() async throws {
        let reader = Self.reader(unlocked: false)
        let shown = reader.show(Self.quiltCard, in: Self.everyday)
        let model = JournalPages.Card(
            lock: Self.lock(unlocked: false, next: SiteURL.journalCard(.value(PageFixtures.id(111))).path),
            card: .init(shown, drawers: Self.drawers), text: "", drawerID: PageFixtures.id(100).text,
            recording: .init(Self.quiltCard))
        let html = try await PageFixtures.html(.journalCard, title: "Ada's quilt", nav: .journal, model)
        assertSnapshot(of: html, as: .lines)
    }

    @Test("Write a card: the drawers it may go in, the tags, and a title that was too long")
    func journalCardForm() async throws {
        let model = JournalWebController.CardFormPage(
            lock: Self.lock(unlocked: false, next: SiteURL.journalCardNew.path), isNew: true,
            action: SiteURL.journalCards.path, cancelHref: SiteURL.journal.path,
            form: ["title": "The clock", "text": "Thomas came round to wind it.", "day": "2026-11-22", "newTags": ""],
            drawers: [.init(id: PageFixtures.id(100).text, name: "Everyday", selected: true)],
            hidesLockedDrawers: true, cardTags: ["clock"], hasCardTags: true, knownTags: ["clock", "family", "ring"],
            errors: ["title": "A title can be at most 200 characters."],
            voiceForm: ["title": "", "day": "", "newTags": ""],
            voiceErrors: [:])
        let html = try await PageFixtures.html(.journalCardForm, title: "Write a card", nav: .journal, model)
        assertSnapshot(of: html, as: .lines)
    }

    @Test("Unlock your journal: the password was wrong")
    func journalUnlock() async throws {
        let model = JournalWebController.UnlockPage(
            next: SiteURL.journalDrawer(.value(PageFixtures.id(101))).path,
            error: "That password is not right.", hasPassword: true)
        let html = try await PageFixtures.html(.journalUnlock, title: "Unlock your journal", nav: .journal, model)
        assertSnapshot(of: html, as: .lines)
    }
}
