import Fluent
import Foundation
import HeirloomAPI
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

/// One real object of every kind a route names, in the owner's household, so a refusal cannot come from an id
/// that names nothing.
struct RouteGuardFixture {
    var household: FullHousehold
    /// Each object's id, by the kind a route's path names it with ("items", "photoID", "itemStep", …).
    var ids: [String: String]

    /// The route's path with each parameter filled with the real object it names, or nil when none is known.
    func path(of route: Route) -> String? {
        let segments = route.path.map(\.description)
        var filled: [String] = []
        for (index, component) in route.path.enumerated() {
            guard case .parameter(let name) = component else {
                filled.append(component.description)
                continue
            }
            let kind =
                switch name {
                case "id": index > 0 ? segments[index - 1] : ""
                case "stepID": segments[0] == "sets" ? "setStep" : "itemStep"
                default: name
                }
            guard let id = ids[kind] else { return nil }
            filled.append(id)
        }
        return "/" + filled.joined(separator: "/")
    }

    /// What a refusal must leave as it was: how many rows of each kind, and (`reads`) each main object as the API
    /// reads it.
    func state(_ app: Application, reads: Bool = true) async throws -> [String] {
        let db = app.db
        var counts: [String] = []
        let models: [any Model.Type] = [
            Household.self, User.self, AuthToken.self, Invitation.self, PasswordLink.self, Item.self, ItemPhoto.self,
            ItemDocument.self, ItemAudio.self, MediaObject.self, ItemValuation.self, AppraisalBatch.self,
            Beneficiary.self, ItemBeneficiary.self, ItemSet.self, ItemSetMember.self, Memory.self, Person.self,
            FaceTag.self, JournalDrawer.self, JournalCard.self, Estate.self, Executor.self, OutboxMessage.self,
            Partner.self, GatewayDevice.self, Sale.self, Lot.self, StoredBrief.self, LiquidationPlanStep.self,
        ]
        for model in models {
            counts.append("\(model.schema) \(try await Self.count(model, on: db))")
        }
        guard reads else { return counts }
        let owner = household.owner.token
        let paths = [
            "/api/household", "/api/items/\(ids["items"]!)", "/api/sets/\(ids["sets"]!)",
            "/api/beneficiaries/\(ids["beneficiaries"]!)", "/api/memories/\(ids["memories"]!)",
            "/api/people/\(ids["people"]!)", "/api/partners", "/api/sales", "/api/estate",
            "/api/outbox", "/api/journal/drawers", "/api/items/\(ids["items"]!)/liquidation/brief",
        ]
        for path in paths {
            let response = try await app.api(.GET, path, token: owner)
            #expect(response.status == .ok, "\(path)")
            counts.append("\(path) \(response.status.code) \(response.body.string)")
        }
        return counts
    }

    private static func count<M: Model>(_ model: M.Type, on db: any Database) async throws -> Int {
        try await M.query(on: db).count()
    }
}

extension Application {
    /// Every kind of object the web pages and the files outside the generated API name by id.
    func makeRouteGuardFixture() async throws -> RouteGuardFixture {
        let household = try await makeFullHousehold()
        let owner = household.owner
        var ids: [String: String] = [
            "items": household.itemID, "memberID": household.itemID, "beneficiaries": household.beneficiaryID,
            "preview": household.beneficiaryID, "heirs": household.beneficiaryID, "memories": "\(household.memoryID)",
            "people": "\(household.personID)", "members": household.editor.id, "variant": "display",
            // the links sent to outsiders are their own key: no guard stands before them
            "token": "made-up-link",
        ]
        func first<M: Model>(_ model: M.Type) async throws -> String where M.IDValue == UUID {
            try #require(try await M.query(on: db).first()?.requireID()).uuidString
        }
        ids["photoID"] = try await first(ItemPhoto.self)
        ids["documentID"] = try await first(ItemDocument.self)
        ids["audioID"] = try await first(ItemAudio.self)
        ids["transcripts"] = try await first(Transcript.self)
        ids["linkID"] = try await first(ItemBeneficiary.self)
        ids["sets"] = try await first(ItemSet.self)
        ids["drawers"] = try await first(JournalDrawer.self)
        ids["cards"] = try await first(JournalCard.self)
        ids["media"] = try #require(try await ItemPhoto.query(on: db).first()?.$media.id).uuidString

        // an invitation still waiting, the owner's own session token, a paired phone
        let invitation = try await api(.POST, "/api/invitations", token: owner.token, json: ["role": "viewer"])
        #expect(invitation.status == .created, "\(invitation.body.string)")
        ids["invitations"] = try invitation.decoded(Components.Schemas.CreatedInvitation.self).id
        ids["tokens"] = try await api(.GET, "/api/auth/tokens", token: owner.token).decoded(
            Components.Schemas.TokenList.self
        ).tokens.map(\.id).first
        let paired = try await api(.POST, "/api/devices/pairing", token: owner.token, json: ["name": "Phone"])
        #expect(paired.status == .created, "\(paired.body.string)")
        let phone = try await AuthToken.query(on: db).filter(\.$kind == .device).first()
        ids["devices"] = try #require(phone?.id).uuidString

        // an executor, whose email waits in the outbox; a partner; a phone of the Legacy Treasure Chest app
        let executor = try await api(
            .POST, "/api/estate/executors", token: owner.token,
            json: ["name": "Mary Jones", "email": "mary@example.com"])
        #expect(executor.status == .created, "\(executor.body.string)")
        ids["executors"] = try await first(Executor.self)
        // a binder entry the executors may read now, with a paper; its checklist task
        let entry = try await api(
            .POST, "/api/binder/entries", token: owner.token,
            json: [
                "section": "legal", "title": "The will",
                "visibility": ["executors": "now", "beneficiaries": [[String: String]]()] as [String: any Sendable],
            ])
        #expect(entry.status == .created, "\(entry.body.string)")
        ids["entries"] = try entry.decoded(Components.Schemas.BinderEntry.self).id
        let paper = try await multipart(
            "/api/binder/entries/\(ids["entries"]!)/documents", token: owner.token,
            files: [("file", "will.pdf", try await MediaFixtures.data("letter.pdf"))])
        #expect(paper.status == .created, "\(paper.body.string)")
        ids["paperID"] = try await first(BinderDocument.self)
        ids["files"] = try #require(try await BinderDocument.query(on: db).first()?.$media.id).uuidString
        ids["section"] = "legal"
        ids["task"] = "entry-\(ids["entries"]!.lowercased())"
        ids["outbox"] = try await first(OutboxMessage.self)
        let partner = try await api(
            .POST, "/api/partners", token: owner.token, json: ["name": "Elm Auctions", "partnerType": "auction"])
        #expect(partner.status == .created, "\(partner.body.string)")
        ids["partners"] = try partner.decoded(Components.Schemas.Partner.self).id
        let gateway = try await api(
            .POST, "/api/gateway/devices", token: owner.token, json: ["device": UUID().uuidString.uppercased()])
        #expect(gateway.status.code < 300, "\(gateway.body.string)")
        ids["gateway"] = try await first(GatewayDevice.self)

        // a sale with a lot, a batch of photos, and a liquidation plan for the item and for the set
        let sale = try await api(.POST, "/api/sales", token: owner.token, json: ["kind": "auction"])
        #expect(sale.status == .created, "\(sale.body.string)")
        ids["sales"] = try sale.decoded(Components.Schemas.Sale.self).id
        // the lot holds an item of its own: the household's item is left to someone, and so is never sold
        let mirror = try await api(
            .POST, "/api/items", token: owner.token, json: ["name": "Hall mirror", "category": "Furniture"])
        let mirrorID = try mirror.decoded(Components.Schemas.Item.self).id
        let lot = try await api(
            .POST, "/api/sales/\(ids["sales"]!)/lots", token: owner.token, json: ["itemIds": [mirrorID]])
        #expect(lot.status == .created, "\(lot.body.string)")
        ids["lots"] = try lot.decoded(Components.Schemas.Lot.self).id
        // a wish round over the mirror, for the household's beneficiary and one more
        let second = try await api(.POST, "/api/beneficiaries", token: owner.token, json: ["name": "Evan Miller"])
        let round = try await api(
            .POST, "/api/wish-rounds", token: owner.token,
            json: [
                "title": "The hall", "method": "points", "closesOn": "2099-01-01", "things": [["itemId": mirrorID]],
                "participants": [
                    ["beneficiaryId": household.beneficiaryID],
                    ["beneficiaryId": try second.decoded(Components.Schemas.Beneficiary.self).id],
                ],
            ])
        #expect(round.status == .created, "\(round.body.string)")
        ids["wish-rounds"] = try round.decoded(Components.Schemas.WishRound.self).id
        // a letter for later, the owner's
        let letter = try await api(
            .POST, "/api/letters", token: owner.token,
            json: [
                "to": [["name": "Lily", "email": "lily@example.com"]], "subject": "Later", "text": "Words",
                "deliver": ["on": "2099-01-01"],
            ])
        #expect(letter.status == .created, "\(letter.body.string)")
        ids["letters"] = try letter.decoded(Components.Schemas.Letter.self).id
        // a storyteller
        let storyteller = try await api(
            .POST, "/api/storytellers", token: owner.token,
            json: ["name": "Mum", "email": "mum@example.com", "weekday": 7, "hour": 10])
        #expect(storyteller.status == .created, "\(storyteller.body.string)")
        ids["storytellers"] = try storyteller.decoded(Components.Schemas.Storyteller.self).id
        let batch = try await multipart(
            "/api/batches", token: owner.token, files: [("file", "a.jpg", try await MediaFixtures.data("photo.jpg"))])
        #expect(batch.status == .created, "\(batch.body.string)")
        ids["batchID"] = try batch.decoded(Components.Schemas.BatchCreated.self).id
        _ = try await settledBatch(ids["batchID"]!, token: owner.token)
        for (path, key) in [("/api/items/\(household.itemID)", "itemStep"), ("/api/sets/\(ids["sets"]!)", "setStep")] {
            let known = Set(try await LiquidationPlanStep.query(on: db).all().map { try $0.requireID() })
            let brief = try await api(.POST, "\(path)/liquidation/brief", token: owner.token, json: [:])
            #expect(brief.status.code < 300, "\(brief.body.string)")
            let plan = try await api(
                .POST, "\(path)/liquidation/plan", token: owner.token, json: ["chosenPath": "pathB_delegateConsign"])
            #expect(plan.status == .created, "\(plan.body.string)")
            let steps = try await LiquidationPlanStep.query(on: db).all().map { try $0.requireID() }
            ids[key] = try #require(steps.first { !known.contains($0) }).uuidString
        }
        // an export followed by its progress id
        let export = try await api(.GET, "/api/export?progress=route-guard", token: owner.token)
        #expect(export.status == .ok)
        ids["progress"] = "route-guard"
        return RouteGuardFixture(household: household, ids: ids)
    }
}
