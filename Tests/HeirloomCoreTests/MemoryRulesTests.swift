import Foundation
import HeirloomCore
import Testing

@Suite("Memory rules")
struct MemoryRulesTests {
    @Test(
        "Dates keep the precision people give",
        arguments: [
            ("1968", "1968", "1968"), ("1968-07", "1968-07", "July 1968"), ("1968-7-4", "1968-07-04", "July 4, 1968"),
            ("July 1968", "1968-07", "July 1968"), ("14 July 1968", "1968-07-14", "July 14, 1968"),
            ("jul 14, 1968", "1968-07-14", "July 14, 1968"), ("2000-02-29", "2000-02-29", "February 29, 2000"),
        ])
    func dates(_ input: String, _ stored: String, _ label: String) throws {
        let date = try #require(try MemoryDate.parse(input))
        #expect(date.storedValue == stored)
        #expect(date.label == label)
    }

    @Test(
        "Impossible dates are refused",
        arguments: [
            "1968-13", "1900-02-29", "68", "July", "summer of love", "1968-07-32", "2000-1-99999999999999999999",
            "99999999999999999999 July 1968", "1968-007",
        ])
    func impossibleDates(_ input: String) {
        #expect(throws: FieldError.self) { try MemoryDate.parse(input) }
    }

    @Test("Blank is no date; anniversaries need a day")
    func blankAndAnniversary() throws {
        #expect(try MemoryDate.parse("  ") == nil)
        let day = try MemoryDate(year: 1968, month: 7, day: 14)
        #expect(day.isAnniversary(month: 7, day: 14, year: 2026))
        #expect(!day.isAnniversary(month: 7, day: 14, year: 1968))
        #expect(try !MemoryDate(year: 1968, month: 7).isAnniversary(month: 7, day: 14, year: 2026))
    }

    @Test("Face boxes lie within the photo and have a size")
    func faceBoxes() throws {
        let box = { (x: Double, y: Double, w: Double, h: Double, index: Int) in
            FaceBox(photoIndex: index, personID: nil, x: x, y: y, width: w, height: h)
        }
        try box(0, 0, 1, 1, 0).validate(photoCount: 1)
        try box(0.5, 0.5, 0.5004, 0.5, 1).validate(photoCount: 2)
        #expect(box(0.5, 0.5, 0.5004, 0.5, 0).clamped.width == 0.5)
        for bad in [
            box(-0.1, 0, 0.2, 0.2, 0), box(0.9, 0, 0.2, 0.2, 0), box(0, 0, 0, 0.2, 0), box(0, 0, .nan, 0.2, 0),
            box(0, 0, 0.2, 0.2, 1), box(0, 0.95, 0.2, 0.2, 0), box(1.0005, 0, 0.0001, 0.2, 0),
            box(0, 1, 0.0005, 0.0005, 0),
        ] {
            #expect(throws: FieldError.self) { try bad.validate(photoCount: 1) }
        }
        #expect(throws: FieldError(field: "faceTags", message: "Faces can only be tagged on photo memories.")) {
            try box(0, 0, 0.2, 0.2, 0).validate(photoCount: 0)
        }
    }

    @Test("Kinds, file counts, ids and who may change a memory")
    func kinds() throws {
        #expect(try MemoryKind.parse(" Photo ") == .photo)
        #expect(throws: FieldError.self) { try MemoryKind.parse("painting") }
        try MemoryKind.photo.validate(fileCount: 20)
        #expect(throws: FieldError.self) { try MemoryKind.photo.validate(fileCount: 21) }
        #expect(throws: FieldError.self) { try MemoryKind.text.validate(fileCount: 1) }
        #expect(throws: FieldError.self) { try MemoryKind.voice.validate(fileCount: 0) }
        #expect(try IDList.parse(["3,5", " 8 ", "3"], field: "personIds") == [3, 5, 8])
        #expect(throws: FieldError.self) { try IDList.parse(["3,x"], field: "personIds") }
        #expect(MemoryKind.mayChange(role: .owner, isCreator: false))
        #expect(MemoryKind.mayChange(role: .editor, isCreator: true))
        #expect(!MemoryKind.mayChange(role: .editor, isCreator: false))
        #expect(!MemoryKind.mayChange(role: .viewer, isCreator: true))
    }

    @Test("Names and relationships")
    func names() throws {
        #expect(try PersonName.clean("  Ann   Marie ") == "Ann Marie")
        #expect(PersonName.key("Ann Marie") == PersonName.key("ANN MARIE"))
        #expect(throws: FieldError.self) { try PersonName.clean("   ") }
        #expect(try FamilyRelationship.normalise("grandparent") == "Grandparent")
        #expect(try FamilyRelationship.normalise("Great  aunt") == "Great aunt")
        #expect(try FamilyRelationship.normalise("") == nil)
    }

    @Test("Pairing settings from the hub's address")
    func pairing() throws {
        let https = try #require(
            PairingSettings(publicURL: URL(string: "https://hub.example.org/")!, token: "t", hubName: "Millers"))
        #expect(https.serverURL == "https://hub.example.org")
        #expect(https.port == 443)
        #expect(
            https.json
                == #"{"host":"hub.example.org","hubName":"Millers","port":443,"serverURL":"https://hub.example.org","token":"t"}"#
        )
        #expect(PairingSettings.tokenName("  ") == "Phone")
    }
}
