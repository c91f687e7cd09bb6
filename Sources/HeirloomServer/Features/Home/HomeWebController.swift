import Foundation
import HeirloomCore
import Vapor

/// Home: the household's summary and its sections.
struct HomeWebController {
    /// A part of Heirloom as Home shows it.
    struct Section: Encodable, Sendable {
        var key: String
        var title: String
        var href: String
        var description: String

        init(_ section: NavSection) {
            key = section.rawValue
            title = section.title
            href = section.url.path
            description = section.summary
        }

    }

    /// A way into the planning pages that the main navigation leaves out, for owners and editors.
    struct Shortcut: Encodable, Sendable {
        var title: String
        var href: String
        var description: String
    }

    /// A recorded story about an item, among the newest.
    struct Story: Encodable, Sendable {
        var title: String
        var itemName: String
        var href: String
        var when: String
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
        /// For owners, while the last scheduled backup failed: what went wrong.
        var backupProblem: BackupPage.Problem? = nil
        /// For the estate's holder who comes back: what happened while they were away (shown first).
        var holderNotice: PassingOnPages.ReturnNotice? = nil
        /// For the members other than the holder: a reported passing, or a release this month.
        var estateNotice: String? = nil
        /// For owners: who would not be (or was not) told what was left to them.
        var heirsToTell: String? = nil
        /// The wish rounds this member takes part in, through their account.
        var wishRounds: [WishRoundPages.Invitation] = []
        /// Binder entries whose expiry or review date is near, for the holder and owners.
        var binderReminders: [BinderPages.Notice] = []
        var sections: [Section]
        /// For owners after set-up: the first things to do, ticked off as they are done.
        var gettingStarted: GettingStartedPage? = nil
        /// Sets, sales and passing on, for those who plan.
        var shortcuts: [Shortcut] = []
        /// The treasure chest; its values only for owners and editors.
        var stats: Stats
        /// The estate at a glance, for owners and editors: totals, decisions, what is worth most and what to do next.
        var estate: DownsizingPages.Summary?
        /// Memories that happened on this day in earlier years.
        var onThisDay: [MemoryPages.Card]
        var today: String
        /// The newest memories and recorded stories: what the family added lately.
        var recentMemories: [MemoryPages.Card]
        var recentStories: [Story]
    }

    func home(req: Request) async throws -> Response {
        if try await req.heirloom.accounts.needsSetup() { return req.redirect(to: SiteURL.setup.path) }
        let principal = try req.principal()
        let items = req.heirloom.items
        let summary = try await items.summary(householdID: principal.householdID)
        let recent = try await items.list(.init(limit: 6), householdID: principal.householdID).items
        // Values are for those who plan: a viewer sees what is kept, and its worth only when an owner chose so.
        let seesValues = principal.seesValues
        let stats = HomePage.Stats(
            itemCount: summary.count,
            totals: seesValues ? summary.totals.map(\.displayString) : [],
            byCategory: summary.byCategory.map {
                .init(
                    name: $0.category.rawValue, count: $0.count,
                    totals: seesValues ? $0.totals.map(\.displayString) : [])
            },
            recent: recent.map(ItemPages.Card.init).map { card in
                var card = card
                if !seesValues { card.value = "" }
                return card
            }
        )
        let memories = req.heirloom.memories
        var model = HomePage(
            greeting: greeting(for: principal.name, at: req.heirloom.now),
            sections: NavSection.offered(to: principal.role).filter { $0 != .home }.map(Section.init),
            stats: stats,
            onThisDay: try await memories.onThisDay(req.heirloom.now, householdID: principal.householdID)
                .map(MemoryPages.Card.init),
            today: principal.days.monthAndDay(req.heirloom.now),
            recentMemories: try await memories.list(.init(limit: 4), householdID: principal.householdID).memories
                .map(MemoryPages.Card.init),
            recentStories: try await items.recentStories(householdID: principal.householdID).map {
                Story(
                    title: $0.title, itemName: $0.itemName,
                    href: SiteURL.item(.value($0.itemID)).path + "#stories", when: principal.days.day($0.recordedAt))
            }
        )
        if principal.role.canEdit {
            model.estate = .init(
                try await req.heirloom.downsizingSummary.summary(householdID: principal.householdID), canPlan: true)
            model.shortcuts = Self.shortcuts(for: principal.role)
        }
        model.gettingStarted = try await GettingStartedPage.load(req, principal: principal)
        let now = req.heirloom.now
        let estate = try await EstateService.ensure(householdID: principal.householdID, on: req.db)
        let estateState = estate.status.effectiveState(at: now)
        if principal.role.canManageHousehold {
            model.backupProblem = BackupPage.problem(try await BackupStatus.read(on: req.db), days: principal.days)
            model.heirsToTell = PassingOnPages.heirsToTellText(
                try await req.heirloom.heirs.heirs(by: principal), released: estateState == .released)
            model.binderReminders = try await req.heirloom.binderReview.dueEntries(by: principal).map {
                BinderPages.reminder($0)
            }
        }
        // The holder's name is read only when there is news of the estate for someone other than the holder.
        if estateState != .active, estate.$holder.id != principal.userID {
            try await estate.$holder.load(on: req.db)
            model.estateNotice = PassingOnPages.membersNotice(
                estate, reader: principal.userID, now: now, days: principal.days)
        }
        model.wishRounds = try await req.heirloom.wishes.rounds(of: principal).map(WishRoundPages.invitation)
        if let story = try await req.heirloom.holderReturn.story(for: principal) {
            model.holderNotice = PassingOnPages.returnNotice(story, days: principal.days)
        }
        let view = try await Page.render(
            .home, base: PageBase(request: req, title: "Home", nav: .home), model, on: req)
        return try await view.encodeResponse(for: req)
    }

    static func shortcuts(for role: HouseholdRole) -> [Shortcut] {
        var shortcuts = [
            Shortcut(
                title: "Sets", href: SiteURL.sets.path,
                description: "Things that belong together, kept and passed on as one."),
            Shortcut(
                title: "Sales", href: SiteURL.sales.path,
                description: "What is to be sold, with its price, its buyer and the money it brought."),
        ]
        if role.canManageHousehold {
            shortcuts.append(
                Shortcut(
                    title: "Passing on", href: SiteURL.passingOn.path,
                    description: "Who is told, and what they receive, when the time comes."))
        }
        return shortcuts
    }

    private func greeting(for name: String, at date: Date) -> String {
        let hour = Calendar.current.component(.hour, from: date)
        let part = hour < 12 ? "Good morning" : hour < 18 ? "Good afternoon" : "Good evening"
        let first = name.split(separator: " ").first.map(String.init) ?? name
        return "\(part), \(first)"
    }
}
