import Fluent
import Foundation
import HeirloomCore
import SQLKit

/// The household's people: shared by everyone, added and changed by editors, deleted by owners.
struct PeopleService: Sendable {
    let db: any Database
    let media: MediaService

    /// The owner type a person's picture is attached with; every member may see it.
    static let mediaOwnerType = "person"

    /// A person with how many memories they are in.
    struct Listed: Sendable {
        var person: Person
        var memoryCount: Int
    }

    /// Everyone, by name, with their memory counts.
    func list(householdID: UUID) async throws -> [Listed] {
        let people = try await everyone(householdID: householdID)
        let counts = try await memoryCounts(householdID: householdID)
        return people.map { Listed(person: $0, memoryCount: counts[$0.id ?? 0] ?? 0) }
    }

    /// Everyone, by name, with their pictures (the Memory Palace app's list has no counts).
    func everyone(householdID: UUID) async throws -> [Person] {
        try await Person.query(on: db).filter(\.$household.$id == householdID).with(\.$avatar).sort(\.$nameKey).all()
    }

    func find(_ id: Int, householdID: UUID) async throws -> Person {
        guard
            let person = try await Person.query(on: db).filter(\.$id == id)
                .filter(\.$household.$id == householdID).with(\.$avatar).first()
        else { throw AppError.notFound("person") }
        return person
    }

    func listed(_ id: Int, householdID: UUID) async throws -> Listed {
        let person = try await find(id, householdID: householdID)
        return Listed(person: person, memoryCount: try await memoryCounts(householdID: householdID)[id] ?? 0)
    }

    func create(_ input: PersonInput, by principal: Principal) async throws -> Person {
        try principal.requireEditor()
        let person = Person()
        person.$household.id = principal.householdID
        apply(input, to: person)
        try await saveChecked(person, householdID: principal.householdID)
        return try await find(try person.requireID(), householdID: principal.householdID)
    }

    func update(_ id: Int, _ input: PersonInput, by principal: Principal) async throws -> Person {
        try principal.requireEditor()
        let person = try await find(id, householdID: principal.householdID)
        apply(input, to: person)
        try await saveChecked(person, householdID: principal.householdID)
        return try await find(id, householdID: principal.householdID)
    }

    /// Deletes the person, their face tags and their picture; the memories they were in stay.
    func delete(_ id: Int, by principal: Principal) async throws {
        try principal.requireOwner()
        let person = try await find(id, householdID: principal.householdID)
        try await media.delete(person.avatar.map { [$0] } ?? []) { db in
            try await person.delete(on: db)
        }
    }

    private func apply(_ input: PersonInput, to person: Person) {
        person.name = input.name
        person.nameKey = PersonName.key(input.name)
        person.relationship = input.relationship
        person.notes = input.notes
        person.birthDate = input.birthDate?.storedValue
        person.deathDate = input.deathDate?.storedValue
    }

    /// Saves, answering 409 when the name is taken, whether found first or by the unique index in a race.
    private func saveChecked(_ person: Person, householdID: UUID) async throws {
        let clash = try await Person.query(on: db).filter(\.$household.$id == householdID)
            .filter(\.$nameKey == person.nameKey).all().contains { $0.id != person.id }
        if clash { throw Self.nameTaken(person.name) }
        do {
            try await person.save(on: db)
        } catch let error as any DatabaseError where error.isConstraintFailure {
            throw Self.nameTaken(person.name)
        }
    }

    static func nameTaken(_ name: String) -> AppError {
        .conflict(
            code: "person_exists",
            message:
                "There is already someone called \(name) in your family. Please use a different name, such as a middle name or initial."
        )
    }

    private func memoryCounts(householdID: UUID) async throws -> [Int: Int] {
        struct Row: Decodable {
            var personID: Int
            var count: Int

            enum CodingKeys: String, CodingKey {
                case personID = "person_id"
                case count
            }
        }
        let rows = try await db.sql().raw(
            """
            SELECT mp.person_id AS person_id, COUNT(*) AS count FROM memory_people mp
            JOIN people p ON p.id = mp.person_id
            WHERE p.household_id = \(bind: householdID)
            GROUP BY mp.person_id
            """
        ).all(decoding: Row.self)
        return Dictionary(uniqueKeysWithValues: rows.map { ($0.personID, $0.count) })
    }
}
