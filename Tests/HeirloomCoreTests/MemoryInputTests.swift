import Foundation
import HeirloomCore
import Testing

@Suite("Memory and person input")
struct MemoryInputTests {
    func fields(_ pairs: [(String, String)]) -> MemoryFields {
        var fields = MemoryFields()
        for (name, value) in pairs { fields.add(name, value) }
        return fields
    }

    @Test("A photo memory's parts become its kind, details, people and face boxes")
    func photoMemory() throws {
        // given
        let sent = fields([
            ("type", "photo"), ("title", "  Beach day "), ("date", "July 1968"), ("personIds", "3,5"),
            ("personIds", "7"),
            ("faceTags", #"[{"photoIndex":0,"personId":3,"x":0.1,"y":0.2,"width":0.3,"height":0.3}]"#),
        ])
        // when
        let input = try MemoryInput(sent)
        // then
        #expect(input.kind == .photo)
        #expect(input.details.title == "Beach day")
        #expect(input.details.date?.label == "July 1968")
        #expect(input.personIDs == [3, 5, 7])
        #expect(input.faces.count == 1)
        #expect(input.faces.first?.personID == 3)
        #expect(sent.kind == .photo)
    }

    /// A form's fields, and the field its mistake names (typed: a literal of tuples inferred alone took 0.6 s).
    static let mistakeCases: [([(String, String)], String)] = [
        ([("type", "photo")], "title"),
        ([("type", "text"), ("title", "A note")], "content"),
        ([("type", "painting"), ("title", "A")], "type"),
        ([("type", "photo"), ("title", String(repeating: "t", count: 201))], "title"),
        ([("type", "photo"), ("title", "A"), ("faceTags", "{not json")], "faceTags"),
        ([("type", "photo"), ("title", "A"), ("personIds", "three")], "personIds"),
        ([("type", "photo"), ("title", "A"), ("date", "summer of love")], "date"),
    ]

    @Test("Each mistake names its field", arguments: mistakeCases)
    func mistakes(_ pairs: [(String, String)], _ field: String) {
        #expect {
            try MemoryInput(fields(pairs))
        } throws: { error in
            (error as? FieldError)?.field == field
        }
    }

    @Test("Face tags as JSON round-trip through the face box")
    func faceJSON() throws {
        let box = try #require(
            try MemoryInput.faces(#"[{"photoIndex":1,"x":0.5,"y":0.5,"width":0.25,"height":0.2}]"#).first)
        let json = FaceJSON(box)
        #expect(json.personId == nil)
        #expect(json.box == box)
        #expect(try MemoryInput.faces("  ").isEmpty)
    }

    @Test("A person's name, relationship, notes and dates are cleaned; death before birth is refused")
    func person() throws {
        let person = try PersonInput(
            name: "  Ann Smith ", relationship: "grandmother", notes: " Loved the sea ", birthDate: "1931",
            deathDate: "March 2001")
        #expect(person.name == "Ann Smith")
        #expect(person.notes == "Loved the sea")
        #expect(person.birthDate?.label == "1931")
        #expect(person.deathDate?.label == "March 2001")
        #expect {
            try PersonInput(name: "Ann", relationship: nil, birthDate: "1950", deathDate: "1940")
        } throws: { error in
            (error as? FieldError)?.field == "deathDate"
        }
        #expect {
            try PersonInput(name: "Ann", relationship: nil, birthDate: "not a date")
        } throws: { error in
            (error as? FieldError)?.field == "birthDate"
        }
        #expect {
            try PersonInput(name: "Ann", relationship: nil, notes: String(repeating: "n", count: 5001))
        } throws: { error in
            (error as? FieldError)?.field == "notes"
        }
    }
}
