import Foundation
import HeirloomCore
import Vapor

@testable import HeirloomServer

/// What the page snapshots share: fixed ids and days, the family they show, and rendering a whole page the way
/// the controllers do (`Page.render` with a `PageBase`), through a real app's Leaf renderer.
enum PageFixtures {
    /// Midday UTC on November 22, 2026, so the day is the same in every time zone a machine might have.
    static let day = Date(timeIntervalSince1970: 1_795_348_800)

    /// A fixed id: `7E57AB1E-0000-4000-8000-00000000000n`.
    static func id(_ number: Int) -> UUID {
        UUID(uuidString: "7E57AB1E-0000-4000-8000-" + String(format: "%012d", number))!
    }

    /// `day` moved by whole days (still midday UTC).
    static func day(_ offset: Int) -> Date { day.addingTimeInterval(Double(offset) * 86_400) }

    /// Days and times as pages write them, in UTC (a page uses the household's or the estate's zone).
    static let days = DayText(zone: TimeZone(identifier: "UTC")!)

    static let householdID = id(900)
    static let userID = id(901)
    static let tokenID = id(902)

    /// Margaret, signed in to the Hartleys' hub.
    static func principal(role: HouseholdRole) -> Principal {
        Principal(
            userID: userID, name: "Margaret Hartley", email: "margaret@example.com", householdID: householdID,
            householdName: "The Hartleys", householdCurrency: "USD", role: role, tokenID: tokenID,
            tokenKind: .session, viaCookie: true)
    }

    /// The page's HTML, rendered as a controller renders it; `role` nil renders it for someone not signed in.
    static func html(
        _ template: Template, title: String, nav: NavSection = .none, role: HouseholdRole? = .owner,
        _ model: some Encodable, base adjust: (inout PageBase) -> Void = { _ in }
    ) async throws -> String {
        try await html(template, title: title, nav: nav, role: role, model: { _ in model }, base: adjust)
    }

    /// The same, for a model that needs the app to be made (one built from the hub's services).
    static func html<Model: Encodable>(
        _ template: Template, title: String, nav: NavSection = .none, role: HouseholdRole? = .owner,
        model: (Application) throws -> Model, base adjust: (inout PageBase) -> Void = { _ in }
    ) async throws -> String {
        var html = ""
        try await withApp { app in
            let request = Request(application: app, on: app.eventLoopGroup.next())
            // A fixed CSRF cookie, so the token in every form is the same on every run.
            request.headers.cookie = [CSRF.cookieName: .init(string: String(repeating: "c", count: 43))]
            if let role { request.auth.login(principal(role: role)) }
            var base = PageBase(request: request, title: title, nav: nav)
            adjust(&base)
            let view = try await Page.render(template, base: base, try model(app), on: request)
            html = String(buffer: view.data)
        }
        return versionless(html)
    }

    /// The page with its assets' version named once for all: it changes with every stylesheet or script.
    static func versionless(_ html: String) -> String {
        html.replacing(#/\/assets\/[0-9a-f]{12}\//#, with: "/assets/VERSION/")
    }
}
