import Foundation
import HeirloomCore

/// The binder on paper, for the executors: what they may read, numbers masked (whole for a trusted contact after
/// the release), with the checklist to tick by hand.
struct BinderPrint: Sendable {
    struct Entry: Sendable {
        var title: String
        var fields: [(label: String, value: String)]
        var text: String
        var papers: [String]
    }

    var holderName: String
    var readerLine: String
    var hubName: String
    var date: Date
    var days: DayText
    var paper: PDFCanvas.Paper
    var sections: [(title: String, entries: [Entry])]
    var checklist: [String]

    /// The printout of `binder` (only the entries the reader may see are in it).
    init(
        _ binder: BinderReading.Binder, checklist: [String], wholeNumbers: Bool = false, readerLine: String,
        hubName: String, date: Date, paper: PDFCanvas.Paper
    ) {
        holderName = binder.estate.holder?.name ?? hubName
        self.readerLine = readerLine
        self.hubName = hubName
        self.date = date
        days = binder.estate.days
        self.paper = paper
        self.checklist = checklist
        sections = binder.sections.filter { !$0.entries.isEmpty }.map { section in
            (
                section.section.title,
                section.entries.map { shown in
                    let entry = shown.entry
                    return Entry(
                        title: entry.title,
                        fields: entry.binderSection.fields.compactMap { field in
                            entry.fields[field].map {
                                (field.label, field.isMasked && !wholeNumbers ? MaskedNumber.mask($0) : $0)
                            }
                        }, text: entry.text, papers: entry.documents.map(\.media.originalName))
                }
            )
        }
    }

    func render(to file: URL) throws {
        let measure = PDFCanvas(paper: paper, file: nil) { _ in ("", "") }
        draw(on: measure)
        let pages = measure.pageNumber
        let left = "\(hubName) · The estate binder · \(days.day(date))"
        let canvas = PDFCanvas(paper: paper, file: file) { page in (left, "Page \(page) of \(pages)") }
        draw(on: canvas)
        try canvas.finish()
    }

    private func draw(on canvas: PDFCanvas) {
        let muted = (0.44, 0.40, 0.37)
        canvas.text("The estate binder of \(holderName)", font: "DejaVu Serif Bold 22")
        canvas.space(4)
        canvas.text(
            "\(readerLine) Made on \(days.day(date)). Account and policy numbers show only their last four "
                + "characters; the papers themselves are where the binder says.", font: "DejaVu Sans 10", color: muted)
        canvas.space(14)
        if !checklist.isEmpty {
            heading("The first things to do", on: canvas)
            for task in checklist {
                canvas.ensure(20)
                canvas.text("☐  \(task)", font: "DejaVu Sans 11")
                canvas.space(4)
            }
            canvas.space(10)
        }
        if sections.isEmpty {
            canvas.text("Nothing in the binder is for this reader yet.", font: "DejaVu Sans 11")
        }
        for section in sections {
            heading(section.title, on: canvas)
            for entry in section.entries {
                canvas.ensure(60)
                canvas.text(entry.title, font: "DejaVu Sans Bold 12")
                canvas.space(2)
                for field in entry.fields { canvas.text("\(field.label): \(field.value)", font: "DejaVu Sans 10") }
                if !entry.text.isEmpty {
                    canvas.space(2)
                    canvas.text(entry.text, font: "DejaVu Sans 10")
                }
                if !entry.papers.isEmpty {
                    canvas.text(
                        "Papers kept with it: " + entry.papers.joined(separator: ", "), font: "DejaVu Sans 9",
                        color: muted)
                }
                canvas.space(10)
            }
        }
    }

    private func heading(_ text: String, on canvas: PDFCanvas) {
        canvas.ensure(100)
        canvas.text(text, font: "DejaVu Serif Bold 15")
        canvas.space(4)
        canvas.rule()
        canvas.space(8)
    }
}
