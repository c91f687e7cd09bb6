import Foundation
import HeirloomCore
import SnapshotTesting
import Testing

@testable import HeirloomServer

/// The memory pages, rendered whole from fixture models. `memories/index` also covers the `memories/card`
/// partial; `memories/new` and `memories/edit` cover `memories/fields`.
@Suite("Memory pages, as snapshots")
struct MemoryPageSnapshots {
    @Test("Memories: filters and a grid of a photo, a text and a voice memory")
    func memoriesIndex() async throws {
        let model = MemoryPages.Index(
            query: "", people: [.init(value: "1", label: "Margaret Hartley", selected: true)],
            kinds: MemoryKind.allCases.map { .init(value: $0.rawValue, label: $0.pluralLabel, selected: false) },
            years: [1985, 1978, 1951].map { .init(value: String($0), label: String($0), selected: false) },
            isFiltered: true, canEdit: true,
            memories: [
                try MemoryFixtures.card(MemoryFixtures.christmas()), try MemoryFixtures.card(MemoryFixtures.howWeMet()),
                try MemoryFixtures.card(MemoryFixtures.windingTheClock()),
            ], nextHref: "/memories?q=&person=1&type=&year=&after=3", total: 3)
        let html = try await PageFixtures.html(.memoriesIndex, title: "Memories", nav: .memories, model)
        assertSnapshot(of: html, as: .lines)
    }

    static func people(ticked: Set<Int>) -> [MemoryPages.PersonCheck] {
        [MemoryFixtures.margaret(), MemoryFixtures.thomas()].map {
            .init(id: $0.id!, name: $0.name, checked: ticked.contains($0.id!))
        }
    }

    @Test("Add a memory: a photo memory's form, sent back with a date it could not read")
    func memoryNew() async throws {
        let model = MemoryPages.Form(
            mode: "new", action: SiteURL.memories.path, cancelHref: SiteURL.memories.path, kind: "photo",
            form: ["title": "Christmas at the farm", "date": "Christmas-ish", "location": "Hill Farm, Derbyshire"],
            errors: ["date": "Please write the date as a year, a month and year, or a full date."],
            people: Self.people(ticked: [1]), hasPeople: true)
        let html = try await PageFixtures.html(.memoryNew, title: "Add a memory", nav: .memories, model)
        assertSnapshot(of: html, as: .lines)
    }

    @Test("Edit a memory: a text memory's form")
    func memoryEdit() async throws {
        let page = SiteURL.memory(.value(2)).path
        let model = MemoryPages.Form(
            mode: "edit", action: page, cancelHref: page, kind: "text",
            form: [
                "title": "How we met", "description": "", "content": "Arthur asked me to dance at the harvest fair.",
                "date": "1951", "location": "Derby", "context": "Told at Sunday lunch",
            ], errors: [:], people: Self.people(ticked: [1]), hasPeople: true)
        let html = try await PageFixtures.html(.memoryEdit, title: "Edit How we met", nav: .memories, model)
        assertSnapshot(of: html, as: .lines)
    }

    @Test("A photo memory: its photos with the faces named, its people, who added it")
    func memoryShow() async throws {
        let memory = MemoryFixtures.christmas()
        memory.location = "Hill Farm, Derbyshire"
        memory.description = "The year the snow came up to the windows."
        memory.deviceName = "Margaret’s iPhone"
        let model = try MemoryPages.Show(memory, principal: PageFixtures.principal(role: .owner), isNew: false)
        let html = try await PageFixtures.html(.memoryShow, title: memory.title, nav: .memories, model)
        assertSnapshot(of: html, as: .lines)
    }

    @Test("A voice memory, just added, for a viewer")
    func memoryShowVoice() async throws {
        let memory = MemoryFixtures.windingTheClock()
        memory.context = "Recorded by Thomas on Grandpa’s 80th birthday."
        let model = try MemoryPages.Show(memory, principal: PageFixtures.principal(role: .viewer), isNew: true)
        let html = try await PageFixtures.html(.memoryShow, title: memory.title, nav: .memories, role: .viewer, model)
        assertSnapshot(of: html, as: .lines)
    }

    @Test("Tag faces: the photos, the boxes already drawn and the people to name")
    func memoryFaces() async throws {
        let memory = MemoryFixtures.christmas()
        let names = [1: "Margaret Hartley", 2: "Thomas Hartley"]
        let model = MemoryPages.FaceEditor(
            id: 1, title: memory.title,
            photos: MemoryPages.photos(memory.media, faces: memory.faces, names: names),
            people: [.init(value: "1", label: "Margaret Hartley", selected: false)],
            facesJSON: #"[{"photoIndex":0,"x":0.1,"y":0.2,"width":0.15,"height":0.2,"personId":1}]"#, isNew: true,
            error: nil)
        let html = try await PageFixtures.html(.memoryFaces, title: "Tag faces", nav: .memories, model)
        assertSnapshot(of: html, as: .lines)
    }
}
