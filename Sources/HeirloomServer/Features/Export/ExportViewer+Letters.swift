import Foundation
import HeirloomCore

/// letters.html: the letters for later of an unpacked export. Each is marked sealed until its day (or until after
/// its writer's passing) or delivered; the words and the recording show only for the letters the export holds
/// whole, the others' sealed letters only as the owners see them in the app.
extension ExportViewer {
    static func lettersHTML(_ snapshot: ExportSnapshot, exportedAt: Date) -> String {
        let zone = snapshot.household.timeZone.flatMap(TimeZone.init(identifier:)) ?? .current
        let days = DayText(zone: zone)
        let page = Page(snapshot)
        let letters = snapshot.letters
        var html =
            head("\(snapshot.household.name) — letters for later")
                + """
                <header class="top">
                <h1>Letters for later</h1>
                <p>\(escape(snapshot.household.name)), exported on \(days.day(exportedAt)).
                <a href="index.html">Everything else the family kept</a>. A letter's words are only in its writer's
                own export, or in the owners' when the writer shared it with them.</p>
                </header>
                <main>

                """
        if letters.letters.isEmpty && letters.notices.isEmpty {
            html += "<p class=\"empty\">No letters were written.</p>\n"
        }
        let seal = { (deliver: ExportRecord.Letters.Delivery) in
            let until =
                deliver.afterPassing ? "after the passing" : days.day(deliver.on.flatMap(Day.init)?.start(in: zone))
            return "<p><span class=\"private\">Sealed until \(escape(until))</span></p>\n"
        }
        for letter in letters.letters {
            html += "<article class=\"card\" id=\"letter-\(letter.id)\">\n<h3>\(escape(letter.subject))</h3>\n"
            html += "<p class=\"muted\">\(escape(page.fromTo(letter.from, letter.to.map(\.name))))</p>\n"
            if let delivered = letter.deliveredAt {
                html += "<p class=\"muted\">Delivered on \(days.day(delivered)).</p>\n"
            } else {
                html += seal(letter.deliver)
            }
            html += page.paragraphs(letter.text)
            if let recording = letter.recordingMediaId.flatMap({ page.media[$0] }) {
                html += page.file(recording, alt: "The recording with \(letter.subject)")
            }
            html += "</article>\n"
        }
        for notice in letters.notices {
            html +=
                "<article class=\"card\" id=\"letter-\(notice.id)\">\n<h3>A letter from \(escape(notice.from))</h3>\n"
            html += "<p class=\"muted\">\(escape(page.fromTo(notice.from, notice.to)))</p>\n"
            if let delivered = notice.deliveredAt {
                html += "<p class=\"muted\">Delivered on \(days.day(delivered)). Its words are its writer's and "
                html += "its readers'.</p>\n</article>\n"
            } else {
                html +=
                    seal(notice.deliver) + "<p class=\"muted\">Its words are its writer's until then.</p>\n</article>\n"
            }
        }
        return html + "</main>\n</body>\n</html>\n"
    }
}

extension ExportViewer.Page {
    /// "From Ben Miller to Lily Hart and Tom Hart".
    func fromTo(_ writer: String, _ readers: [String]) -> String {
        let names =
            readers.count > 1
            ? readers.dropLast().joined(separator: ", ") + " and " + (readers.last ?? "")
            : readers.first ?? "nobody"
        return "From \(writer) to \(names)"
    }
}
