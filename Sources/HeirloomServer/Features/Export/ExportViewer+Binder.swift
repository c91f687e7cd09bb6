import Foundation
import HeirloomCore

/// binder.html: the estate binder of an unpacked export, section by section, as the binder's pages show it: numbers
/// masked (the whole numbers are only in binder.json), who may read each entry in plain words, and the entries
/// nobody else may read marked "Only you".
extension ExportViewer {
    static func binderHTML(_ snapshot: ExportSnapshot, exportedAt: Date) -> String {
        let days = DayText(zone: snapshot.household.timeZone.flatMap(TimeZone.init(identifier:)) ?? .current)
        let page = Page(snapshot)
        let binder = snapshot.binder
        let defaults = Dictionary(
            binder.sections.compactMap { setting in
                BinderSection(rawValue: setting.section).flatMap { section in
                    setting.visibility.visibility.map { (section, $0) }
                }
            }, uniquingKeysWith: { first, _ in first })
        let sections = BinderSection.allCases.map { section in
            (section, binder.entries.filter { (BinderSection(rawValue: $0.section) ?? .other) == section })
        }
        var html =
            head("\(snapshot.household.name) — the estate binder")
                + """
                <header class="top">
                <h1>The estate binder</h1>
                <p>\(escape(snapshot.household.name)), exported on \(days.day(exportedAt)).
                <a href="index.html">Everything else the family kept</a>. Account and policy numbers show only their last
                four characters here; the papers are in the <code>media</code> folder beside this page.</p>
                <nav aria-label="Sections"><ul>

                """
        for (section, entries) in sections {
            html += "<li><a href=\"#\(section.rawValue)\">\(escape(section.title)) (\(entries.count))</a></li>\n"
        }
        html += "</ul></nav>\n</header>\n<main>\n"
        for (section, entries) in sections {
            let readers = defaults[section] ?? .sectionDefault
            html += "<section id=\"\(section.rawValue)\"><h2>\(escape(section.title))</h2>\n"
            html += "<p class=\"muted\">\(escape(page.readers(readers)))</p>\n"
            if entries.isEmpty { html += "<p class=\"empty\">Nothing was kept here.</p>\n" }
            for entry in entries { html += page.binderEntry(entry, sectionReaders: readers) }
            html += "</section>\n"
        }
        return html + "</main>\n</body>\n</html>\n"
    }
}

extension ExportViewer.Page {
    func binderEntry(_ entry: ExportRecord.Binder.Entry, sectionReaders: BinderVisibility) -> String {
        var html = "<article class=\"card\" id=\"entry-\(entry.id)\">\n<h3>\(ExportViewer.escape(entry.title))</h3>\n"
        if entry.private == true {
            html += "<p><span class=\"private\">Only you</span> nobody else, not even the other owners.</p>\n"
        } else {
            let readers = entry.visibility.flatMap(\.visibility) ?? sectionReaders
            html += "<p class=\"muted\">\(ExportViewer.escape(self.readers(readers)))</p>\n"
        }
        if !entry.text.isEmpty { html += paragraphs(entry.text) }
        let section = BinderSection(rawValue: entry.section) ?? .other
        var facts: [(String, String)] = section.fields.compactMap { field in
            entry.fields[field.rawValue].map { (field.label, field.isMasked ? MaskedNumber.mask($0) : $0) }
        }
        if let reviewOn = entry.reviewOn { facts.append(("Look at it again on", reviewOn)) }
        html += definitions(facts)
        html += papers(entry.papers.compactMap { media[$0.mediaId] }.map { ($0, $0.fileName) })
        return html + "</article>\n"
    }

    /// Who reads an entry, in the words the binder's pages use.
    func readers(_ visibility: BinderVisibility) -> String {
        "Who may read it: "
            + BinderRelease.plainWords(
                visibility, beneficiaryNames: beneficiaries.mapValues(\.name))
    }
}
