import Foundation
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

/// The printed reports, read back with poppler's tools as a person's PDF viewer would show them.
@Suite("Printed reports")
struct ReportTests {
    @Test("The estate inventory, the insurance inventory and a beneficiary's packet say what they should")
    func threeReports() async throws {
        try await withApp { app in
            // given
            let household = try await app.makeFullHousehold()

            for (path, words) in [
                (
                    "/api/reports/estate.pdf",
                    [
                        "Estate inventory", "Grandmother’s silver tea set", "$1,250.50",
                        "To Daisy Miller: upon Ann Miller’s passing",
                        "Daisy Miller: 1 item, $1,250.50", "Page 1 of 1", "The Miller Family",
                    ]
                ),
                (
                    "/api/reports/insurance.pdf",
                    [
                        "Insurance inventory", "Purchase value: $300", "June 14, 1962",
                        "Appraisal: Valuation for the insurer, 2019 (PDF)",
                        "Made by: Walker & Hall", "Serial number: WH 1923/114",
                    ]
                ),
                (
                    "/api/beneficiaries/\(household.beneficiaryID)/packet.pdf",
                    ["For Daisy Miller", "For your Sunday teas, with love.", "Upon Ann Miller’s passing"]
                ),
            ] {
                // when
                let response = try await app.download(path, token: household.editor.token)

                // then
                #expect(response.status == .ok, "\(path): \(response.body.string.prefix(300))")
                #expect(response.headers.contentType == HTTPMediaType(type: "application", subType: "pdf"))
                let text = try await Self.pdfText(Data(response.body.readableBytesView))
                for word in words { #expect(text.contains(word), "\(path): \(word) in \(text)") }
            }
        }
    }

    @Test("Alike pieces: a report prints the price of each and counts every piece in its totals")
    func quantities() async throws {
        try await withApp { app in
            let owner = try await app.setUpHub()
            _ = try await app.item(
                ["name": "Dining chairs", "estimatedValue": "50", "purchasePrice": "20", "quantity": 6],
                token: owner.token)
            _ = try await app.item(["name": "Mirror", "estimatedValue": "100"], token: owner.token)
            let insurance = try await Self.pdfText(
                Data(try await app.download("/api/reports/insurance.pdf", token: owner.token).body.readableBytesView))
            #expect(insurance.contains("Estimated value: $50 each, 6 pieces: $300"), "\(insurance)")
            #expect(insurance.contains("Purchase value: $20 each, 6 pieces: $120"), "\(insurance)")
            let estate = try await Self.pdfText(
                Data(try await app.download("/api/reports/estate.pdf", token: owner.token).body.readableBytesView))
            #expect(estate.contains("All items: $400"), "\(estate)")
        }
    }

    @Test("Viewers are told the reports do not exist; the paper follows the household or the query")
    func guardsAndPaper() async throws {
        try await withApp { app in
            let household = try await app.makeFullHousehold()
            for path in [
                "/api/reports/estate.pdf", "/api/reports/insurance.pdf",
                "/api/beneficiaries/\(household.beneficiaryID)/packet.pdf",
            ] {
                #expect(try await app.download(path, token: household.viewer.token).status == .notFound, "\(path)")
            }
            let unknown = try await app.download(
                "/api/beneficiaries/\(UUID())/packet.pdf", token: household.owner.token)
            #expect(unknown.status == .notFound)

            let letter = try await app.download("/api/reports/estate.pdf", token: household.owner.token)
            let a4 = try await app.download("/api/reports/estate.pdf?paper=a4", token: household.owner.token)
            #expect(try await Self.pageSize(Data(letter.body.readableBytesView)).contains("612 x 792"))
            #expect(try await Self.pageSize(Data(a4.body.readableBytesView)).contains("595.28 x 841.89"))
            let bad = try await app.download("/api/reports/estate.pdf?paper=a3", token: household.owner.token)
            #expect(bad.status == .badRequest)

            // The household's own choice, which the query still overrides.
            let chosen = try await app.api(
                .PATCH, "/api/household", token: household.owner.token, json: ["paperSize": "a4"])
            #expect(chosen.status == .ok)
            let now = try await app.download("/api/reports/insurance.pdf", token: household.owner.token)
            #expect(try await Self.pageSize(Data(now.body.readableBytesView)).contains("595.28 x 841.89"))
            let asked = try await app.download("/api/reports/insurance.pdf?paper=letter", token: household.owner.token)
            #expect(try await Self.pageSize(Data(asked.body.readableBytesView)).contains("612 x 792"))
        }
    }

    static func pdfText(_ pdf: Data) async throws -> String {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("report-\(UUID()).pdf")
        try pdf.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try await ExternalTool.run("pdftotext", ["-layout", file.path, "-"])
        return String(decoding: result.output, as: UTF8.self)
    }

    static func pageSize(_ pdf: Data) async throws -> String {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("report-\(UUID()).pdf")
        try pdf.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        return String(decoding: try await ExternalTool.run("pdfinfo", [file.path]).output, as: UTF8.self)
    }
}
