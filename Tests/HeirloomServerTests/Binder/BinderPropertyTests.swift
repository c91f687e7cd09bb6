import Foundation
import HeirloomAPI
import HeirloomCore
import PropertyBased
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

/// What can happen between two looks at the binder from outside.
enum BinderStep: CaseIterable, Sendable {
    case report, holderVisits, advanceDay, advanceWeek, runScheduler, reopen, changeSection
}

@Suite("The estate binder: what outsiders read equals the rule")
struct BinderPropertyTests {
    /// Random binders (each entry's readers chosen or following its section), random reports, cancels, releases,
    /// reopenings, section changes and days: at every step the executor's API and page and the beneficiary's API and
    /// page show exactly the entries `BinderRelease` allows.
    @Test("at every step executors and beneficiaries read exactly what the rule allows, on the API and the page")
    func outsidersEqualRule() async {
        await propertyCheck(
            count: 10, input: Gen.int(in: 0...23).array(of: 1...6), Gen<BinderStep>.case.array(of: 1...10),
            Gen.int(in: 0...2).array(of: 10)
        ) { entries, steps, choices in
            try await Self.check(entries: entries, steps: steps, choices: choices)
        }
    }

    static let executorChoices: [ExecutorAccess?] = [nil, .never, .now, .afterPassing]
    static let lilyChoices: [BinderMoment?] = [nil, .now, .afterPassing]
    static let sections: [BinderSection] = [.money, .legal]

    static func check(entries seeds: [Int], steps: [BinderStep], choices: [Int]) async throws {
        let clock = TestClock()
        try await withApp(clock: clock) { app in
            // given: Margaret's binder of random entries, seen by Mary (executor) and Lily (beneficiary)
            let family = try await BinderFamily.make(app)
            var mary = family.mary
            var lily = try await app.recipientSession(family.lily, email: "lily@example.com", owner: family.tom)
            var since = clock.now
            let lilyID = try #require(UUID(uuidString: family.lily))
            var own: [String: BinderVisibility?] = [:]
            var entrySection: [String: BinderSection] = [:]
            for (index, seed) in seeds.enumerated() {
                let title = "Entry \(index)"
                let section = sections[seed % 2]
                var body: [String: any Sendable] = ["section": section.rawValue, "title": title]
                var visibility: BinderVisibility?
                if let executors = executorChoices[(seed / 2) % 4] {
                    let grant = lilyChoices[(seed / 8) % 3].map { BinderGrant(beneficiaryID: lilyID, when: $0) }
                    visibility = BinderVisibility(executors: executors, beneficiaries: grant.map { [$0] } ?? [])
                    body["visibility"] = BinderFamily.readers(
                        executors.rawValue,
                        grant.map { [["beneficiaryId": family.lily, "when": $0.when.rawValue]] } ?? [])
                }
                try await family.entry(app, body)
                own[title] = visibility
                entrySection[title] = section
            }
            var sectionVisibility: [BinderSection: BinderVisibility] = [
                .money: .sectionDefault, .legal: .sectionDefault,
            ]
            var model = EstateStatus()
            for (number, step) in steps.enumerated() {
                // when
                let choice = choices[number % choices.count]
                switch step {
                case .report:
                    let response = try await app.api(
                        .POST, "/api/executor/report", token: mary, json: ["dateOfPassing": "2026-01-02"])
                    do {
                        try model.report(at: clock.now, waitingPeriodDays: EstateRules.defaultWaitingPeriodDays)
                        #expect(response.status == .ok, "\(response.body.string)")
                    } catch {
                        #expect(response.status == .conflict)
                    }
                case .holderVisits:
                    _ = try await app.api(.GET, "/api/binder", token: family.margaret.token)
                    try? model.cancel(at: clock.now)
                case .advanceDay: clock.advance(by: 86_400)
                case .advanceWeek: clock.advance(by: 7 * 86_400)
                case .runScheduler:
                    try await app.runScheduler()
                    model.releaseIfDue(at: clock.now)
                case .reopen:
                    let response = try await app.api(.POST, "/api/estate/reopen", token: family.tom.token)
                    do {
                        try model.reopen(at: clock.now)
                        #expect(response.status == .ok)
                    } catch {
                        #expect(response.status == .conflict)
                    }
                case .changeSection:
                    let section = sections[choice % 2]
                    let executors = [ExecutorAccess.never, .now, .afterPassing][choice]
                    let grants = choice == 1 ? [["beneficiaryId": family.lily, "when": "afterPassing"]] : []
                    let response = try await app.api(
                        .PUT, "/api/binder/sections/\(section.rawValue)", token: family.tom.token,
                        json: ["visibility": BinderFamily.readers(executors.rawValue, grants)])
                    let chosen = BinderVisibility(
                        executors: executors,
                        beneficiaries: choice == 1 ? [BinderGrant(beneficiaryID: lilyID, when: .afterPassing)] : [])
                    // Tom is another owner: what Margaret keeps to herself stays hers
                    if BinderRelease.mayChangeReaders(
                        from: sectionVisibility[section]!, to: chosen, by: .owner(isAuthor: false))
                    {
                        #expect(response.status == .ok, "\(response.body.string)")
                        sectionVisibility[section] = chosen
                    } else {
                        #expect(response.status == .forbidden, "\(response.body.string)")
                    }
                }
                // A session lasts 30 days; after that each opens the link in their email again.
                if clock.now.timeIntervalSince(since) >= OutsiderSessions.lifetime - 86_400 {
                    mary = try await app.reopenLink(for: "mary@example.com", owner: family.tom, as: "executor")
                    lily = try await app.reopenLink(for: "lily@example.com", owner: family.tom, as: "recipient")
                    since = clock.now
                }
                // then
                func expected(_ reader: BinderReader) -> [String] {
                    own.keys.filter { title in
                        let visibility = own[title]! ?? sectionVisibility[entrySection[title]!]!
                        return BinderRelease.isVisible(visibility, to: reader, estate: model, at: clock.now)
                    }.sorted()
                }
                let context = "after \(step) in \(steps), entries \(seeds)"
                let executorSees = expected(.executor)
                let lilySees = expected(.beneficiary(lilyID))
                #expect(
                    try BinderFamily.titles(try await app.api(.GET, "/api/executor/binder", token: mary))
                        == executorSees, "\(context)")
                #expect(
                    try BinderFamily.titles(try await app.api(.GET, "/api/recipient/binder", token: lily))
                        == lilySees, "\(context)")
                let maryPage = try await Self.page("/executor", cookie: "heirloom_executor", token: mary, app)
                let lilyPage = try await Self.page("/r", cookie: "heirloom_recipient", token: lily, app)
                for title in own.keys {
                    #expect(
                        maryPage.contains(">\(title)<") == executorSees.contains(title), "Mary, \(title), \(context)")
                    #expect(lilyPage.contains(">\(title)<") == lilySees.contains(title), "Lily, \(title), \(context)")
                }
            }
        }
    }

    /// An outsider's page, read with their session in its cookie.
    static func page(_ path: String, cookie: String, token: String, _ app: Application) async throws -> String {
        var headers = HTTPHeaders()
        headers.add(name: .cookie, value: "\(cookie)=\(token)")
        let response = try await app.testing().sendRequest(.GET, path, headers: headers)
        #expect(response.status == .ok, "\(path): \(response.status)")
        return response.body.string
    }
}
