import Foundation

/// "The book of Rose’s stories": what the printed book holds, filled by whoever gathers the answers and drawn by the
/// server. A plain value, so the rules of its layout are tested without a PDF.
public struct StoryBook: Sendable, Equatable {
    /// The sheet the book is printed on: A5 (two to an A4 sheet, a book's size) where the household prints on A4,
    /// US Letter where it prints on Letter.
    public enum Sheet: String, Sendable, CaseIterable {
        case a5
        case letter

        public init(paper: PaperSize) {
            self = paper == .letter ? .letter : .a5
        }

        /// The sheet in points.
        public var size: (width: Double, height: Double) {
            switch self {
            case .a5: (419.53, 595.28)
            case .letter: (612, 792)
            }
        }

        /// The margin around the text in points: about 2 cm on A5, 2.5 cm on Letter.
        public var margin: Double {
            switch self {
            case .a5: 54
            case .letter: 72
            }
        }
    }

    /// A photo of a chapter: the stored media's id, which the server turns into a small JPEG.
    public struct Photo: Sendable, Hashable {
        public var mediaID: UUID
        public var caption: String?

        public init(mediaID: UUID, caption: String? = nil) {
            self.mediaID = mediaID
            self.caption = caption
        }
    }

    /// One answered question.
    public struct Chapter: Sendable, Equatable, Identifiable {
        public var id: UUID
        /// The question, which is the chapter's title.
        public var title: String
        /// The corrected transcript or the typed answer; empty while a recording is not typed out.
        public var text: String
        public var photos: [Photo]
        /// Where the recording plays (the hub's address of it, or its path inside an export); nil for a typed answer.
        public var recordingURL: String?
        public var answeredAt: Date?
        /// The text is the speech engine's, not yet corrected by a person: the book says so under it.
        public var typedByComputer: Bool

        public init(
            id: UUID, title: String, text: String, photos: [Photo] = [], recordingURL: String? = nil,
            answeredAt: Date? = nil, typedByComputer: Bool = false
        ) {
            self.id = id
            self.title = title
            self.text = text
            self.photos = photos
            self.recordingURL = recordingURL
            self.answeredAt = answeredAt
            self.typedByComputer = typedByComputer
        }
    }

    public var storytellerName: String
    public var paper: PaperSize
    public var chapters: [Chapter]

    public init(storytellerName: String, paper: PaperSize, chapters: [Chapter]) {
        self.storytellerName = storytellerName
        self.paper = paper
        self.chapters = chapters
    }

    public var sheet: Sheet { Sheet(paper: paper) }

    /// "The book of Rose’s stories"; "The book of James’ stories" for a name ending in s.
    public var title: String { Self.title(for: storytellerName) }

    public static func title(for name: String) -> String {
        let name = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty else { return "The book of stories" }
        let possessive = name.lowercased().hasSuffix("s") ? "\(name)’" : "\(name)’s"
        return "The book of \(possessive) stories"
    }

    /// A file name for the PDF: "the-book-of-roses-stories.pdf".
    public var fileName: String {
        let words = title.lowercased().filter { $0.isLetter || $0.isNumber || $0 == " " }
            .split(separator: " ")
        return words.joined(separator: "-") + ".pdf"
    }
}

/// The rules of the book's layout that need no PDF.
public enum StoryBookLayout {
    /// What a chapter shows when the storyteller spoke and nobody has typed it out yet.
    public static let untypedLine = "A recording, not typed out yet. Scan the code above to hear it told."

    /// What a chapter without recording or text shows.
    public static let emptyLine = "Nothing was written down for this question yet."

    /// The line under the code that plays the recording.
    public static func listenLine(name: String) -> String {
        let name = name.trimmingCharacters(in: .whitespacesAndNewlines)
        return name.isEmpty ? "Scan to hear it told." : "Scan to hear \(name) tell it."
    }

    /// The number at the foot of a page: none on the cover, the number elsewhere.
    public static func pageLabel(_ page: Int) -> String {
        page <= 1 ? "" : String(page)
    }

    /// "Story 3 of 12", above a chapter's title.
    public static func chapterLabel(_ index: Int, of count: Int) -> String {
        "Story \(index + 1) of \(count)"
    }

    /// The cover's line under the title: "12 stories told by Rose Miller" / "1 story told by Rose Miller".
    public static func coverLine(name: String, count: Int) -> String {
        "\(count) \(count == 1 ? "story" : "stories") told by \(name)"
    }

    /// The photos a chapter shows: at most two, each once, the item's first (in their order), then the photos of the
    /// photo memory asked about and of the memory the answer became.
    public static func photos(item: [UUID], memories: [UUID]) -> [StoryBook.Photo] {
        var seen = Set<UUID>()
        return (item.prefix(2) + memories).filter { seen.insert($0).inserted }.prefix(2).map {
            StoryBook.Photo(mediaID: $0)
        }
    }

    /// A chapter's text as paragraphs: split at line breaks, trimmed, empty lines dropped.
    public static func paragraphs(_ text: String) -> [String] {
        text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
    }

    /// Why a `?chapters=` list is refused.
    public enum SelectionError: Error, Equatable, CustomStringConvertible {
        case notAnID(String)
        case unknown(UUID)
        case repeated(UUID)
        case empty

        public var description: String {
            switch self {
            case .notAnID(let text): "“\(text)” is not a chapter id."
            case .unknown(let id): "There is no answered question \(id.uuidString.lowercased()) for this storyteller."
            case .repeated(let id): "The chapter \(id.uuidString.lowercased()) is listed twice."
            case .empty: "There are no answered questions to put in the book yet."
            }
        }
    }

    /// The chapters of a book: every answered chapter in the order it was answered when `query` is nil or blank,
    /// or exactly the listed ids in the listed order ("id,id,…"). An id that is not a chapter, or one listed twice,
    /// refuses the whole list.
    public static func select(_ query: String?, from chapters: [StoryBook.Chapter]) -> Result<
        [StoryBook.Chapter], SelectionError
    > {
        let query = query?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        guard !query.isEmpty else {
            guard !chapters.isEmpty else { return .failure(.empty) }
            let ordered = chapters.enumerated().sorted { left, right in
                switch (left.element.answeredAt, right.element.answeredAt) {
                case (let a?, let b?) where a != b: a < b
                case (nil, _?): false
                case (_?, nil): true
                default: left.offset < right.offset
                }
            }
            return .success(ordered.map(\.element))
        }
        let byID = Dictionary(chapters.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var chosen: [StoryBook.Chapter] = []
        var seen = Set<UUID>()
        for part in query.split(separator: ",") {
            let text = part.trimmingCharacters(in: .whitespaces)
            guard let id = UUID(uuidString: text) else { return .failure(.notAnID(text)) }
            guard let chapter = byID[id] else { return .failure(.unknown(id)) }
            guard seen.insert(id).inserted else { return .failure(.repeated(id)) }
            chosen.append(chapter)
        }
        return chosen.isEmpty ? .failure(.empty) : .success(chosen)
    }
}
