import Foundation
import Vapor

/// Home and the sections that later features fill.
struct HomeWebController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.get(use: home)
        for section in Section.all where section.status == "coming" {
            routes.get(PathComponent(stringLiteral: section.key)) { req in
                try await comingSoon(section, req: req)
            }
        }
    }

    /// A part of Heirloom as Home and the navigation show it.
    struct Section: Encodable, Sendable {
        var key: String
        var title: String
        var href: String
        var description: String
        var intro: String
        var status: String

        static let all: [Section] = [
            Section(
                key: "items", title: "Items", href: "/items",
                description: "Your treasure chest: the things that matter, with photos, papers and their stories.",
                intro:
                    "Here you will keep a record of the things your family owns and cares about — with photos, appraisals and receipts, recorded stories, categories and values — for insurance, downsizing and passing things on.",
                status: "ready"),
            Section(
                key: "beneficiaries", title: "Beneficiaries", href: "/beneficiaries",
                description: "Who should receive each item, and when, with a personal message.",
                intro:
                    "Here you will decide who receives each item — straight away, after a date, or upon your passing — and leave a personal message with it.",
                status: "ready"),
            Section(
                key: "memories", title: "Memories", href: "/memories",
                description: "The family’s photos, videos, voices and written memories.",
                intro:
                    "Here the family will gather photos, videos, voice recordings and written memories, and name the people in them.",
                status: "ready"),
            Section(
                key: "people", title: "People", href: "/people",
                description: "The people in your family’s memories.",
                intro:
                    "Here you will find everyone who appears in the family’s memories, with their pictures and relationships.",
                status: "ready"),
            Section(
                key: "journal", title: "Journal", href: "/journal",
                description: "Your own private notes, in drawers only you can open.",
                intro:
                    "Here you will keep your own voice and written notes in drawers, like a library card catalogue. Nobody else in the household can read them.",
                status: "ready"),
            Section(
                key: "settings", title: "Settings", href: "/settings",
                description: "Your household, its members and invitations, your sessions and password.",
                intro: "", status: "ready"),
        ]
    }

    struct HomePage: Encodable {
        struct Stats: Encodable {
            struct Category: Encodable {
                var name: String
                var count: Int
                var totals: [String]
            }

            var itemCount: Int
            var totals: [String]
            var byCategory: [Category]
            var recent: [ItemPages.Card]
        }

        var greeting: String
        var sections: [Section]
        var stats: Stats
        /// Memories that happened on this day in earlier years.
        var onThisDay: [MemoryPages.Card]
        var today: String
    }

    struct ComingSoonPage: Encodable {
        var section: Section
    }

    func home(req: Request) async throws -> Response {
        if try await req.heirloom.accounts.needsSetup() { return req.redirect(to: "/setup") }
        let principal = try req.principal()
        let items = req.heirloom.items
        let summary = try await items.summary(householdID: principal.householdID)
        let recent = try await items.list(.init(limit: 6), householdID: principal.householdID).items
        let stats = HomePage.Stats(
            itemCount: summary.count,
            totals: summary.totals.map(\.displayString),
            byCategory: summary.byCategory.map {
                .init(name: $0.category.rawValue, count: $0.count, totals: $0.totals.map(\.displayString))
            },
            recent: try recent.map(ItemPages.Card.init)
        )
        let model = HomePage(
            greeting: greeting(for: principal.name, at: req.heirloom.now),
            // A viewer never learns who gets what, so the section is not offered to them.
            sections: Section.all.filter { principal.role.canEdit || $0.key != "beneficiaries" },
            stats: stats,
            onThisDay: try await req.heirloom.memories.onThisDay(req.heirloom.now, householdID: principal.householdID)
                .map(MemoryPages.Card.init),
            today: WebFormat.monthAndDay(req.heirloom.now)
        )
        let view = try await Page.render(
            "home", base: PageBase(request: req, title: "Home", nav: "home"), model, on: req)
        return try await view.encodeResponse(for: req)
    }

    func comingSoon(_ section: Section, req: Request) async throws -> View {
        _ = try req.principal()
        let base = PageBase(request: req, title: section.title, nav: section.key)
        return try await Page.render("coming-soon", base: base, ComingSoonPage(section: section), on: req)
    }

    private func greeting(for name: String, at date: Date) -> String {
        let hour = Calendar.current.component(.hour, from: date)
        let part = hour < 12 ? "Good morning" : hour < 18 ? "Good afternoon" : "Good evening"
        let first = name.split(separator: " ").first.map(String.init) ?? name
        return "\(part), \(first)"
    }
}
