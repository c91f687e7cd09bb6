import Foundation
import HeirloomCore
import SnapshotTesting
import Testing

@testable import HeirloomServer

/// The people pages, rendered whole from fixture models. `memories/people/show` also covers the
/// `memories/card` partial.
@Suite("People pages, as snapshots")
struct PeoplePageSnapshots {
    @Test("People: everyone with their memory counts, and the form for someone new")
    func peopleIndex() async throws {
        let thomas = MemoryFixtures.thomas()
        thomas.$avatar.id = PageFixtures.id(260)
        let model = PeoplePages.Index(
            people: [
                .init(.init(person: MemoryFixtures.margaret(), memoryCount: 2)),
                .init(.init(person: thomas, memoryCount: 1)),
            ], canEdit: true, form: ["name": "", "relationship": ""], errors: [:],
            relationships: FamilyRelationship.known)
        let html = try await PageFixtures.html(.peopleIndex, title: "People", nav: .people, model)
        assertSnapshot(of: html, as: .lines)
    }

    @Test("A person: born, notes, and the memories they are in")
    func personShow() async throws {
        let margaret = MemoryFixtures.margaret()
        margaret.notes = "Kept the farm accounts for forty years."
        let model = PeoplePages.Show(
            id: 1, card: .init(.init(person: margaret, memoryCount: 2)), born: "March 1931", died: nil,
            notes: margaret.notes,
            memories: [
                try MemoryFixtures.card(MemoryFixtures.christmas()), try MemoryFixtures.card(MemoryFixtures.howWeMet()),
            ], nextHref: nil, canEdit: true, canDelete: true)
        let html = try await PageFixtures.html(.personShow, title: "Margaret Hartley", nav: .people, model)
        assertSnapshot(of: html, as: .lines)
    }

    @Test("Edit a person: the form, with a death date it could not read")
    func personEdit() async throws {
        let model = PeoplePages.Form(
            id: 2, name: "Thomas Hartley", avatarUrl: nil, initials: "TH",
            form: [
                "name": "Thomas Hartley", "relationship": "Son", "notes": "Mends clocks.", "birthDate": "1958",
                "deathDate": "someday",
            ],
            errors: ["deathDate": "Please write the date as a year, a month and year, or a full date."],
            relationships: FamilyRelationship.known)
        let html = try await PageFixtures.html(.personEdit, title: "Edit Thomas Hartley", nav: .people, model)
        assertSnapshot(of: html, as: .lines)
    }
}
