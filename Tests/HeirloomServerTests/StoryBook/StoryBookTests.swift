import Fluent
import Foundation
import HeirloomCore
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

/// The printed book of a storyteller's stories, read back as a reader and a phone's camera would: poppler's tools for
/// the words and the page size, zbarimg for the code that plays the recording.
@Suite("The book of stories")
struct StoryBookTests {
    static let recording = "http://127.0.0.1:8080/media/7d1c2b8e-5a4f-4c1e-9b8a-2f6d3e4c5b6a/play"

    /// Three chapters: a long typed-out story with a photo and its recording, a recording not typed out yet, and a
    /// short typed answer.
    static func book(photo: UUID, paper: PaperSize) -> StoryBook {
        let long = (1...14).map { number in
            "Paragraph \(number). We walked to the harbour every Sunday morning, past the bakery and the blue "
                + "chapel, and my father named every boat we saw while the gulls argued over the nets."
        }.joined(separator: "\n\n")
        return StoryBook(
            storytellerName: "Rose Miller", paper: paper,
            chapters: [
                StoryBook.Chapter(
                    id: UUID(), title: "Where did you grow up?", text: "The harpsichord stood by the window.\n" + long,
                    photos: [StoryBook.Photo(mediaID: photo, caption: "The harbour in 1958")],
                    recordingURL: "http://127.0.0.1:8080/media/0f0e0d0c-0b0a-4908-8706-050403020100/play",
                    answeredAt: Date(timeIntervalSince1970: 1_780_000_000)),
                StoryBook.Chapter(
                    id: UUID(), title: "What was your first job?", text: "", recordingURL: recording,
                    answeredAt: Date(timeIntervalSince1970: 1_780_600_000)),
                StoryBook.Chapter(
                    id: UUID(), title: "What advice would you give your younger self?",
                    text: "Be patient with the people you love.", answeredAt: Date(timeIntervalSince1970: 1_781_200_000)
                ),
            ])
    }

    @Test("a three-chapter book: cover, contents with page numbers, the text flowing, a photo and a code that plays")
    func threeChapters() async throws {
        try await withApp { app in
            // given a household with a stored photo
            let owner = try await app.setUpHub()
            _ = try await app.itemWithPhoto(token: owner.token, name: "Harbour")
            let media = try #require(try await MediaObject.query(on: app.db).first())
            let householdID = try #require(UUID(uuidString: owner.householdID))

            for paper in [PaperSize.a4, .letter] {
                // when the book is drawn
                let book = Self.book(photo: try media.requireID(), paper: paper)
                let file = FileManager.default.temporaryDirectory.appendingPathComponent("book-\(UUID()).pdf")
                defer { try? FileManager.default.removeItem(at: file) }
                try await StoryBookService(pipeline: app.hub.media).render(
                    book, photos: StoredBookPhotos(db: app.db, pipeline: app.hub.media, householdID: householdID),
                    date: Date(timeIntervalSince1970: 1_782_000_000), days: DayText(zone: TimeZone(identifier: "UTC")!),
                    to: file)
                if let look = ProcessInfo.processInfo.environment["STORYBOOK_LOOK"] {
                    let copy = URL(fileURLWithPath: "\(look)/book-\(paper).pdf")
                    try? FileManager.default.removeItem(at: copy)
                    try? FileManager.default.copyItem(at: file, to: copy)
                }

                // then the words are there
                let text = try await Self.tool("pdftotext", ["-layout", file.path, "-"])
                // Lines wrap at the page's width: words are compared with single spaces between them.
                let flat = Self.flat(text)
                for words in [
                    "The book of Rose Miller’s stories", "3 stories told by Rose Miller", "Contents",
                    "Where did you grow up?", "What was your first job?", "The harpsichord stood by the window.",
                    "Paragraph 14.", "A recording, not typed out yet.", "Be patient with the people you love.",
                    "The harbour in 1958", "Scan to hear Rose Miller tell it.", "STORY 2 OF 3",
                ] {
                    #expect(flat.contains(words), "\(paper): \(words)")
                }
                // the contents give each chapter's first page: the long first story takes more than one
                let pages = text.components(separatedBy: "\u{0C}")
                let contents = try #require(pages.first { $0.contains("Contents") })
                let start = { (title: String) in
                    pages.firstIndex { Self.flat($0).contains(title) && !$0.contains("Contents") }
                }
                let titles = ["Where did you grow up?", "What was your first job?", "What advice would you give"]
                for (index, title) in titles.enumerated() {
                    let page = try #require(start(title)) + 1
                    let line = try #require(
                        contents.split(separator: "\n").first {
                            $0.trimmingCharacters(in: .whitespaces).hasPrefix("\(index + 1).")
                        })
                    #expect(line.hasSuffix(" \(page)"), "\(paper): \(line) should end with \(page)")
                }
                #expect(
                    try #require(start("What was your first job?")) - #require(start("Where did you grow up?")) >= 2)

                // the page size follows the household's paper
                let info = try await Self.tool("pdfinfo", [file.path])
                #expect(info.contains(paper == .a4 ? "419.53 x 595.28" : "612 x 792"), "\(info)")
                let size = try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int ?? 0
                #expect(size < 1_500_000, "\(paper): \(size) bytes")

                // and the codes decode to the recordings' addresses
                let pngs = FileManager.default.temporaryDirectory.appendingPathComponent("book-\(UUID())")
                defer {
                    for page in 1...pages.count {
                        try? FileManager.default.removeItem(atPath: pngs.path + "-\(String(format: "%02d", page)).png")
                    }
                }
                _ = try await Self.tool("pdftoppm", ["-r", "150", "-gray", "-png", file.path, pngs.path])
                let images = try FileManager.default.contentsOfDirectory(
                    atPath: FileManager.default.temporaryDirectory.path
                ).filter { $0.hasPrefix(pngs.lastPathComponent) }.map {
                    FileManager.default.temporaryDirectory.appendingPathComponent($0).path
                }
                let decoded = try await ExternalTool.run(
                    "zbarimg", ["--quiet", "--raw", "-Sdisable", "-Sqrcode.enable"] + images.sorted())
                let codes = String(decoding: decoded.output, as: UTF8.self).split(separator: "\n")
                #expect(codes.contains { $0 == Self.recording }, "\(paper): \(codes)")
                #expect(codes.count == 2, "\(paper): \(codes)")
            }
        }
    }

    /// The words of `text` with one space between each, wherever its lines broke.
    static func flat(_ text: String) -> String {
        text.split(whereSeparator: { $0.isWhitespace || $0.isNewline }).joined(separator: " ")
    }

    static func tool(_ name: String, _ arguments: [String]) async throws -> String {
        String(decoding: try await ExternalTool.run(name, arguments).output, as: UTF8.self)
    }
}
