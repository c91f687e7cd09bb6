import Foundation
import HeirloomAPI
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

/// Margaret keeps the binder; her son Tom helps as a second owner (her own requests would cancel a reported
/// passing, so Tom looks); Mary is her trusted contact; Lily, her granddaughter, a beneficiary.
struct BinderFamily {
    var margaret: Member
    var tom: Member
    var mary: String
    var lily: String

    /// A number that must never appear whole outside Margaret's own API answers (Tom, a co-owner, reads it masked).
    static let accountNumber = "40-11-62 91234567"
    /// A word that must never leave Margaret's own views.
    static let canary = "CANARY-PRIVATE-7731"

    static func make(_ app: Application) async throws -> BinderFamily {
        let margaret = try await app.setUpHub(name: "Margaret Hill", email: "margaret@example.com")
        let tom = try await app.addMember(role: "owner", by: margaret, name: "Tom Hill", email: "tom@example.com")
        let mary = try await app.executorSession(tom)
        let lily = try await app.beneficiary(["name": "Lily Hill", "email": "lily@example.com"], token: tom.token).id
        return BinderFamily(margaret: margaret, tom: tom, mary: mary, lily: lily)
    }

    /// Adds an entry as `token`; returns its id.
    @discardableResult
    func entry(_ app: Application, _ body: [String: any Sendable], token: String? = nil) async throws -> String {
        let response = try await app.api(.POST, "/api/binder/entries", token: token ?? margaret.token, json: body)
        #expect(response.status == .created, "\(response.body.string)")
        return try response.decoded(Components.Schemas.BinderEntry.self).id
    }

    /// Four entries: the bank (executors after the passing), the will (executors now), the funeral wishes (Lily
    /// after the passing), and a note Margaret keeps to herself.
    func fill(_ app: Application) async throws {
        try await entry(
            app,
            [
                "section": "money", "title": "Current account",
                "fields": [
                    "institution": "Barclays", "accountNumber": Self.accountNumber, "contactPhone": "0345 734 5345",
                ] as [String: String],
            ])
        try await entry(
            app,
            [
                "section": "legal", "title": "The will", "text": "Signed in 2019 with Hart & Co.",
                "fields": ["originalKeptAt": "the bureau, top drawer"] as [String: String],
                "visibility": BinderFamily.readers("now"),
            ])
        try await entry(
            app,
            [
                "section": "funeral", "title": "Funeral wishes", "text": "Hymns: Abide with me.",
                "visibility": BinderFamily.readers("afterPassing", [["beneficiaryId": lily, "when": "afterPassing"]]),
            ])
        try await entry(
            app,
            [
                "section": "other", "title": "For me alone", "text": "\(Self.canary) the spare key is under the pot.",
                "visibility": BinderFamily.readers("never"),
            ])
    }

    /// Reports the passing as Mary and lets the waiting period run out; Tom looks, Margaret stays away.
    func release(_ app: Application, clock: TestClock) async throws {
        let report = try await app.api(
            .POST, "/api/executor/report", token: mary, json: ["dateOfPassing": "2026-01-02"])
        #expect(report.status == .ok, "\(report.body.string)")
        clock.advance(by: 15 * 86_400)
        try await app.runScheduler()
    }

    /// A "who may read it" body.
    static func readers(_ executors: String, _ grants: [[String: String]] = []) -> [String: any Sendable] {
        ["executors": executors, "beneficiaries": grants]
    }

    /// The titles an outsider's binder answer holds.
    static func titles(_ response: TestingHTTPResponse) throws -> [String] {
        #expect(response.status == .ok, "\(response.body.string)")
        return try response.decoded(Components.Schemas.Binder.self).sections.flatMap(\.entries).map(\.title).sorted()
    }
}
