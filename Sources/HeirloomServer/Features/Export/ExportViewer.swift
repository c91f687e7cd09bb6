import Foundation
import HeirloomCore

/// index.html: a page that shows an unpacked export in any browser, from the folder, with no server, no
/// network and no script: the items with their photos, papers and stories, the memories with their files and
/// people, the people, and who receives what.
enum ExportViewer {
    static func html(_ snapshot: ExportSnapshot, exportedAt: Date) -> String {
        let days = DayText(zone: snapshot.household.timeZone.flatMap(TimeZone.init(identifier:)) ?? .current)
        let page = Page(snapshot)
        let books = ExportStoryBooks.books(snapshot)
        var html =
            head("\(snapshot.household.name) — Heirloom export")
                + """
                <header class="top">
                <h1>\(escape(snapshot.household.name))</h1>
                <p>Everything the family kept in Heirloom, exported on \(days.day(exportedAt)).
                The files are in the <code>media</code> folder beside this page; items.csv opens in a spreadsheet.</p>
                <nav aria-label="Sections"><ul>
                <li><a href="#items">Items (\(snapshot.items.count))</a></li>
                <li><a href="#memories">Memories (\(snapshot.memories.count))</a></li>
                <li><a href="#people">People (\(snapshot.people.count))</a></li>
                <li><a href="#receivers">Who receives what (\(snapshot.beneficiaries.count))</a></li>
                <li><a href="binder.html">Estate binder (\(snapshot.binder.entries.count))</a></li>
                <li><a href="letters.html">Letters (\(snapshot.letters.letters.count + snapshot.letters.notices.count))</a></li>
                <li><a href="#books">Books of stories (\(books.count))</a></li>
                </ul></nav>
                </header>
                <main>
                <section id="items"><h2>Items</h2>

                """
        if snapshot.items.isEmpty { html += "<p class=\"empty\">No items were kept.</p>\n" }
        for item in snapshot.items { html += page.item(item) }
        html += "</section>\n<section id=\"memories\"><h2>Memories</h2>\n"
        if snapshot.memories.isEmpty { html += "<p class=\"empty\">No memories were kept.</p>\n" }
        for memory in snapshot.memories { html += page.memory(memory) }
        html += "</section>\n<section id=\"people\"><h2>People</h2>\n"
        if snapshot.people.isEmpty { html += "<p class=\"empty\">No people were named.</p>\n" }
        for person in snapshot.people { html += page.person(person) }
        html += "</section>\n<section id=\"receivers\"><h2>Who receives what</h2>\n"
        if snapshot.beneficiaries.isEmpty { html += "<p class=\"empty\">Nobody was named to receive an item.</p>\n" }
        for beneficiary in snapshot.beneficiaries { html += page.receiver(beneficiary) }
        html += "</section>\n<section id=\"books\"><h2>Books of stories</h2>\n"
        if books.isEmpty { html += "<p class=\"empty\">No storyteller has answered a question yet.</p>\n" }
        for book in books { html += bookLink(book) }
        html += "</section>\n</main>\n</body>\n</html>\n"
        return html
    }

    /// Lookups shared by the sections (and the binder's page).
    struct Page {
        let snapshot: ExportSnapshot
        let media: [UUID: ExportRecord.Media]
        let people: [Int: ExportRecord.Person]
        let items: [UUID: ExportRecord.Item]
        let memories: [Int: ExportRecord.Memory]
        let beneficiaries: [UUID: ExportRecord.Beneficiary]
        /// The recordings and films index.html plays (items' stories, memories' files), each at its anchor.
        let players: Set<UUID>

        init(_ snapshot: ExportSnapshot) {
            self.snapshot = snapshot
            media = Dictionary(snapshot.media.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            people = Dictionary(snapshot.people.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            items = Dictionary(snapshot.items.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            memories = Dictionary(snapshot.memories.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            beneficiaries = Dictionary(
                snapshot.beneficiaries.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            let stories = snapshot.items.flatMap { $0.stories.map(\.mediaId) }
            let files = snapshot.memories.flatMap { $0.files.map(\.mediaId) }
            let media = media
            players = Set((stories + files).filter { ["audio", "video"].contains(media[$0]?.kind) })
        }

        func item(_ item: ExportRecord.Item) -> String {
            var html = "<article class=\"card\" id=\"item-\(item.id)\">\n<h3>\(escape(item.name))</h3>\n"
            html += "<p class=\"muted\">\(escape(item.category))</p>\n"
            html += item.photos.compactMap { media[$0.mediaId] }.map { file($0, alt: item.name) }.joined()
            if !item.description.isEmpty { html += paragraphs(item.description) }
            var facts: [(String, String)] = []
            if let value = money(item.estimatedValue, item.currency) { facts.append(("Estimated value", value)) }
            if let value = money(item.purchasePrice, item.currency) { facts.append(("Purchase price", value)) }
            if let date = item.purchaseDate { facts.append(("Bought", date)) }
            if let maker = item.maker { facts.append(("Made by", maker)) }
            if let serial = item.serialNumber { facts.append(("Serial number", serial)) }
            if let notes = item.valuation?.userNotes, !notes.isEmpty { facts.append(("Notes on its value", notes)) }
            html += definitions(facts)
            html += papers(
                item.documents.compactMap { document in
                    media[document.mediaId].map { file in
                        let type = DocumentType(stored: document.documentType ?? "")
                        return (
                            file, DocumentTitle.described(title: document.title, fileName: file.fileName, type: type)
                        )
                    }
                })
            for story in item.stories {
                guard let recording = media[story.mediaId] else { continue }
                html += "<h4>\(escape(story.title.isEmpty ? "A story" : story.title))</h4>\n"
                html += file(recording, alt: story.title)
            }
            let links = snapshot.links.filter { $0.itemId == item.id }
            if !links.isEmpty {
                html += "<h4>Who receives it</h4>\n<ul>\n"
                for link in links {
                    let name = beneficiaries[link.beneficiaryId]?.name ?? "Someone"
                    html += "<li><a href=\"#receiver-\(link.beneficiaryId)\">\(escape(name))</a>: \(rule(link))"
                    if let message = link.personalMessage, !message.isEmpty {
                        html += "<blockquote>\(escape(message))</blockquote>"
                    }
                    html += "</li>\n"
                }
                html += "</ul>\n"
            }
            return html + "</article>\n"
        }

        func memory(_ memory: ExportRecord.Memory) -> String {
            var html = "<article class=\"card\" id=\"memory-\(memory.id)\">\n<h3>\(escape(memory.title))</h3>\n"
            var line: [String] = []
            if let date = memory.date, let when = try? MemoryDate(year: date.year, month: date.month, day: date.day) {
                line.append(when.label)
            }
            if let location = memory.location, !location.isEmpty { line.append(location) }
            if !line.isEmpty { html += "<p class=\"muted\">\(escape(line.joined(separator: " · ")))</p>\n" }
            html += memory.files.compactMap { media[$0.mediaId] }.map { file($0, alt: memory.title) }.joined()
            if let description = memory.description, !description.isEmpty { html += paragraphs(description) }
            if let content = memory.content, !content.isEmpty { html += paragraphs(content) }
            if let context = memory.context, !context.isEmpty { html += paragraphs(context) }
            let names = memory.personIds.compactMap { people[$0] }
            if !names.isEmpty {
                html += "<p>With "
                html += names.map { "<a href=\"#person-\($0.id)\">\(escape($0.name))</a>" }.joined(separator: ", ")
                html += "</p>\n"
            }
            return html + "</article>\n"
        }

        func person(_ person: ExportRecord.Person) -> String {
            var html = "<article class=\"card\" id=\"person-\(person.id)\">\n<h3>\(escape(person.name))</h3>\n"
            if let avatar = person.avatarMediaId.flatMap({ media[$0] }) {
                html += "<img class=\"avatar\" src=\"\(escape(avatar.path))\" alt=\"\(escape(person.name))\">\n"
            }
            var facts: [(String, String)] = []
            if let relationship = person.relationship, !relationship.isEmpty {
                facts.append(("Relationship", relationship))
            }
            if let born = person.birthDate { facts.append(("Born", born)) }
            if let died = person.deathDate { facts.append(("Died", died)) }
            html += definitions(facts)
            if let notes = person.notes, !notes.isEmpty { html += paragraphs(notes) }
            let memories = snapshot.memories.filter { $0.personIds.contains(person.id) }
            if !memories.isEmpty {
                html += "<p>In "
                html += memories.map { "<a href=\"#memory-\($0.id)\">\(escape($0.title))</a>" }
                    .joined(separator: ", ")
                html += "</p>\n"
            }
            return html + "</article>\n"
        }

        func receiver(_ beneficiary: ExportRecord.Beneficiary) -> String {
            var html = "<article class=\"card\" id=\"receiver-\(beneficiary.id)\">\n"
            html += "<h3>\(escape(beneficiary.name))</h3>\n"
            if let relationship = beneficiary.relationship, !relationship.isEmpty {
                html += "<p class=\"muted\">\(escape(relationship))</p>\n"
            }
            let links = snapshot.links.filter { $0.beneficiaryId == beneficiary.id }
            if links.isEmpty { html += "<p class=\"empty\">No items yet.</p>\n" }
            html += links.isEmpty ? "" : "<ul>\n"
            for link in links {
                let name = items[link.itemId]?.name ?? "An item"
                html += "<li><a href=\"#item-\(link.itemId)\">\(escape(name))</a>: \(rule(link))"
                if let message = link.personalMessage, !message.isEmpty {
                    html += "<blockquote>\(escape(message))</blockquote>"
                }
                html += "</li>\n"
            }
            html += links.isEmpty ? "" : "</ul>\n"
            return html + "</article>\n"
        }

        /// A file as a browser shows it: a picture, a player, or a link for what it cannot show (HEIC, PDF).
        func file(_ file: ExportRecord.Media, alt: String) -> String {
            let path = escape(file.path)
            switch file.kind {
            case "image" where ["jpeg", "png", "gif", "webp"].contains(file.format):
                return "<a href=\"\(path)\"><img src=\"\(path)\" alt=\"\(escape(alt))\" loading=\"lazy\"></a>\n"
            case "video", "audio":
                let element = file.kind == "video" ? "video" : "audio"
                let preload = file.kind == "video" ? "metadata" : "none"
                // The AAC copy first: every browser and phone plays it, where a WebM or Ogg may not play. An anchor
                // for the storytellers' books, whose codes lead to the player.
                let sources =
                    (file.playable.map { "<source src=\"\(escape($0.path))\" type=\"audio/mp4\">" } ?? "")
                    + "<source src=\"\(path)\">"
                let player = "<\(element) id=\"\(anchor(of: file))\" controls preload=\"\(preload)\">\(sources)"
                guard let typed = file.transcriptPaths, let text = file.transcript?.shownText else {
                    return "\(player)</\(element)>\n"
                }
                return player
                    + "<track kind=\"captions\" src=\"\(escape(typed.captions))\" srclang=\"en\" label=\"Typed copy\" default>"
                    + "</\(element)>\n<div class=\"transcript\"><p class=\"muted\">Typed copy "
                    + "(<a href=\"\(escape(typed.text))\">text</a>)"
                    + (file.transcript?.isByComputer == true ? ". \(escape(TranscriptNote.machine))" : "")
                    + "</p>\n\(paragraphs(text))</div>\n"
            default:
                return "<p><a href=\"\(path)\">\(escape(file.fileName))</a></p>\n"
            }
        }

        /// An item's or a binder entry's papers, as links to their files.
        /// The papers as links, each with the words a person reads for it.
        func papers(_ files: [(file: ExportRecord.Media, name: String)]) -> String {
            guard !files.isEmpty else { return "" }
            return "<h4>Papers</h4>\n<ul>\n"
                + files.map { "<li><a href=\"\(escape($0.file.path))\">\(escape($0.name))</a></li>\n" }.joined()
                + "</ul>\n"
        }

        func rule(_ link: ExportRecord.Link) -> String {
            switch AccessPermission(rawValue: link.accessPermission) {
            case .immediate: "straight away"
            case .afterSpecificDate: "from \(DayText.calendarDay(link.accessDate))"
            case .uponPassing:
                snapshot.household.holderName.map { "upon \(PassingWords.possessive(escape($0))) passing" }
                    ?? "upon passing"
            case nil: escape(link.accessPermission)
            }
        }

        func money(_ minorUnits: Int64?, _ code: String) -> String? {
            guard let minorUnits, let currency = CurrencyCode(code) else { return nil }
            return Money(minorUnits: minorUnits, currency: currency).displayString
        }

        func definitions(_ facts: [(String, String)]) -> String {
            guard !facts.isEmpty else { return "" }
            return "<dl>\n"
                + facts.map { "<dt>\(escape($0.0))</dt><dd>\(escape($0.1))</dd>\n" }.joined() + "</dl>\n"
        }

        func paragraphs(_ text: String) -> String {
            text.split(separator: "\n", omittingEmptySubsequences: true)
                .map { "<p>\(escape(String($0)))</p>\n" }.joined()
        }
    }
}
