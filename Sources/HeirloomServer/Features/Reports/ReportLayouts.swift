import Foundation
import HeirloomCore

/// The three printed reports, laid out on a `PDFCanvas`.
struct ReportDocument: Sendable {
    enum Kind: Sendable {
        case estate
        case insurance
        /// One beneficiary's items and messages.
        case packet(name: String, relationship: String?)
    }

    var kind: Kind
    var hubName: String
    var date: Date
    /// How days read: on the household's calendar.
    var days: DayText
    var paper: PDFCanvas.Paper
    var entries: [ReportService.Entry]

    var title: String {
        switch kind {
        case .estate: "Estate inventory"
        case .insurance: "Insurance inventory"
        case .packet(let name, _): "For \(name)"
        }
    }

    /// Draws the report into `file`: laid out once to count the pages, then drawn.
    func render(to file: URL) throws {
        let footerLeft = "\(hubName) · \(title) · \(days.day(date))"
        try PDFCanvas.render(paper: paper, to: file, footer: { (footerLeft, "Page \($0) of \($1)") }, draw: draw(on:))
    }

    private func draw(on canvas: PDFCanvas) {
        canvas.text(title, font: "DejaVu Serif Bold 22")
        canvas.space(4)
        canvas.text(subtitle, font: "DejaVu Sans 10", color: (0.44, 0.40, 0.37))
        canvas.space(14)
        if entries.isEmpty {
            canvas.text("There are no items in this report yet.", font: "DejaVu Sans 11")
            return
        }
        switch kind {
        case .estate:
            for (category, items) in grouped {
                heading(category, on: canvas)
                for entry in items { block(entry, on: canvas) }
                canvas.text(
                    "\(category): \(items.count) \(items.count == 1 ? "item" : "items"), "
                        + ReportService.totals(items.map(\.estimatedTotal)),
                    font: "DejaVu Sans Bold 10")
                canvas.space(14)
            }
            summary(on: canvas)
        case .insurance:
            for (category, items) in grouped {
                heading(category, on: canvas)
                for entry in items { block(entry, on: canvas) }
                canvas.space(8)
            }
            canvas.ensure(60)
            heading("Totals", on: canvas)
            canvas.text("Estimated value: " + ReportService.totals(entries.map(\.estimatedTotal)))
            canvas.text("Purchase value: " + ReportService.totals(entries.map(\.purchaseTotal)))
        case .packet:
            for entry in entries { block(entry, on: canvas) }
        }
    }

    private var subtitle: String {
        switch kind {
        case .estate:
            "Every item of \(hubName), with who receives it and when. Made on \(days.day(date))."
        case .insurance:
            "Every item of \(hubName) with its values, purchase dates and papers. Made on \(days.day(date))."
        case .packet(let name, let relationship):
            "The things \(hubName) set aside for \(name)\(relationship.map { " (\($0))" } ?? ""), "
                + "with the messages that go with them."
        }
    }

    private var grouped: [(String, [ReportService.Entry])] {
        var order: [String] = []
        var groups: [String: [ReportService.Entry]] = [:]
        for entry in entries {
            if groups[entry.category] == nil { order.append(entry.category) }
            groups[entry.category, default: []].append(entry)
        }
        return order.map { ($0, groups[$0] ?? []) }
    }

    private func heading(_ text: String, on canvas: PDFCanvas) {
        canvas.ensure(120)
        canvas.text(text, font: "DejaVu Serif Bold 15")
        canvas.space(4)
        canvas.rule()
        canvas.space(8)
    }

    /// One item: its photo on the left, its facts on the right.
    private func block(_ entry: ReportService.Entry, on canvas: PDFCanvas) {
        let photoBox = 110.0
        let textX = photoBox + 14
        let textWidth = canvas.width - textX
        let lines = facts(entry)
        let textHeight = lines.reduce(0.0) { total, line in
            total + canvas.height(of: line.text, font: line.font, width: textWidth, maxLines: line.maxLines) + 2
        }
        canvas.ensure(max(photoBox, textHeight) + 12)
        let top = canvas.y
        if let photo = entry.photo { canvas.jpeg(photo, x: 0, box: photoBox) }
        var y = top
        for line in lines {
            y +=
                canvas.text(
                    line.text, font: line.font, x: textX, width: textWidth, maxLines: line.maxLines, color: line.color,
                    at: y, advance: false) + 2
        }
        canvas.space(max(entry.photo == nil ? 0 : photoBox, y - top) + 12)
    }

    private struct Line {
        var text: String
        var font = "DejaVu Sans 10"
        var maxLines: Int? = nil
        var color: (Double, Double, Double) = (0.13, 0.12, 0.11)
    }

    private func facts(_ entry: ReportService.Entry) -> [Line] {
        var lines = [Line(text: entry.name, font: "DejaVu Serif Bold 12")]
        if case .packet = kind {
        } else {
            lines.append(Line(text: entry.category, font: "DejaVu Sans 9", color: (0.44, 0.40, 0.37)))
        }
        if !entry.description.isEmpty { lines.append(Line(text: entry.description, maxLines: 6)) }
        switch kind {
        case .estate:
            lines.append(
                Line(text: "Estimated value: \(Self.value(entry.estimated, entry.quantity, unknown: "not set"))"))
            for receiver in entry.receivers {
                lines.append(
                    Line(
                        text:
                            "To \(receiver.name): \(receiver.rule.prefix(1).lowercased() + receiver.rule.dropFirst())",
                        font: "DejaVu Sans Bold 10"))
            }
        case .insurance:
            lines.append(
                Line(text: "Estimated value: \(Self.value(entry.estimated, entry.quantity, unknown: "not set"))"))
            lines.append(
                Line(text: "Purchase value: \(Self.value(entry.purchase, entry.quantity, unknown: "not known"))"))
            if let date = entry.purchaseDate { lines.append(Line(text: "Bought: \(DayText.calendarDay(date))")) }
            if let maker = entry.maker { lines.append(Line(text: "Made by: \(maker)")) }
            if let serial = entry.serialNumber { lines.append(Line(text: "Serial number: \(serial)")) }
            if !entry.documents.isEmpty {
                lines.append(Line(text: "Papers: " + entry.documents.joined(separator: "; ")))
            }
        case .packet(let name, _):
            for receiver in entry.receivers where receiver.name == name {
                lines.append(Line(text: receiver.rule, font: "DejaVu Sans 9", color: (0.44, 0.40, 0.37)))
                if let message = receiver.message, !message.isEmpty {
                    lines.append(Line(text: "“\(message)”", font: "DejaVu Serif Italic 11"))
                }
            }
        }
        return lines
    }

    /// Totals per category and per beneficiary, in each currency.
    private func summary(on canvas: PDFCanvas) {
        heading("Totals", on: canvas)
        canvas.text("By category", font: "DejaVu Sans Bold 11")
        for (category, items) in grouped {
            canvas.ensure(16)
            canvas.text("\(category): " + ReportService.totals(items.map(\.estimatedTotal)))
        }
        canvas.text("All items: " + ReportService.totals(entries.map(\.estimatedTotal)), font: "DejaVu Sans Bold 10")
        canvas.space(10)
        canvas.ensure(40)
        canvas.text("By beneficiary", font: "DejaVu Sans Bold 11")
        var names: [String] = []
        var amounts: [String: [MoneyTotal?]] = [:]
        for entry in entries {
            for receiver in entry.receivers {
                if amounts[receiver.name] == nil { names.append(receiver.name) }
                amounts[receiver.name, default: []].append(entry.estimatedTotal)
            }
        }
        if names.isEmpty { canvas.text("No item has a beneficiary yet.") }
        for name in names.sorted() {
            canvas.ensure(16)
            let values = amounts[name] ?? []
            canvas.text(
                "\(name): \(values.count) \(values.count == 1 ? "item" : "items"), " + ReportService.totals(values))
        }
    }

    /// "1962-06-14" → "June 14, 1962".
    /// "$300", or for alike pieces "$50 each, 6 pieces: $300".
    static func value(_ each: Money?, _ quantity: Int, unknown: String) -> String {
        Money.worthText(each: each, quantity: quantity) ?? unknown
    }
}
