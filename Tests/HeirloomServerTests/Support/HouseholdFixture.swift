import Foundation
import HeirloomAPI
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

/// A household with every kind of record an export carries, made through the API as the apps make it.
struct FullHousehold {
    var owner: Member
    var editor: Member
    var viewer: Member
    var itemID: String
    var beneficiaryID: String
    var personID: Int
    var memoryID: Int
    /// Words written only in the owner's journal (one card in an open drawer, one in a locked one).
    var openJournalText = "Remember to water the roses"
    var lockedJournalText = "The combination of the safe is 12-34-56"
}

extension Application {
    func makeFullHousehold() async throws -> FullHousehold {
        let owner = try await setUpHub()
        let settings = try await api(
            .PATCH, "/api/household", token: owner.token, json: ["timeZone": "Europe/London", "paperSize": "letter"])
        #expect(settings.status == .ok, "\(settings.body.string)")
        let editor = try await addMember(role: "editor", by: owner)
        let viewer = try await addMember(
            role: "viewer", by: owner, name: "Cara Miller", email: "cara@example.com", password: "a third good password"
        )

        let item = try await api(
            .POST, "/api/items", token: owner.token,
            json: [
                "name": "Grandmother’s silver tea set", "description": "Sterling, 1920s.\nFrom Sheffield.",
                "category": "silver", "estimatedValue": "1250.50", "purchasePrice": "300", "currencyCode": "USD",
                "purchaseDate": "1962-06-14", "maker": "Walker & Hall", "serialNumber": "WH 1923/114",
            ])
        #expect(item.status == .created, "\(item.body.string)")
        let itemID = try item.decoded(Components.Schemas.Item.self).id
        let photos = try await multipart(
            "/api/items/\(itemID)/photos", token: owner.token,
            files: [("file", "tea set.jpg", try await MediaFixtures.data("photo.jpg"))])
        #expect(photos.status == .created, "\(photos.body.string)")
        let document = try await multipart(
            "/api/items/\(itemID)/documents", token: owner.token,
            files: [("file", "Appraisal.pdf", try await MediaFixtures.data("letter.pdf"))],
            fields: ["title": "Valuation for the insurer, 2019", "documentType": "appraisal"])
        #expect(document.status == .created, "\(document.body.string)")
        let story = try await multipart(
            "/api/items/\(itemID)/audio", token: owner.token,
            files: [("file", "story.wav", try await MediaFixtures.data("story.wav"))],
            fields: ["title": "How it came to us"])
        #expect(story.status == .created, "\(story.body.string)")
        let notes = try await api(
            .PUT, "/api/items/\(itemID)/valuation/notes", token: owner.token,
            json: ["userNotes": "Hallmarked on the base"])
        #expect(notes.status == .ok, "\(notes.body.string)")

        let beneficiary = try await api(
            .POST, "/api/beneficiaries", token: owner.token, json: ["name": "Daisy Miller", "relationship": "daughter"])
        #expect(beneficiary.status == .created, "\(beneficiary.body.string)")
        let beneficiaryID = try beneficiary.decoded(Components.Schemas.Beneficiary.self).id
        let link = try await api(
            .POST, "/api/items/\(itemID)/beneficiaries", token: owner.token,
            json: [
                "beneficiaryId": beneficiaryID, "accessPermission": "uponPassing",
                "personalMessage": "For your Sunday teas, with love.",
            ])
        #expect(link.status == .created, "\(link.body.string)")
        let set = try await api(
            .POST, "/api/sets", token: owner.token,
            json: [
                "name": "The tea things", "type": "tableware", "story": "Out every Sunday since 1962.",
                "sellTogether": true,
                "members": [["itemId": itemID, "quantity": 1] as [String: any Sendable]],
                "disposition": ["value": "keep", "status": "inProgress", "note": "Until the move"],
            ])
        #expect(set.status == .created, "\(set.body.string)")

        let personID = try await addPerson("Ann", relationship: "mother", token: owner.token)
        let avatar = try await sendParts(
            "/api/people/\(personID)/avatar", token: owner.token,
            parts: [
                .file("file", fileName: "ann.png", contentType: "image/png", try await MediaFixtures.data("photo.png"))
            ])
        #expect(avatar.status == .ok, "\(avatar.body.string)")
        let memory = try await sendParts(
            "/api/memories", token: editor.token,
            parts: [
                .text("type", "photo"), .text("title", "Picnic at the lake"), .text("date", "June 1968"),
                .text("location", "Lake Tahoe"), .text("personIds", "\(personID)"),
                .text(
                    "faceTags",
                    #"[{"photoIndex":0,"personId":\#(personID),"x":0.1,"y":0.2,"width":0.25,"height":0.3}]"#),
                .file(
                    "file", fileName: "IMG_0001.jpg", contentType: "image/jpeg",
                    try await MediaFixtures.data("photo.webp")),
            ])
        #expect(memory.status == .created, "\(memory.body.string)")
        let memoryID = try memory.decoded(Components.Schemas.Memory.self).id

        var household = FullHousehold(
            owner: owner, editor: editor, viewer: viewer, itemID: itemID, beneficiaryID: beneficiaryID,
            personID: personID, memoryID: memoryID)
        let drawers = try await journalDrawers(owner)
        let lockedDrawer = try await lockedDrawerID(owner)
        _ = try await writeCard(
            owner, drawer: drawers.values.first { $0 != lockedDrawer } ?? "", text: household.openJournalText)
        try await unlockJournal(owner)
        _ = try await writeCard(owner, drawer: lockedDrawer, text: household.lockedJournalText)
        let lock = try await api(.POST, "/api/journal/lock", token: owner.token)
        #expect(lock.status == .noContent)
        household.owner = owner
        return household
    }

    /// The id of the member's first locked drawer.
    func lockedDrawerID(_ member: Member) async throws -> String {
        let response = try await api(.GET, "/api/journal/drawers", token: member.token)
        let drawers = try response.decoded(Components.Schemas.JournalDrawerList.self).drawers
        guard let id = drawers.first(where: \.isLocked)?.id else {
            throw TestFailure("no locked drawer in \(response.body.string)")
        }
        return id
    }
}
