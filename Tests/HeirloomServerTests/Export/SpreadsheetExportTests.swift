import Foundation
import HeirloomAPI
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

/// items.csv as a spreadsheet opens it: nothing a person typed is run as a formula.
@Suite("The items spreadsheet")
struct SpreadsheetExportTests {
    @Test("A name, a description and a beneficiary that look like formulas are written as text; amounts stay numbers")
    func formulasAreWrittenAsText() async throws {
        try await withApp { app in
            // given
            let owner = try await app.setUpHub()
            let item = try await app.api(
                .POST, "/api/items", token: owner.token,
                json: [
                    "name": "=HYPERLINK(\"http://x\",\"y\")", "description": "-2+3", "estimatedValue": "1250.50",
                    "purchasePrice": "300",
                ])
            #expect(item.status == .created, "\(item.body.string)")
            let itemID = try item.decoded(Components.Schemas.Item.self).id
            let beneficiary = try await app.api(
                .POST, "/api/beneficiaries", token: owner.token, json: ["name": "@Daisy", "relationship": "daughter"])
            #expect(beneficiary.status == .created, "\(beneficiary.body.string)")
            let link = try await app.api(
                .POST, "/api/items/\(itemID)/beneficiaries", token: owner.token,
                json: ["beneficiaryId": try beneficiary.decoded(Components.Schemas.Beneficiary.self).id])
            #expect(link.status == .created, "\(link.body.string)")

            // when
            let response = try await app.download("/api/export", token: owner.token)

            // then
            #expect(response.status == .ok, "\(response.body.string.prefix(300))")
            let csv = try ZIPContents(Data(response.body.readableBytesView)).text("items.csv")
            let row = try #require(csv.split(whereSeparator: \.isNewline).dropFirst().first.map(String.init))
            #expect(
                row == #""'=HYPERLINK(""http://x"",""y"")",Other,1250.50,300.00,USD,'-2+3,'@Daisy,1,1250.50"#, "\(csv)")
            #expect(!csv.contains("\"=") && !csv.contains(",=") && !csv.contains(",-2"), "\(csv)")
        }
    }
}
