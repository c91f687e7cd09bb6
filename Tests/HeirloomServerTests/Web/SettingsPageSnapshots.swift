import Foundation
import HeirloomCore
import SnapshotTesting
import Testing

@testable import HeirloomServer

/// The household's settings pages, rendered whole from fixture models: Settings, Connect a phone (which also
/// covers the `devices/gateway` partial), Partners, Export and Reports.
@Suite("Settings pages, as snapshots")
struct SettingsPageSnapshots {
    static func household() -> Household {
        let household = Household(id: PageFixtures.householdID, name: "The Hartleys", defaultCurrency: "USD")
        household.timeZone = "Europe/London"
        return household
    }

    static func member(_ number: Int, _ name: String, email: String, role: HouseholdRole) -> User {
        let user = User()
        user.id = PageFixtures.id(number)
        user.$household.id = PageFixtures.householdID
        user.name = name
        user.email = email
        user.role = role
        user.createdAt = PageFixtures.day(-30)
        return user
    }

    @Test("Settings for an owner: the household, members, an invitation, sessions and a failed backup")
    func settings() async throws {
        let margaret = Self.member(901, "Margaret Hartley", email: "margaret@example.com", role: .owner)
        let thomas = Self.member(903, "Thomas Hartley", email: "tom@example.com", role: .editor)
        let invitation = Invitation()
        invitation.id = PageFixtures.id(340)
        invitation.email = "emily@example.com"
        invitation.role = .viewer
        invitation.expiresAt = PageFixtures.day(7)
        let session = AuthToken(
            id: PageFixtures.tokenID, userID: PageFixtures.userID, kind: .session, name: "Safari on Mac",
            tokenHash: "", expiresAt: nil)
        session.createdAt = PageFixtures.day(-2)
        session.lastUsedAt = PageFixtures.day
        let token = try SettingsPage.TokenRow(session, current: PageFixtures.tokenID, days: PageFixtures.days)
        let html = try await PageFixtures.html(
            .settings, title: "Settings", nav: .settings,
            model: { app in
                var backup = BackupPage(app.hub, days: PageFixtures.days)
                backup.isOn = true
                backup.folder = "/Volumes/Backup/heirloom"
                backup.schedule = "Every day at 03:30, keeping 7 daily and 4 weekly backups"
                backup.hasRun = true
                backup.succeeded = false
                backup.when = "November 22, 2026 at 3:30 AM"
                backup.size = "1.2 GB"
                backup.problem = .init(
                    when: "November 22, 2026 at 3:30 AM", lastSuccess: "The last good one is from November 21, 2026.",
                    message: "The backup disk is full.")
                return SettingsPage(
                    isOwner: true, deliversMail: true, yourEmail: "margaret@example.com",
                    householdForm: .init(Self.household()),
                    timeZones: TimeZonePlaces.regions(["America/New_York", "Europe/London", "Europe/Paris"]),
                    currencies: ["USD", "EUR", "GBP"],
                    householdErrors: [:],
                    members: [
                        try .init(margaret, you: PageFixtures.userID, days: PageFixtures.days),
                        try .init(thomas, you: PageFixtures.userID, days: PageFixtures.days),
                    ],
                    invitations: [try .init(invitation, days: PageFixtures.days)],
                    newInvitation: .init(
                        url: "http://hub.test/invite/\(String(repeating: "i", count: 43))", role: "viewer",
                        roleLabel: HouseholdRole.viewer.label, expires: "November 29, 2026"),
                    tokens: [token], passwordErrors: [:], backup: backup,
                    needsPassword: [
                        .init(id: PageFixtures.id(904).text, name: "Ruth Hartley", email: "ruth@example.com")
                    ],
                    newPasswordLink: nil)
            })
        assertSnapshot(of: html, as: .lines)
    }

    @Test("Connect a phone: a new pairing, a paired phone and the Treasure Chest phones")
    func devices() async throws {
        let gatewayPhone = { (number: Int, label: String, state: String) in
            TreasureChestPages.DevicesSection.Device(
                id: PageFixtures.id(number).text, label: label, deviceKey: "6F96…64FF",
                firstSeen: "November 20, 2026 at 12:00 PM", lastSeen: "November 22, 2026 at 12:00 PM", state: state,
                dailyAnalyses: 20, usedToday: 3)
        }
        let model = DeviceWebController.DevicesPage(
            devices: [
                .init(
                    id: PageFixtures.id(350).text, name: "Thomas’s iPhone", added: "November 20, 2026",
                    lastUsed: "November 22, 2026 at 12:00 PM")
            ],
            pairing: .init(
                name: "Margaret’s iPad", qrSVG: #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"></svg>"#,
                qrText: #"{"server":"http://hub.test"}"#, serverURL: "http://hub.test", appAddress: "192.168.1.20",
                appPort: 8080, appToken: String(repeating: "p", count: 43)),
            localOnlyAddress: nil, homeNetworkAddress: "http://192.168.1.20:8080", homeNetworkNeedsSetting: false,
            homeNetworkIsPlainBesideTLS: false,
            gateway: .init(
                householdName: "The Hartleys", defaultDailyAnalyses: 20,
                waiting: [gatewayPhone(351, "iPhone 6F96…64FF", "waiting")],
                approved: [gatewayPhone(352, "Emily’s iPhone", "approved")], refused: []))
        let html = try await PageFixtures.html(.devices, title: "Connect a phone", nav: .settings, model)
        assertSnapshot(of: html, as: .lines)
    }

    @Test("For the person who runs the hub: backups off, no home-network address, no valuations, no email")
    func hubSetup() async throws {
        let html = try await PageFixtures.html(
            .hubSetup, title: "For the person who runs the hub", nav: .settings,
            model: { app in
                HubSetupPage(
                    backup: BackupPage(app.hub, days: PageFixtures.days), backupProblem: nil,
                    phones: .init(
                        publicAddress: "http://localhost:8080", publicAddressIsLocalOnly: true,
                        homeNetworkAddress: nil, homeNetworkNeedsSetting: false),
                    valuationsOn: false, valuationsBy: "", mailOn: false,
                    mediaLocation: "file:///srv/heirloom/media", database: "SQLite, in /srv/heirloom/heirloom.sqlite",
                    dataFolder: "/srv/heirloom")
            })
        #expect(html.contains("HEIRLOOM_BACKUP_DIR") && html.contains("HEIRLOOM_LAN_ADDRESS"))
        #expect(html.contains("HEIRLOOM_AI_PROVIDER") && html.contains("HEIRLOOM_SMTP_URL"))
        assertSnapshot(of: html, as: .lines)
    }

    @Test("Partners: an auction house and a charity")
    func partnersIndex() async throws {
        let model = PartnerWebController.IndexPage(partners: [
            .init(
                id: PageFixtures.id(360).text, name: "Derby Auction Rooms", type: "Auction house",
                contact: ["+44 1332 000000", "valuations@example.com", "Derby, Derbyshire"],
                categories: "Furniture, Clocks", notes: "Ask for Mr. Greaves about clocks."),
            .init(
                id: PageFixtures.id(361).text, name: "St Mary’s Hospice Shop", type: "Charity", contact: [],
                categories: "Decor, Clothing", notes: nil),
        ])
        let html = try await PageFixtures.html(.partnersIndex, title: "Partners", nav: .settings, model)
        assertSnapshot(of: html, as: .lines)
    }

    @Test("Edit a partner: the form, with the email it refused")
    func partnerForm() async throws {
        let model = PartnerWebController.FormPage(
            mode: "edit", action: SiteURL.partner(.value(PageFixtures.id(360))).path,
            form: .init(
                name: "Derby Auction Rooms", partnerType: PartnerType.auction.rawValue, phone: "+44 1332 000000",
                website: "https://auctions.example.com", email: "valuations-at-example", address: "1 Market Place",
                city: "Derby", region: "Derbyshire", categories: "Furniture\nClocks", notes: "Ask for Mr. Greaves.",
                questionsToAsk: "What is your commission?"),
            errors: ["email": "Please enter an email address like name@example.com."],
            types: PartnerType.allCases.map { .init(value: $0.rawValue, name: $0.displayName) },
            deleteHref: SiteURL.partnerDelete(.value(PageFixtures.id(360))).path)
        let html = try await PageFixtures.html(.partnerForm, title: "Edit partner", nav: .settings, model)
        assertSnapshot(of: html, as: .lines)
    }

    @Test("Keep a copy: what the household's archive holds, and when the last copy was downloaded")
    func exportIndex() async throws {
        let model = ExportPage(
            householdName: "The Hartleys", itemCount: 4, memoryCount: 3, peopleCount: 2, fileCount: 9,
            approximateSize: "14.2 MB",
            lastCopyText: ExportPage.lastCopyText(PageFixtures.day, days: PageFixtures.days))
        let html = try await PageFixtures.html(.exportIndex, title: "Keep a copy", nav: .settings, model)
        assertSnapshot(of: html, as: .lines)
    }

    @Test("Reports: the inventories and a packet for each beneficiary")
    func reportsIndex() async throws {
        let model = ReportsPage(beneficiaries: [
            .init(name: "Emily Hartley", href: SiteURL.apiBeneficiaryPacket(.value(PageFixtures.id(21))).path),
            .init(name: "Thomas Hartley", href: SiteURL.apiBeneficiaryPacket(.value(PageFixtures.id(20))).path),
        ])
        let html = try await PageFixtures.html(.reportsIndex, title: "Reports", nav: .items, model)
        assertSnapshot(of: html, as: .lines)
    }
}
