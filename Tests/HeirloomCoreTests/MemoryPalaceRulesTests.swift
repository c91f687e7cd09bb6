import Foundation
import HeirloomCore
import Testing

@Suite("The Memory Palace app's fields, and the home-network address")
struct MemoryPalaceRulesTests {
    @Test(
        "whenWasThis becomes the day in the family's time zone",
        arguments: [
            ("2024-07-15T14:03:22.123Z", "Europe/London", "2024-07-15"),
            ("2024-07-16T03:00:00.000Z", "America/Los_Angeles", "2024-07-15"),
            ("2024-07-15T23:30:00Z", "Asia/Tokyo", "2024-07-16"),
            ("1975-03-02", "Asia/Tokyo", "1975-03-02"),
        ])
    func days(_ sent: String, _ zone: String, _ day: String) throws {
        #expect(try MemoryPalaceFields.day(fromWhenWasThis: sent, timeZone: TimeZone(identifier: zone)!) == day)
    }

    @Test("an empty whenWasThis is no date; anything else unreadable is the app's mistake")
    func badDays() throws {
        #expect(try MemoryPalaceFields.day(fromWhenWasThis: " ", timeZone: .gmt) == nil)
        for bad in ["last summer", "2024-13-01", "2024-07-15T25:00:00Z", "0999-01-01T00:00:00Z"] {
            #expect(throws: FieldError.self) { try MemoryPalaceFields.day(fromWhenWasThis: bad, timeZone: .gmt) }
        }
    }

    @Test("a memory's date goes back as noon UTC of its first day, with milliseconds")
    func whenWasThis() throws {
        #expect(
            MemoryPalaceFields.whenWasThis(try MemoryDate(year: 1968, month: 7, day: 4)) == "1968-07-04T12:00:00.000Z")
        #expect(MemoryPalaceFields.whenWasThis(try MemoryDate(year: 1968)) == "1968-01-01T12:00:00.000Z")
        #expect(MemoryPalaceFields.whenWasThis(nil) == nil)
        #expect(MemoryPalaceFields.timestamp(Date(timeIntervalSince1970: 0.25)) == "1970-01-01T00:00:00.250Z")
    }

    @Test("peopleIds: the app's JSON text, without its own primary person (-1)")
    func peopleIDs() throws {
        #expect(try MemoryPalaceFields.peopleIDs(fromJSONText: "[3,-1,7]") == [3, 7])
        #expect(try MemoryPalaceFields.peopleIDs(fromJSONText: "") == [])
        #expect(throws: FieldError.self) { try MemoryPalaceFields.peopleIDs(fromJSONText: "3,7") }
        #expect(MemoryPalaceFields.relationship("None") == nil)
        #expect(MemoryPalaceFields.relationship(" Grandfather ") == "Grandfather")
        #expect(MemoryPalaceFields.names(inWhoWasThere: "Alice,  bob , ALICE,") == ["Alice", "bob"])
    }

    @Test("a face tag names the person by hub id, else by name, and is pulled inside the photo")
    func faceTags() throws {
        let tags = try MemoryPalaceFaceTag.tags(
            fromJSONText: #"""
                [{"id":"A","memoryId":"B","personServerId":-1,"personName":"ann","boundingBox":{"x":0.9,"y":-0.05,"width":0.2,"height":0.3},"confidence":0.9,"detectedAt":"2025-08-01T18:19:55Z","isManual":false},
                 {"id":"C","memoryId":"B","personServerId":7,"boundingBox":{"x":0.1,"y":0.1,"width":0.2,"height":0.2},"confidence":1,"detectedAt":"2025-08-01T18:19:55Z","isManual":true},
                 {"id":"D","memoryId":"B","boundingBox":{"x":1.2,"y":0.1,"width":0.2,"height":0.2},"confidence":1,"detectedAt":"2025-08-01T18:19:55Z","isManual":true}]
                """#)
        let boxes = tags.map { $0.box(knownIDs: [7, 9], namesToIDs: ["ann": 9]) }
        let first = try #require(boxes[0])
        #expect(first.personID == 9)
        #expect(
            abs(first.x - 0.9) < 1e-9 && abs(first.width - 0.1) < 1e-9 && first.y == 0
                && abs(first.height - 0.25) < 1e-9)
        #expect(boxes[1]?.personID == 7)
        #expect(boxes[2] == nil, "a box wholly outside the photo is dropped")
        #expect(throws: FieldError.self) { try MemoryPalaceFaceTag.tags(fromJSONText: "[{}]") }
    }

    @Test("a recording's words come as context and become its description")
    func voiceWords() throws {
        var upload = MemoryPalaceUpload()
        try upload.add(part: "context", "Told at Christmas")
        try upload.add(part: "duration", "12.5")
        let fields = try upload.fields(kind: .voice, timeZone: .gmt, faces: [])
        #expect(fields.first("description") == "Told at Christmas")
        #expect(fields.first("context") == nil)
        #expect(fields.first("title") == "Untitled recording")
    }

    @Test(
        "HEIRLOOM_LAN_ADDRESS",
        arguments: [
            ("", LANAddress.Setting.detect), ("off", .off), ("192.168.1.20", .fixed(host: "192.168.1.20", port: nil)),
            ("10.0.0.5:8080", .fixed(host: "10.0.0.5", port: 8080)),
        ])
    func setting(_ raw: String, _ expected: LANAddress.Setting) {
        #expect(LANAddress.Setting(raw) == expected)
    }

    @Test("names, https addresses and broken numbers are not a home-network address")
    func badSettings() {
        for bad in ["heirloom.local", "https://192.168.1.20", "192.168.1", "192.168.1.300", "192.168.1.20:0", "::1"] {
            #expect(LANAddress.Setting(bad) == nil, "\(bad)")
        }
    }

    @Test("the address offered: a private one first, never loopback or link-local")
    func choose() {
        #expect(LANAddress.choose(from: ["127.0.0.1", "169.254.3.4", "203.0.113.9", "192.168.1.20"]) == "192.168.1.20")
        #expect(LANAddress.choose(from: ["127.0.0.1", "203.0.113.9"]) == "203.0.113.9")
        #expect(LANAddress.choose(from: ["127.0.0.1"]) == nil)
        #expect(LANAddress.isCovered("192.168.1.20", byBind: "0.0.0.0"))
        #expect(!LANAddress.isCovered("192.168.1.20", byBind: "127.0.0.1"))
    }

    @Test("the QR code carries the app's keys when there is a home-network address")
    func qrText() throws {
        let settings = try #require(
            PairingSettings(
                publicURL: URL(string: "https://hub.example.org/")!, token: "t", hubName: "Millers",
                lan: ("192.168.1.20", 8080)))
        #expect(
            settings.json
                == #"{"authToken":"t","host":"hub.example.org","hubName":"Millers","port":8080,"serverIP":"192.168.1.20","serverURL":"https://hub.example.org","token":"t"}"#
        )
        #expect(settings.port == 443)
    }
}
