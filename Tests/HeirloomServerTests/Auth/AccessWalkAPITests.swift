import Foundation
import HeirloomAPI
import HeirloomCore
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

/// Every operation of the generated JSON API sent as every reader in every state of the estate, with the real objects
/// of the household in its path, and the answer compared with `AccessRule`: the API's half of the route walk.
@Suite(
    "Every API operation, called as every reader in every state of the estate",
    .enabled(if: TestDatabase.isFirstDatabase, "the rule answers before the database is asked; run once, on SQLite"))
struct AccessWalkAPITests {
    @Test(
        "every reader, in every state, is let in or refused as AccessRule says, and refusals change nothing",
        arguments: EstateState.allCases
    )
    func walk(state: EstateState) async throws {
        try await withApp { app in
            // given one real object of every kind, every kind of reader with their token, and the estate in `state`
            let fixture = try await app.makeRouteGuardFixture()
            let callers = try await app.walkCallers(fixture, in: state)
            let start = try await fixture.state(app)
            var before = try await fixture.state(app, reads: false)
            var checked = (refused: 0, allowed: 0)

            for (key, access) in APIAccess.table.sorted(by: { $0.key < $1.key }) where access != .anyone {
                let parts = key.split(separator: " ", maxSplits: 1)
                let method = HTTPMethod(rawValue: String(parts[0]))
                let path = fixture.apiPath(String(parts[1]))
                for caller in callers {
                    let expected = WalkExpectation.of(access, for: caller.reader, in: state, api: true)
                    guard expected.isRefusal || (method == .GET && expected != .unchecked) else { continue }
                    // when the caller calls it with their own token (none when signed out) and an empty body
                    let response = try await app.api(
                        method, path, token: caller.apiToken, json: method == .GET ? nil : [String: String]())
                    // then the answer is the one the rule gives
                    expected.checkAPI(response, "\(key) as \(caller.name) in \(state)")
                    if expected.isRefusal { checked.refused += 1 } else { checked.allowed += 1 }
                }
                // and no row was added or removed
                let after = try await fixture.state(app, reads: false)
                #expect(after == before, "\(key) changed \(after.filter { !before.contains($0) })")
                before = after
            }
            // and every main object reads as it did before the walk
            let end = try await fixture.state(app)
            #expect(end == start, "changed \(end.filter { !start.contains($0) })")
            #expect(checked.refused > 700)
            #expect(checked.allowed > 120)
        }
    }
}

extension WalkExpectation {
    /// As `check`, for a call of the JSON API: a refusal by the rule is the API's error shape, never a redirect.
    func checkAPI(_ response: TestingHTTPResponse, _ what: String) {
        switch self {
        case .refused(let status, _, let message):
            let signedOut = status == .seeOther
            WalkExpectation.refused(signedOut ? .unauthorized : status, location: nil, message: message)
                .check(response, what)
        case .refusedByLink:
            // (a trusted contact is told the wish rounds wait for the release: 409 not_released)
            #expect([401, 403, 404, 409].contains(response.status.code), "\(what): \(response.status)")
        case .allowed:
            let status = response.status.code
            #expect(
                ![401, 403].contains(status) && status < 500,
                "\(what): \(response.status) \(response.body.string.prefix(200))")
        case .unchecked:
            break
        }
    }
}

extension RouteGuardFixture {
    /// The operation's path (as the API document writes it) with each parameter filled with the real object it
    /// names, or a new id where the fixture has none of its kind.
    func apiPath(_ template: String) -> String {
        let segments = template.split(separator: "/").map(String.init)
        let aliases = [
            "photoId": "photoID", "documentId": "documentID", "audioId": "audioID", "linkId": "linkID",
            "beneficiaryId": "beneficiaries", "userId": "members", "key": "section", "batches": "batchID",
        ]
        var filled: [String] = []
        for (index, segment) in segments.enumerated() {
            guard segment.hasPrefix("{"), segment.hasSuffix("}") else {
                filled.append(segment)
                continue
            }
            let name = String(segment.dropFirst().dropLast())
            var kind = name == "id" && index > 0 ? segments[index - 1] : name
            if name == "stepId" { kind = segments[2] == "sets" ? "setStep" : "itemStep" }
            kind = aliases[kind] ?? kind
            filled.append(ids[kind] ?? UUID().uuidString)
        }
        return filled.joined(separator: "/")
    }
}
