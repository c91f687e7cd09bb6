/// The rules for what people write in their journal: drawer names, titles, text and tags.
public enum JournalRules {
    /// The drawers everyone starts with, in order; Private is locked.
    public static let defaultDrawers: [(name: String, isLocked: Bool)] = [
        ("Daily", false), ("Ideas", false), ("Family", false), ("Gratitude", false), ("Private", true),
    ]
    public static let maximumDrawerNameLength = 60
    public static let maximumTitleLength = 200
    public static let maximumTextLength = 100_000
    public static let maximumTagLength = 40
    public static let maximumTagsPerCard = 20
    /// How many characters of text a card's title is made of when none is given.
    static let derivedTitleLength = 60
    static let snippetLength = 160

    /// Trims a drawer name and checks that it is neither empty nor too long.
    public static func drawerName(_ raw: String) throws(FieldError) -> String {
        let name = collapsingWhitespace(raw)
        guard !name.isEmpty else { throw FieldError(field: "name", message: "Please give the drawer a name.") }
        try TextLimit.check(
            name, maximum: maximumDrawerNameLength, field: "name",
            tooLong: "A drawer name can be at most \(maximumDrawerNameLength) characters long.")
        return name
    }

    /// The title as typed, trimmed; nil when blank (the card then shows its first words).
    public static func title(_ raw: String?) throws(FieldError) -> String? {
        let title = collapsingWhitespace(raw ?? "")
        try TextLimit.check(
            title, maximum: maximumTitleLength, field: "title",
            tooLong: "A title can be at most \(maximumTitleLength) characters long.")
        return title.isEmpty ? nil : title
    }

    /// The text of a text card: something must be written, and not a whole book.
    public static func text(_ raw: String) throws(FieldError) -> String {
        let text = raw.trimmingWhitespace()
        guard !text.isEmpty else { throw FieldError(field: "text", message: "Please write something on the card.") }
        try TextLimit.check(
            text, maximum: maximumTextLength, field: "text",
            tooLong: "A card can hold at most \(maximumTextLength) characters.")
        return text
    }

    /// The notes beside a voice card's recording: trimmed, and may be empty.
    public static func notes(_ raw: String?) throws(FieldError) -> String {
        let text = (raw ?? "").trimmingWhitespace()
        try TextLimit.check(
            text, maximum: maximumTextLength, field: "text",
            tooLong: "A card can hold at most \(maximumTextLength) characters.")
        return text
    }

    /// The title a card shows: its own, or its first words, or a plain name when it has no text.
    public static func displayTitle(title: String?, text: String, kind: JournalCardKind) -> String {
        if let title, !title.isEmpty { return title }
        let words = collapsingWhitespace(text, beyond: derivedTitleLength)
        guard !words.isEmpty else { return kind == .voice ? "Voice card" : "Untitled card" }
        return shortened(words, to: derivedTitleLength)
    }

    /// The first lines of a card's text, on one line. When the title is the text's first words, the
    /// snippet carries on where the title stopped, so that the same words are not shown twice.
    public static func snippet(_ text: String, continuing derivedTitle: String? = nil) -> String {
        let words = collapsingWhitespace(text, beyond: (derivedTitle?.count ?? 0) + 1 + snippetLength)
        guard let derivedTitle else { return shortened(words, to: snippetLength) }
        let shown = derivedTitle.hasSuffix("…") ? String(derivedTitle.dropLast()) : derivedTitle
        guard words.hasPrefix(shown) else { return shortened(words, to: snippetLength) }
        let rest = String(words.dropFirst(shown.count)).trimmingWhitespace()
        return rest.isEmpty ? "" : shortened("…" + rest, to: snippetLength)
    }

    /// Tags as a person typed them, one per entry or separated by commas: trimmed, without a leading "#",
    /// lowercased, without repeats, in the order typed.
    public static func tags(_ raw: [String]) throws(FieldError) -> [String] {
        var seen = Set<String>()
        var tags: [String] = []
        for entry in raw {
            for piece in entry.split(separator: ",") {
                var tag = collapsingWhitespace(String(piece)).lowercased()
                while tag.hasPrefix("#") { tag.removeFirst() }
                tag = tag.trimmingWhitespace()
                guard !tag.isEmpty, seen.insert(tag).inserted else { continue }
                try TextLimit.check(
                    tag, maximum: maximumTagLength, field: "tags",
                    tooLong: "A tag can be at most \(maximumTagLength) characters long.")
                tags.append(tag)
            }
        }
        guard tags.count <= maximumTagsPerCard else {
            throw FieldError(field: "tags", message: "A card can have at most \(maximumTagsPerCard) tags.")
        }
        return tags
    }

    /// What search looks through, lowercased: the title, the text and the tags.
    public static func searchText(title: String?, text: String, tags: [String]) -> String {
        ([title ?? "", text] + tags).joined(separator: "\n").lowercased()
    }

    /// A search as typed, lowercased; nil when there is nothing to search for.
    public static func searchQuery(_ raw: String?) -> String? {
        let query = collapsingWhitespace(raw ?? "").lowercased()
        return query.isEmpty ? nil : String(query.prefix(200))
    }

    static func collapsingWhitespace(_ text: String) -> String {
        text.split(whereSeparator: isSpace).joined(separator: " ")
    }

    /// `Character.isWhitespace`, answered at once for ASCII: the general answer looks the character up in
    /// Unicode's tables, which was half the time of a card's snippet (`make bench-api`'s journal page).
    @inline(__always)
    static func isSpace(_ character: Character) -> Bool {
        if let ascii = character.asciiValue { return isASCIISpace(ascii) }
        return character.isWhitespace
    }

    /// Space, tab, line feed, vertical tab, form feed or carriage return: the ASCII that Unicode calls white space.
    @inline(__always)
    private static func isASCIISpace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }

    /// The start of `collapsingWhitespace(text)`: whole words, until it is longer than `limit` characters (or
    /// the text ends). A list of cards shows only their first words, and a card may hold 100,000 characters:
    /// collapsing all of each card's text was a fifth of the journal page's time in `make bench-api`.
    static func collapsingWhitespace(_ text: String, beyond limit: Int) -> String {
        if let ascii = asciiCollapsingWhitespace(text, beyond: limit) { return ascii }
        var collapsed = ""
        var count = 0
        var spaceBefore = false
        for character in text {
            if isSpace(character) {
                // A word has ended: enough of them?
                if count > limit {
                    // A word that begins with a combining mark joins the space before it into one character,
                    // so the count may run ahead of the text's: then the whole text decides.
                    return collapsed.count > limit ? collapsed : collapsingWhitespace(text)
                }
                spaceBefore = count > 0
                continue
            }
            if spaceBefore {
                collapsed.append(" ")
                count += 1
                spaceBefore = false
            }
            collapsed.append(character)
            count += 1
        }
        return collapsed
    }

    /// The same, reading bytes, for text that is ASCII as far as it needs to read (most cards): there each byte
    /// is a character, except "\r\n", which is one character of white space either way. Nil when it meets a byte
    /// that is not ASCII before it knows the answer (an accent, or a combining mark that would join the ASCII
    /// character before it into another character); then the characters decide. Going character by character
    /// was 15 % of the journal page in `make bench-api`, even after `isSpace`.
    private static func asciiCollapsingWhitespace(_ text: String, beyond limit: Int) -> String? {
        var text = text
        return text.withUTF8 { bytes -> String? in
            var collapsed: [UInt8] = []
            collapsed.reserveCapacity(min(bytes.count, limit + 32))
            var spaceBefore = false
            for (index, byte) in bytes.enumerated() {
                guard byte < 0x80 else { return nil }
                guard isASCIISpace(byte) else {
                    if spaceBefore {
                        collapsed.append(0x20)
                        spaceBefore = false
                    }
                    collapsed.append(byte)
                    continue
                }
                if collapsed.count > limit {
                    // A mark after the space would join it: let the characters decide then.
                    guard index + 1 == bytes.count || bytes[index + 1] < 0x80 else { return nil }
                    return String(decoding: collapsed, as: UTF8.self)
                }
                spaceBefore = !collapsed.isEmpty
            }
            return String(decoding: collapsed, as: UTF8.self)
        }
    }

    /// Cuts at a word boundary and adds "…" when the text is longer than `limit`.
    static func shortened(_ text: String, to limit: Int) -> String {
        guard text.count > limit else { return text }
        let cut = text.prefix(limit)
        let atWord = cut.lastIndex(of: " ").map { cut[..<$0] } ?? cut
        return String(atWord).trimmingWhitespace() + "…"
    }
}

/// What a journal card holds: a recording or writing.
public enum JournalCardKind: String, Codable, CaseIterable, Sendable {
    case text
    case voice
}
