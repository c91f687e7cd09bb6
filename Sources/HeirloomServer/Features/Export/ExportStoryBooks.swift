import Foundation
import HeirloomCore

/// The book of each storyteller's stories as the household export holds it, `story-book-<id>.pdf` beside index.html
/// (docs/export-format.md): every answered question in the order answered, with the words and photos the export
/// keeps, and QR codes that hold where each recording is in the archive rather than its address on the hub, so that
/// the book still leads to the voice once the hub is gone. Made from the snapshot alone: it holds nothing the
/// records do not (no journal, no sealed letter).
enum ExportStoryBooks {
    struct Book: Sendable {
        /// Where the PDF is in the archive.
        var path: String
        var book: StoryBook
    }

    /// At the top of the archive, so that a code's path reads the same from the book as from the archive.
    static func path(of storytellerID: UUID) -> String {
        "story-book-\(storytellerID.uuidString.lowercased()).pdf"
    }

    /// One book for each storyteller who answered a question, in storytellers.json's order.
    static func books(_ snapshot: ExportSnapshot) -> [Book] {
        let page = ExportViewer.Page(snapshot)
        let household = snapshot.household
        let paper = household.paperSize.flatMap(PaperSize.init(rawValue:)) ?? .forCurrency(household.defaultCurrency)
        return snapshot.storytellers.storytellers.compactMap { storyteller in
            let chapters = storyteller.questions.filter { $0.answeredAt != nil }.map { chapter($0, page) }
            // In the order answered, as the hub's book is made when no chapters are chosen.
            guard case .success(let ordered) = StoryBookLayout.select(nil, from: chapters) else { return nil }
            return Book(
                path: path(of: storyteller.id),
                book: StoryBook(storytellerName: storyteller.name, paper: paper, chapters: ordered))
        }
    }

    /// An answered question as the export keeps it: the corrected transcript (or the typed answer), the photos of
    /// what it is about, and the recording's place in the archive.
    private static func chapter(_ question: ExportRecord.Storytellers.Question, _ page: ExportViewer.Page)
        -> StoryBook.Chapter
    {
        let recording = question.answerMediaId.flatMap { page.media[$0] }
        let itemPhotos =
            question.itemId.flatMap { page.items[$0] }?.photos.sorted { $0.position < $1.position }.map(\.mediaId)
            ?? []
        let memoryPhotos = [question.photoMemoryId, question.answerMemoryId].compactMap {
            $0.flatMap { page.memories[$0] }
        }
        .flatMap { $0.files.sorted { $0.position < $1.position } }.map(\.mediaId)
        .filter { page.media[$0]?.width != nil }
        return StoryBook.Chapter(
            id: question.id, title: question.text,
            text: recording?.transcript?.shownText ?? question.answerText ?? "",
            photos: StoryBookLayout.photos(item: itemPhotos, memories: memoryPhotos),
            recordingURL: recording.map(page.place), answeredAt: question.answeredAt,
            typedByComputer: recording?.transcript?.isByComputer ?? false)
    }
}

extension HouseholdExport {
    /// The storytellers' books as entries of the archive, drawn into memory (a few megabytes each, photos and all),
    /// the photos read from the household's media as the hub's book reads them.
    func storyBookEntries(_ snapshot: ExportSnapshot) async throws -> [ExportArchive.Entry] {
        let days = DayText(zone: snapshot.household.timeZone.flatMap(TimeZone.init(identifier:)) ?? .current)
        let photos = StoredBookPhotos(db: db, pipeline: pipeline, householdID: snapshot.household.id)
        var entries: [ExportArchive.Entry] = []
        for book in ExportStoryBooks.books(snapshot) {
            let file = pipeline.store.temporaryFile(".pdf")
            defer { try? FileManager.default.removeItem(at: file) }
            try await StoryBookService(pipeline: pipeline).render(
                book.book, photos: photos, date: now, days: days, to: file)
            entries.append(.data(book.path, try Data(contentsOf: file)))
        }
        return entries
    }
}

extension ExportViewer.Page {
    /// Where a recording plays in the unpacked archive: its player on index.html when that page shows it (an item's
    /// story, a memory's recording), else its file.
    func place(of recording: ExportRecord.Media) -> String {
        players.contains(recording.id) ? "index.html#\(ExportViewer.anchor(of: recording))" : recording.path
    }
}

extension ExportViewer {
    /// A storyteller's book in index.html's list: its title, linked to the PDF, and what it holds.
    static func bookLink(_ book: ExportStoryBooks.Book) -> String {
        let line = StoryBookLayout.coverLine(name: book.book.storytellerName, count: book.book.chapters.count)
        return "<article class=\"card\">\n<h3><a href=\"\(escape(book.path))\">\(escape(book.book.title))</a></h3>\n"
            + "<p class=\"muted\">\(escape(line)). A PDF to print; its codes lead to the recordings on this page."
            + "</p>\n</article>\n"
    }

    /// The id of a recording's or film's player on the archive's pages.
    static func anchor(of recording: ExportRecord.Media) -> String {
        "recording-\(recording.id.uuidString.lowercased())"
    }
}
