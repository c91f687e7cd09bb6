import Foundation
import HeirloomCore

/// The book laid out on a `PDFCanvas`: a cover, the contents with page numbers, then one chapter per answered
/// question, each starting on a new page, in a serif type large enough to read without glasses.
///
/// Laid out twice: once without drawing, to learn the page each chapter starts on for the contents, then for real.
struct StoryBookDocument: Sendable {
    var book: StoryBook
    var date: Date
    var days: DayText
    /// The chapters' photos, small for print, by media id; a photo missing here is left out.
    var images: [UUID: PrintImage]

    private static let ink = (0.13, 0.12, 0.11)
    private static let muted = (0.42, 0.38, 0.35)

    /// The largest box a photo is printed in: the text's width, at most half the text's height.
    static func photoBox(_ sheet: StoryBook.Sheet) -> (width: Double, height: Double) {
        let (width, height) = sheet.size
        return (width - 2 * sheet.margin, (height - 2 * sheet.margin) * 0.5)
    }

    private var bodyFont: String { book.sheet == .a5 ? "DejaVu Serif 12" : "DejaVu Serif 13" }

    func render(to file: URL) throws {
        let measure = canvas(file: nil)
        let starts = draw(on: measure, chapterPages: [:])
        let canvas = canvas(file: file)
        draw(on: canvas, chapterPages: starts)
        try canvas.finish()
    }

    private func canvas(file: URL?) -> PDFCanvas {
        PDFCanvas(size: book.sheet.size, margin: book.sheet.margin, file: file) { page in
            PDFCanvas.Footer(center: StoryBookLayout.pageLabel(page), font: "DejaVu Serif 9")
        }
    }

    /// Draws the whole book; returns the page each chapter starts on.
    @discardableResult
    private func draw(on canvas: PDFCanvas, chapterPages: [UUID: Int]) -> [UUID: Int] {
        cover(on: canvas)
        canvas.newPage()
        contents(on: canvas, chapterPages: chapterPages)
        var starts: [UUID: Int] = [:]
        for (index, chapter) in book.chapters.enumerated() {
            canvas.newPage()
            starts[chapter.id] = canvas.pageNumber
            self.chapter(chapter, index: index, on: canvas)
        }
        return starts
    }

    private func cover(on canvas: PDFCanvas) {
        let height = canvas.size.height
        canvas.space(height * 0.22)
        canvas.text(
            book.title, font: book.sheet == .a5 ? "DejaVu Serif 26" : "DejaVu Serif 32", centered: true,
            lineSpacing: 1.15)
        canvas.space(22)
        ornament(on: canvas)
        canvas.space(22)
        canvas.text(
            StoryBookLayout.coverLine(name: book.storytellerName, count: book.chapters.count),
            font: "DejaVu Serif Italic 13", color: Self.muted, centered: true)
        canvas.text(
            days.day(date), font: "DejaVu Serif 10", color: Self.muted, at: height - canvas.margin - 60,
            centered: true, advance: false)
    }

    /// A short centred rule with a dot, between the title and the line under it.
    private func ornament(on canvas: PDFCanvas) {
        canvas.text("———  ◆  ———", font: "DejaVu Serif 9", color: (0.62, 0.56, 0.50), centered: true)
    }

    private func contents(on canvas: PDFCanvas, chapterPages: [UUID: Int]) {
        canvas.space(30)
        canvas.text("Contents", font: "DejaVu Serif 20")
        canvas.space(20)
        let numberWidth = 36.0
        for (index, chapter) in book.chapters.enumerated() {
            let title = "\(index + 1).  \(chapter.title)"
            let font = "DejaVu Serif 11.5"
            let width = canvas.width - numberWidth - 12
            // A wrapped title goes on under its own words, not under its number.
            let hanging = canvas.width(of: "\(index + 1).  ", font: font)
            let height = canvas.height(of: title, font: font, width: width)
            canvas.ensure(height + 10)
            let top = canvas.y
            canvas.text(
                chapterPages[chapter.id].map(String.init) ?? "", font: font, color: Self.muted, at: top,
                alignRight: true, advance: false)
            canvas.text(title, font: font, width: width, hanging: hanging)
            canvas.space(10)
        }
    }

    private func chapter(_ chapter: StoryBook.Chapter, index: Int, on canvas: PDFCanvas) {
        canvas.space(canvas.size.height * 0.08)
        canvas.text(
            StoryBookLayout.chapterLabel(index, of: book.chapters.count).uppercased(), font: "DejaVu Sans 8",
            color: Self.muted)
        canvas.space(8)
        canvas.text(
            chapter.title, font: book.sheet == .a5 ? "DejaVu Serif Bold 17" : "DejaVu Serif Bold 20",
            lineSpacing: 1.15)
        if let answered = chapter.answeredAt {
            canvas.space(6)
            canvas.text("Told on \(days.day(answered))", font: "DejaVu Serif Italic 10", color: Self.muted)
        }
        canvas.space(14)
        canvas.text("———", font: "DejaVu Serif 9", color: (0.62, 0.56, 0.50))
        canvas.space(18)

        // The code comes first, as in a book of recorded stories: the reader can listen while reading.
        if let url = chapter.recordingURL { listen(url, on: canvas) }
        if chapter.typedByComputer {
            canvas.text(TranscriptNote.machine, font: "DejaVu Serif Italic 10", color: Self.muted)
            canvas.space(10)
        }
        let paragraphs = StoryBookLayout.paragraphs(chapter.text)
        if paragraphs.isEmpty {
            canvas.text(
                chapter.recordingURL == nil ? StoryBookLayout.emptyLine : StoryBookLayout.untypedLine,
                font: "DejaVu Serif Italic 12", color: Self.muted, lineSpacing: 1.4)
        }
        // Paragraphs as in a printed book: the first flush, the others set in, with no space between.
        for (index, paragraph) in paragraphs.enumerated() {
            canvas.flowingText(paragraph, font: bodyFont, lineSpacing: 1.45, indent: index == 0 ? 0 : 18)
        }
        for photo in chapter.photos {
            guard let image = images[photo.mediaID] else { continue }
            self.photo(image, caption: photo.caption, on: canvas)
        }
    }

    private func photo(_ image: PrintImage, caption: String?, on canvas: PDFCanvas) {
        let box = Self.photoBox(book.sheet)
        let size = PDFCanvas.fitted(image, width: box.width, height: box.height)
        let captionHeight = caption.map { canvas.height(of: $0, font: "DejaVu Serif Italic 10", width: box.width) }
        canvas.space(10)
        canvas.ensure(size.height + (captionHeight ?? 0) + 8)
        canvas.jpeg(image, x: (canvas.width - size.width) / 2, width: size.width, height: size.height)
        canvas.space(size.height + 6)
        if let caption {
            canvas.text(caption, font: "DejaVu Serif Italic 10", color: Self.muted, centered: true)
        }
        canvas.space(8)
    }

    /// The code that plays the recording, with a line saying so and the address written out.
    private func listen(_ url: String, on canvas: PDFCanvas) {
        let side = book.sheet == .a5 ? 78.0 : 90.0
        let textX = side + 14
        canvas.ensure(side + 4)
        let top = canvas.y
        if let modules = try? QRCode.modules(url) { canvas.qrCode(modules, x: 0, side: side) }
        var y = top + side / 2 - 22
        y += canvas.text(
            StoryBookLayout.listenLine(name: book.storytellerName), font: "DejaVu Serif Italic 10.5", x: textX,
            at: y, advance: false)
        y += 4
        canvas.text(url, font: "DejaVu Sans 7", x: textX, maxLines: 3, color: Self.muted, at: y, advance: false)
        canvas.space(side + 16)
    }
}
