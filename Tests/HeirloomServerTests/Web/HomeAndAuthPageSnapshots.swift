import Foundation
import HeirloomCore
import SnapshotTesting
import Testing

@testable import HeirloomServer

/// Home, the account pages and the error page, rendered whole from fixture models. `home/index` also covers
/// the `memories/card` partial ("On this day"). `auth/login` and `shared/confirm` are in `PageSnapshotTests`,
/// and every page here covers `shared/layout`.
@Suite("Home and account pages, as snapshots")
struct HomeAndAuthPageSnapshots {
    @Test("Home for an owner: the summary, the estate at a glance, on this day and a failed backup")
    func home() async throws {
        var model = HomeWebController.HomePage(
            greeting: "Good afternoon, Margaret",
            sections: NavSection.offered(to: .owner).filter { $0 != .home }.map(HomeWebController.Section.init),
            stats: .init(
                itemCount: 4, totals: ["$4,925.00"],
                byCategory: [
                    .init(name: "Furniture", count: 1, totals: ["$2,500.00"]),
                    .init(name: "Jewelry", count: 1, totals: ["$1,800.00"]),
                ],
                recent: [try ItemPages.Card(FamilyFixtures.clock()), try ItemPages.Card(FamilyFixtures.ring())]),
            estate: .init(try FamilyFixtures.estateSummary()),
            onThisDay: [try MemoryFixtures.card(MemoryFixtures.christmas())], today: "November 22",
            recentMemories: [try MemoryFixtures.card(MemoryFixtures.christmas())],
            recentStories: [
                .init(
                    title: "How it came from Vienna", itemName: "Grandfather clock", href: "/items/1#stories",
                    when: "November 20, 2026")
            ])
        model.shortcuts = HomeWebController.shortcuts(for: .owner)
        model.gettingStarted = GettingStartedPage(
            steps: HeirloomCore.GettingStarted.Step.allCases.map {
                .init(
                    label: GettingStartedPage.label($0), hint: GettingStartedPage.hint($0),
                    href: GettingStartedPage.href($0), done: $0 == .firstItem)
            }, doneCount: 1, dismissAction: SiteURL.gettingStartedDismiss.path)
        model.backupProblem = .init(
            when: "November 22, 2026 at 3:30 AM", lastSuccess: "No backup has succeeded yet.",
            message: "The backup disk is full.")
        let html = try await PageFixtures.html(.home, title: "Home", nav: .home, model)
        assertSnapshot(of: html, as: .lines)
    }

    @Test("Home for a viewer: memories and stories first, the treasure chest without values, no estate")
    func homeForViewer() async throws {
        var card = try ItemPages.Card(FamilyFixtures.clock())
        card.value = ""
        let model = HomeWebController.HomePage(
            greeting: "Good afternoon, Emily",
            sections: NavSection.offered(to: .viewer).filter { $0 != .home }.map(HomeWebController.Section.init),
            stats: .init(
                itemCount: 4, totals: [], byCategory: [.init(name: "Furniture", count: 1, totals: [])],
                recent: [card]),
            estate: nil, onThisDay: [], today: "November 22", recentMemories: [], recentStories: [])
        let html = try await PageFixtures.html(.home, title: "Home", nav: .home, role: .viewer, model)
        #expect(!html.contains("$"))
        #expect(!html.contains("The estate at a glance"))
        #expect(html.contains("No memories yet"))
        assertSnapshot(of: html, as: .lines)
    }

    @Test("Welcome to Heirloom: the first account, with the errors it was sent back with")
    func setup() async throws {
        let model = AuthWebController.AccountFormPage(
            form: ["householdName": "The Hartleys", "name": "Margaret Hartley", "email": "margaret@example.com"],
            errors: ["password": "The password must be at least 10 characters."])
        let html = try await PageFixtures.html(.setup, title: "Welcome to Heirloom", role: nil, model)
        assertSnapshot(of: html, as: .lines)
    }

    @Test("Start a new family hub")
    func register() async throws {
        let model = AuthWebController.AccountFormPage(
            form: ["householdName": "", "name": "", "email": ""], errors: [:])
        let html = try await PageFixtures.html(.register, title: "Start a new family hub", role: nil, model)
        assertSnapshot(of: html, as: .lines)
    }

    @Test("Join the Hartleys: an invitation as a viewer")
    func invite() async throws {
        let model = AuthWebController.InvitePage(
            invitation: .init(householdName: "The Hartleys", role: "viewer", invitedBy: "Margaret Hartley"),
            token: String(repeating: "i", count: 43), form: ["name": "Emily Hartley", "email": "emily@example.com"],
            errors: [:])
        let html = try await PageFixtures.html(.invite, title: "Join The Hartleys", role: nil, model)
        assertSnapshot(of: html, as: .lines)
    }

    @Test("An invitation that can no longer be used")
    func inviteInvalid() async throws {
        let model = AuthWebController.InviteInvalidPage(
            reason: "This invitation has expired. Please ask Margaret Hartley for a new one.")
        let html = try await PageFixtures.html(.inviteInvalid, title: "Invitation", role: nil, model)
        assertSnapshot(of: html, as: .lines)
    }

    @Test("Choose a password from an owner's link, with the passwords that did not match")
    func passwordLink() async throws {
        let model = PasswordLinkWebController.Model(
            name: "Ruth Hartley", email: "ruth@example.com", token: String(repeating: "t", count: 43),
            isReset: false, errors: ["confirmPassword": "The two passwords are not the same."])
        let html = try await PageFixtures.html(.passwordLink, title: "Choose a password", role: nil, model)
        assertSnapshot(of: html, as: .lines)
    }

    @Test("Choose a new password from a reset link the member asked for")
    func passwordReset() async throws {
        let model = PasswordLinkWebController.Model(
            name: "Ruth Hartley", email: "ruth@example.com", token: String(repeating: "t", count: 43),
            isReset: true, errors: [:])
        let html = try await PageFixtures.html(.passwordLink, title: "Choose a new password", role: nil, model)
        assertSnapshot(of: html, as: .lines)
    }

    @Test("Confirm your email address: the link's one button")
    func emailConfirmation() async throws {
        let model = EmailConfirmationWebController.Model(
            name: "Emily Hartley", email: "emily@example.com", token: String(repeating: "k", count: 43), done: false)
        let html = try await PageFixtures.html(.emailConfirmation, title: "Your email address", role: nil, model)
        assertSnapshot(of: html, as: .lines)
    }

    @Test("Forgot your password? The form, sent back with an address that is not one")
    func passwordForgot() async throws {
        let model = PasswordForgotWebController.Model(
            email: "ruth at example", sent: false, deliversMail: true,
            errors: ["email": "That does not look like an email address, like ann@example.com."])
        let html = try await PageFixtures.html(.passwordForgot, title: "Forgot your password?", role: nil, model)
        assertSnapshot(of: html, as: .lines)
    }

    @Test("Check your email, on a hub that does not send email itself")
    func passwordForgotSent() async throws {
        let model = PasswordForgotWebController.Model(
            email: "ruth@example.com", sent: true, deliversMail: false, errors: [:])
        let html = try await PageFixtures.html(.passwordForgot, title: "Check your email", role: nil, model)
        assertSnapshot(of: html, as: .lines)
    }

    @Test("The friendly error page, for a signed-in member, with the way back to the items")
    func errorPage() async throws {
        let model = ErrorPage.Model(
            status: 404, heading: "Not found", message: "There is no item here. It may have been deleted.",
            back: "/items")
        let html = try await PageFixtures.html(.error, title: "Not found", model)
        assertSnapshot(of: html, as: .lines)
    }
}
