import Foundation
import HeirloomCore

/// The models of the journal's pages. Every card in them has passed the redaction rule first.
enum JournalPages {
    /// Whether locked drawers are open, shown at the top of every journal page.
    struct LockBar: Encodable {
        var isUnlocked: Bool
        var until: String
        var next: String

        init(_ reader: JournalReader, next: String, days: DayText) {
            isUnlocked = reader.isUnlocked
            until = reader.openUntil.map(days.time) ?? ""
            self.next = next
        }
    }

    /// A drawer front in the catalogue.
    struct DrawerTile: Encodable {
        var id: String
        var name: String
        var isLocked: Bool
        var isOpen: Bool
        var countText: String

        init(_ listed: JournalDrawerService.Listed, reader: JournalReader) throws {
            id = try listed.drawer.requireID().text
            name = listed.drawer.name
            isLocked = listed.drawer.isLocked
            isOpen = reader.canRead(listed.drawer)
            countText =
                switch listed.cardCount {
                case nil: "Locked"
                case 0: "Empty"
                case 1: "1 card"
                case let count?: "\(count) cards"
                }
        }
    }

    /// A card in a list: open, or redacted to "Private card".
    struct CardRow: Encodable {
        var id: String
        var redacted: Bool
        var kind: String
        var title: String
        var snippet: String
        var day: String
        var drawerName: String
        /// An open card in a locked drawer: shown in the locked colour.
        var isPrivate: Bool
        var tags: [String]
        var hasTags = false

        init(_ shown: JournalRedaction.Shown, drawers: [UUID: JournalDrawer]) {
            id = shown.id.text
            day = shown.day.inWords
            drawerName = drawers[shown.drawerID]?.name ?? ""
            isPrivate = drawers[shown.drawerID]?.isLocked ?? false
            switch shown {
            case .redacted(_, _, let kind, _):
                redacted = true
                self.kind = kind.rawValue
                title = JournalRedaction.title
                snippet = JournalRedaction.snippet
                tags = []
            case .open(let card, let title, let snippet):
                redacted = false
                kind = card.kind.rawValue
                self.title = title
                self.snippet = snippet
                tags = card.tags
            }
            hasTags = !tags.isEmpty
        }
    }

    /// Cards under a heading: a week in the cabinet, a month on the bookshelf, or one stack.
    struct CardGroup: Encodable {
        var label: String
        var cards: [CardRow]

        static func make(
            _ cards: [JournalRedaction.Shown], by grouping: JournalGrouping, drawers: [UUID: JournalDrawer]
        )
            -> [CardGroup]
        {
            grouping.split(cards, day: \.day).map { group, members in
                CardGroup(
                    label: grouping == .none ? "" : group.label,
                    cards: members.map { CardRow($0, drawers: drawers) })
            }
        }
    }

    /// A tag that filters the cards.
    struct TagLink: Encodable {
        var name: String
        var href: String
        var current: Bool
    }

    /// A way of looking at the cards.
    struct ViewTab: Encodable {
        var key: String
        var label: String
        var href: String
        var current: Bool
    }

    /// /journal: the catalogue of drawers and the cards of the open drawers.
    struct Index: Encodable {
        var lock: LockBar
        var drawers: [DrawerTile]
        var views: [ViewTab]
        var view: String
        var groups: [CardGroup]
        var query: String
        var tag: String
        var tags: [TagLink]
        var hasTags: Bool
        var isFiltered: Bool
        var hasCards: Bool
        /// Cards in locked drawers that are closed now (a count only).
        var cardsBehindLocks: Int
        /// The address that shows older cards too, when there are more.
        var moreHref: String?
    }

    /// One drawer and its cards (redacted while it is locked).
    struct Drawer: Encodable {
        var lock: LockBar
        var drawer: DrawerTile
        var groups: [CardGroup]
        var hasCards: Bool
    }

    /// A card, open.
    struct Card: Encodable {
        var lock: LockBar
        var card: CardRow
        var text: String
        var drawerID: String
        /// A voice card's recording; nil for a text card.
        var recording: Recording?
        /// Its typed copy (issue 33), only ever for an open card.
        var transcript: TranscriptPages.Block? = nil
    }

    /// A voice card's recording as its page plays it.
    struct Recording: Encodable {
        var url: String
        var duration: String
        var waveform: [Double]

        init(_ card: JournalRedaction.Card) {
            url = SiteURL.apiJournalCardAudio(.value(card.id)).path
            duration = ItemPages.duration(card.durationSeconds)
            waveform = card.waveform ?? []
        }
    }

    /// An option in a drawer choice.
    struct DrawerOption: Encodable {
        var id: String
        var name: String
        var selected: Bool
    }
}
