import Foundation

/// Decides what a journal card shows: everything, or only that it exists.
///
/// A card in a locked drawer shows its content only while the reader's session or token is unlocked.
/// Redaction happens here, before any page or JSON is made, so no view can show what it never received.
public enum JournalRedaction {
    /// The title every locked card shows.
    public static let title = "Private card"
    /// The snippet every locked card shows.
    public static let snippet = "••••••••••"
    /// How long an unlock lasts.
    public static let unlockDuration: TimeInterval = 10 * 60

    /// A card as stored, before the decision.
    public struct Card: Equatable, Sendable {
        public var id: UUID
        public var drawerID: UUID
        public var kind: JournalCardKind
        public var title: String?
        public var text: String
        public var tags: [String]
        public var day: JournalDay
        public var durationSeconds: Double?
        public var waveform: [Double]?

        public init(
            id: UUID, drawerID: UUID, kind: JournalCardKind, title: String?, text: String, tags: [String],
            day: JournalDay, durationSeconds: Double? = nil, waveform: [Double]? = nil
        ) {
            self.id = id
            self.drawerID = drawerID
            self.kind = kind
            self.title = title
            self.text = text
            self.tags = tags
            self.day = day
            self.durationSeconds = durationSeconds
            self.waveform = waveform
        }
    }

    /// What may be shown of a card.
    public enum Shown: Equatable, Sendable {
        /// The whole card, with the title it shows and its snippet.
        case open(Card, displayTitle: String, snippet: String)
        /// Only that a card of this kind exists in this drawer, and its day.
        case redacted(id: UUID, drawerID: UUID, kind: JournalCardKind, day: JournalDay)

        public var isRedacted: Bool {
            if case .redacted = self { return true }
            return false
        }
    }

    /// Whether the reader's unlock is still running at `now`.
    public static func isUnlocked(until: Date?, now: Date) -> Bool {
        guard let until else { return false }
        return now < until
    }

    /// Whether a drawer's contents may be read now.
    public static func canRead(drawerIsLocked: Bool, unlockedUntil: Date?, now: Date) -> Bool {
        !drawerIsLocked || isUnlocked(until: unlockedUntil, now: now)
    }

    /// The card as the reader may see it.
    public static func show(_ card: Card, drawerIsLocked: Bool, unlockedUntil: Date?, now: Date) -> Shown {
        guard canRead(drawerIsLocked: drawerIsLocked, unlockedUntil: unlockedUntil, now: now) else {
            return .redacted(id: card.id, drawerID: card.drawerID, kind: card.kind, day: card.day)
        }
        let title = JournalRules.displayTitle(title: card.title, text: card.text, kind: card.kind)
        let snippet = JournalRules.snippet(card.text, continuing: card.title == nil ? title : nil)
        return .open(card, displayTitle: title, snippet: snippet)
    }
}
