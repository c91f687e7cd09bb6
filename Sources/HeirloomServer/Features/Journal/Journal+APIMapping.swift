import Foundation
import HeirloomAPI
import HeirloomCore

extension Components.Schemas.JournalDrawer {
    init(_ listed: JournalDrawerService.Listed) throws {
        let drawer = listed.drawer
        self.init(
            id: try drawer.requireID().text,
            name: drawer.name,
            isLocked: drawer.isLocked,
            sortOrder: drawer.sortOrder,
            cardCount: listed.cardCount
        )
    }
}

extension Components.Schemas.JournalCard {
    /// A card as the redaction rule allows it to be shown; a redacted card carries nothing of its content.
    init(_ shown: JournalRedaction.Shown) {
        switch shown {
        case .redacted(let id, let drawerID, let kind, let day):
            self.init(
                id: id.text,
                drawerId: drawerID.text,
                kind: .init(kind),
                createdAt: day.description,
                redacted: true,
                title: JournalRedaction.title,
                snippet: JournalRedaction.snippet
            )
        case .open(let card, let title, let snippet):
            self.init(
                id: card.id.text,
                drawerId: card.drawerID.text,
                kind: .init(card.kind),
                createdAt: card.day.description,
                redacted: false,
                title: title,
                snippet: snippet,
                text: card.text,
                tags: card.tags,
                durationSeconds: card.durationSeconds,
                waveform: card.waveform
            )
        }
    }
}

extension Components.Schemas.JournalCardKind {
    init(_ kind: JournalCardKind) {
        switch kind {
        case .text: self = .text
        case .voice: self = .voice
        }
    }
}

extension Components.Schemas.JournalCardList {
    /// The cards, and their groups by week or month when asked for.
    init(_ cards: [JournalRedaction.Shown], grouping: JournalGrouping) {
        let groups = grouping.split(cards, day: \.day).map { group, members in
            Components.Schemas.JournalCardGroup(
                key: group.key,
                label: group.label,
                from: group.from.description,
                to: group.to.description,
                cardIds: members.map(\.id.text)
            )
        }
        self.init(cards: cards.map(Components.Schemas.JournalCard.init), groups: grouping == .none ? nil : groups)
    }
}

extension JournalRedaction.Shown {
    var id: UUID {
        switch self {
        case .open(let card, _, _): card.id
        case .redacted(let id, _, _, _): id
        }
    }

    var day: JournalDay {
        switch self {
        case .open(let card, _, _): card.day
        case .redacted(_, _, _, let day): day
        }
    }

    var drawerID: UUID {
        switch self {
        case .open(let card, _, _): card.drawerID
        case .redacted(_, let drawerID, _, _): drawerID
        }
    }
}
