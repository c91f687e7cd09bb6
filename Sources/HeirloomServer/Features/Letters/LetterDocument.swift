import Foundation
import HeirloomCore

/// A delivered letter as its reader keeps it on paper: who wrote it, when it arrived, its subject and its words.
struct LetterDocument: Sendable {
    var from: String
    var to: String
    var subject: String
    var text: String
    var deliveredOn: String
    var paper: PDFCanvas.Paper

    init(_ reading: LetterReading, paper: PDFCanvas.Paper, days: DayText) {
        from = reading.letter.writerName
        to = reading.reader.name
        subject = reading.letter.subject
        text = reading.letter.text
        deliveredOn = days.day(reading.letter.deliveredAt)
        self.paper = paper
    }

    /// The most characters set as one block: a block never breaks across pages, so long paragraphs are cut.
    static let blockLength = 700

    /// Draws the letter into `file`, each page's footer naming it.
    func render(to file: URL) throws {
        let footer = "A letter from \(from) to \(to)"
        try PDFCanvas.render(paper: paper, to: file, footer: { (footer, "Page \($0) of \($1)") }, draw: draw(on:))
    }

    private func draw(on canvas: PDFCanvas) {
        canvas.text(subject, font: "DejaVu Serif Bold 20")
        canvas.space(6)
        canvas.text("From \(from), for \(to). Delivered on \(deliveredOn).", color: (0.44, 0.40, 0.37))
        canvas.space(10)
        canvas.rule()
        canvas.space(14)
        let font = "DejaVu Serif 12"
        for block in Self.blocks(text) {
            if block.isEmpty {
                canvas.space(10)
                continue
            }
            canvas.ensure(canvas.height(of: block, font: font, width: canvas.width))
            canvas.text(block, font: font)
        }
    }

    /// The text's lines, each long one cut at spaces into blocks of at most `blockLength` characters.
    static func blocks(_ text: String) -> [String] {
        text.components(separatedBy: "\n").flatMap { line -> [String] in
            guard line.count > blockLength else { return [line] }
            var blocks: [String] = []
            var current = ""
            for word in line.split(separator: " ", omittingEmptySubsequences: false) {
                if !current.isEmpty, current.count + word.count + 1 > blockLength {
                    blocks.append(current)
                    current = ""
                }
                current += current.isEmpty ? String(word) : " " + word
                while current.count > blockLength {
                    blocks.append(String(current.prefix(blockLength)))
                    current = String(current.dropFirst(blockLength))
                }
            }
            if !current.isEmpty { blocks.append(current) }
            return blocks
        }
    }
}
