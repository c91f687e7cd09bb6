import Foundation
import HeirloomAPI
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

/// The largest amounts a person may enter, times the largest quantity: every total that adds them up is shown as too
/// large, never a server error and never a stopped hub.
@Suite("Totals of huge amounts")
struct HugeAmountTests {
    /// Two items worth the most an amount may be, 100,000 pieces each, both for one beneficiary and in one set.
    static func hugeHousehold(_ app: Application) async throws -> (owner: Member, beneficiaryID: String) {
        let owner = try await app.setUpHub()
        let beneficiary = try await app.api(
            .POST, "/api/beneficiaries", token: owner.token, json: ["name": "Daisy Miller", "relationship": "daughter"])
        let beneficiaryID = try beneficiary.decoded(Components.Schemas.Beneficiary.self).id
        var members: [[String: any Sendable]] = []
        for name in ["Gold bar", "Diamond"] {
            let item = try await app.api(
                .POST, "/api/items", token: owner.token,
                json: ["name": name, "estimatedValue": "999999999999999.99", "quantity": 100_000])
            #expect(item.status == .created, "\(item.body.string)")
            let itemID = try item.decoded(Components.Schemas.Item.self).id
            let link = try await app.api(
                .POST, "/api/items/\(itemID)/beneficiaries", token: owner.token,
                json: ["beneficiaryId": beneficiaryID, "accessPermission": "immediate"])
            #expect(link.status == .created, "\(link.body.string)")
            members.append(["itemId": itemID, "quantity": 100_000])
        }
        let set = try await app.api(
            .POST, "/api/sets", token: owner.token, json: ["name": "The vault", "type": "other", "members": members])
        #expect(set.status == .created, "\(set.body.string)")
        return (owner, beneficiaryID)
    }

    /// How often the largest exact amount is shown without "more than" (a sum clamped and shown as if exact).
    static func unmarkedLargest(in text: String) -> Int {
        let largest = text.components(separatedBy: "92,233,720,368,547,758.07").count
        return largest - text.components(separatedBy: "more than $92,233,720,368,547,758.07").count
    }

    @Test("The estate, insurance and packet PDFs print a total too large to add up as such")
    func reports() async throws {
        try await withApp { app in
            // given
            let (owner, beneficiaryID) = try await Self.hugeHousehold(app)

            for (path, words) in [
                ("/api/reports/estate.pdf", ["All items: more than $92,233,720,368,547,758.07"]),
                (
                    "/api/reports/insurance.pdf",
                    [
                        "pieces: more than $92,233,720,368,547,758.07",
                        "Estimated value: more than $92,233,720,368,547,758.07",
                    ]
                ),
                ("/api/beneficiaries/\(beneficiaryID)/packet.pdf", ["Gold bar", "Diamond"]),
            ] {
                // when
                let response = try await app.download(path, token: owner.token)

                // then
                #expect(response.status == .ok, "\(path): \(response.body.string.prefix(300))")
                let text = try await ReportTests.pdfText(Data(response.body.readableBytesView))
                for word in words { #expect(text.contains(word), "\(path): \(word) in \(text)") }
                #expect(Self.unmarkedLargest(in: text) == 0, "\(path): a clamped sum shown as exact")
            }
        }
    }

    @Test("GET /api/beneficiaries answers with the list and marks the total too large")
    func beneficiaries() async throws {
        try await withApp { app in
            // given
            let (owner, beneficiaryID) = try await Self.hugeHousehold(app)

            // when
            let list = try await app.api(.GET, "/api/beneficiaries", token: owner.token)
            let one = try await app.api(.GET, "/api/beneficiaries/\(beneficiaryID)", token: owner.token)

            // then
            #expect(list.status == .ok, "\(list.body.string)")
            #expect(one.status == .ok, "\(one.body.string)")
            let totals = try list.decoded(Components.Schemas.BeneficiaryList.self).beneficiaries[0].totals
            #expect(totals == [.init(currencyCode: "USD", amount: "92233720368547758.07", tooLarge: true)])
            let detail = try one.decoded(Components.Schemas.BeneficiaryDetail.self).beneficiary.totals
            #expect(detail == totals)
        }
    }

    @Test("The estate summary, the item summary, the set and the pages answer with the totals marked")
    func summaries() async throws {
        try await withApp { app in
            // given
            let (owner, beneficiaryID) = try await Self.hugeHousehold(app)
            let browser = WebSession(app: app)
            _ = try await browser.post("/login", ["email": owner.email, "password": owner.password])

            // when
            let summary = try await app.api(.GET, "/api/estate/summary", token: owner.token)
            let sets = try await app.api(.GET, "/api/sets", token: owner.token)

            // then
            #expect(summary.status == .ok, "\(summary.body.string)")
            #expect(
                try summary.decoded(Components.Schemas.EstateSummary.self).totalsAvailable == false,
                "\(summary.body.string)")
            #expect(sets.status == .ok, "\(sets.body.string)")
            let value = try sets.decoded(Components.Schemas.ItemSetList.self).sets[0].value
            #expect(value == [.init(currencyCode: "USD", amount: "92233720368547758.07", tooLarge: true)])
            for path in ["/", "/items", "/items/reports", "/beneficiaries", "/beneficiaries/\(beneficiaryID)", "/sets"]
            {
                let page = try await browser.get(path)
                #expect(page.status == .ok, "\(path): \(page.body.string.prefix(300))")
                #expect(Self.unmarkedLargest(in: page.body.string) == 0, "\(path): a clamped total shown as exact")
            }
        }
    }

    @Test("Sets that fetched the largest amounts: the estate summary and the home page answer, totals left out")
    func fetchedBySets() async throws {
        try await withApp { app in
            // given 93 sets sold for 999,999,999,999,999.99 each: more than 64 bits of cents in all
            let owner = try await app.setUpHub()
            _ = try await app.api(.POST, "/api/items", token: owner.token, json: ["name": "Oak table"])
            for number in 1...93 {
                let set = try await app.api(
                    .POST, "/api/sets", token: owner.token,
                    json: [
                        "name": "Lot \(number)", "type": "other",
                        "disposition": ["value": "sell", "status": "done", "amount": "999999999999999.99"],
                    ])
                #expect(set.status == .created, "\(set.body.string)")
            }
            let browser = WebSession(app: app)
            _ = try await browser.post("/login", ["email": owner.email, "password": owner.password])

            // when
            let summary = try await app.api(.GET, "/api/estate/summary", token: owner.token)
            let home = try await browser.get("/")

            // then
            #expect(summary.status == .ok, "\(summary.body.string)")
            #expect(try summary.decoded(Components.Schemas.EstateSummary.self).totalsAvailable == false)
            #expect(try summary.decoded(Components.Schemas.EstateSummary.self).setCount == 93)
            #expect(home.status == .ok)
            #expect(home.body.string.contains("Some values are too large to add up exactly"))
        }
    }
}
