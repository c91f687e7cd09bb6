import Foundation
import HeirloomAPI
import HeirloomCore
import PropertyBased
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

/// What can happen to a household's plan between two looks at the recipient's page.
enum PlanStep: CaseIterable, Sendable {
    case report, holderVisits, advanceHour, advanceDay, advanceWeek, runScheduler, reopen, invite
}

@Suite("Passing on: the recipient API equals the release rule")
struct RecipientPropertyTests {
    /// Random estates, links, reports, cancels and dates: at every step, what the recipient API returns is exactly
    /// what `RecipientVisibility` answers for each link, the estate the hub reports and the moment.
    @Test("at every step the recipient sees exactly what the rule allows")
    func recipientEqualsRule() async {
        await propertyCheck(
            count: 12, input: Gen<PlanStep>.case.array(of: 1...14), Gen.int(in: -20...40).array(of: 4)
        ) { steps, offsets in
            try await Self.check(steps: steps, offsets: offsets)
        }
    }

    static func check(steps: [PlanStep], offsets: [Int]) async throws {
        let clock = TestClock()
        let zone = "Pacific/Auckland"
        try await withApp(clock: clock) { app in
            // given: a household in a time zone far from UTC, a second owner who looks (the holder's own requests
            // would cancel a report), an executor, and four links with random rules
            let holder = try await app.setUpHub()
            let other = try await app.addMember(role: "owner", by: holder, name: "Tom Miller", email: "tom@example.com")
            _ = try await app.api(
                .PUT, "/api/estate", token: other.token, json: ["timeZone": zone, "waitingPeriodDays": 2])
            var executor = try await app.executorSession(other)
            var executorSince = clock.now
            let sam = try await app.beneficiary(["name": "Sam", "email": "sam@example.com"], token: other.token)
            var rules: [String: ReleaseRule] = [:]
            for (index, offset) in offsets.enumerated() {
                let item = try await app.item(["name": "Item \(index)"], token: other.token)
                var body: [String: any Sendable] = ["beneficiaryId": sam.id]
                let rule: ReleaseRule
                switch offset {
                case ..<(-10):
                    body["accessPermission"] = "immediate"
                    rule = .immediate
                case ...0:
                    body["accessPermission"] = "uponPassing"
                    rule = .uponPassing
                default:
                    let day = Day(clock.now.addingTimeInterval(Double(offset) * 3600 * 6), in: .gmt)
                    body["accessPermission"] = "afterSpecificDate"
                    body["accessDate"] = day.text
                    rule = .afterSpecificDate(day.start(in: .gmt))
                }
                let linked = try await app.api(
                    .POST, "/api/items/\(item.id)/beneficiaries", token: other.token, json: body)
                #expect(linked.status == .created, "\(linked.body.string)")
                rules[item.name] = rule
            }
            var recipient: String?
            var recipientSince = clock.now
            var invited = false
            // A session lasts 30 days; after that, each opens the link in their email again.
            func fresh(_ since: Date) -> Bool { clock.now.timeIntervalSince(since) < OutsiderSessions.lifetime }
            var model = EstateStatus()
            for step in steps {
                // when
                switch step {
                case .report:
                    if !fresh(executorSince) {
                        executor = try await app.reopenLink(for: "mary@example.com", owner: other, as: "executor")
                        executorSince = clock.now
                    }
                    let response = try await app.api(
                        .POST, "/api/executor/report", token: executor,
                        json: ["dateOfPassing": Day(clock.now, in: TimeZone(identifier: zone)!).text])
                    do {
                        try model.report(at: clock.now, waitingPeriodDays: 2)
                        #expect(response.status == .ok, "\(response.body.string)")
                    } catch {
                        #expect(response.status == .conflict)
                    }
                case .holderVisits:
                    _ = try await app.api(.GET, "/api/items", token: holder.token)
                    try? model.cancel(at: clock.now)
                case .advanceHour: clock.advance(by: 3600)
                case .advanceDay: clock.advance(by: 86_400)
                case .advanceWeek: clock.advance(by: 7 * 86_400)
                case .runScheduler:
                    try await app.runScheduler()
                    model.releaseIfDue(at: clock.now)
                case .reopen:
                    let response = try await app.api(.POST, "/api/estate/reopen", token: other.token)
                    do {
                        try model.reopen(at: clock.now)
                        #expect(response.status == .ok)
                    } catch {
                        #expect(response.status == .conflict)
                    }
                case .invite:
                    recipient = try await app.recipientSession(sam.id, email: "sam@example.com", owner: other)
                    recipientSince = clock.now
                    invited = true
                }
                // then: the hub's estate is the model's, and the recipient sees what the rule says
                let estate = try await app.api(.GET, "/api/estate", token: other.token)
                #expect(
                    try estate.decoded(Components.Schemas.Estate.self).state.rawValue == model.state.rawValue,
                    "after \(step) in \(steps)")
                guard recipient != nil else { continue }
                if !fresh(recipientSince) {
                    recipient = try await app.reopenLink(for: "sam@example.com", owner: other, as: "recipient")
                    recipientSince = clock.now
                }
                let token = try #require(recipient)
                let expected = rules.filter { _, rule in
                    RecipientVisibility.isVisible(
                        rule, estate: model, at: clock.now, timeZone: TimeZone(identifier: zone)!, invited: invited)
                }.keys.sorted()
                #expect(try await app.recipientItems(token) == expected, "after \(step) in \(steps)")
            }
        }
    }
}
