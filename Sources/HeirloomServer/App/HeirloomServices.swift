import Fluent
import Foundation
import HeirloomCore
import Vapor

/// The hub's long-lived parts, made once at start-up; tests replace the clock and the hasher's cost.
struct HeirloomServices: Sendable {
    var config: HeirloomConfig
    /// Now, as the hub sees it.
    var clock: @Sendable () -> Date
    var passwords: PasswordHasher
    /// Counts failed sign-ins and journal unlocks, per account and per client address.
    var throttle: LoginThrottle
    /// Counts the openings of executors' and recipients' links: 10 a link and 30 an address in 15 minutes.
    var linkThrottle = LoginThrottle("link", accountLimit: 10, addressLimit: 30)
    /// Counts the requests for password reset links, per email address and per client address.
    var resetThrottle = LoginThrottle(
        "password-reset", account: PasswordResetLimits.perAccount, address: PasswordResetLimits.perAddress)
    var apple: AppleIdentityVerifier
    var media: MediaPipeline
    /// Who may see media attached to each kind of feature object.
    var mediaAccess: MediaAccessRules
    /// Where phones on the home network reach the hub over plain http.
    var lan: LANEndpoint
    /// Waits between attempts at the AI provider; tests make it instant.
    var aiSleep: @Sendable (TimeInterval) async throws -> Void = {
        try await Task.sleep(for: .milliseconds(Int64($0 * 1000)))
    }
    /// How the hub waits a while on purpose (a media move giving the hubs time to notice its switch); tests end
    /// the wait when what it waits for has happened.
    var wait: @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
    /// The background analysis of batch photos.
    var batchRunner = AppraisalBatchRunner()
    /// How mail leaves the hub; nil without SMTP (messages wait in the outbox).
    var mailTransport: (any MailTransport)? = nil
    /// What `/api/health` names the hub, kept between calls.
    var hubName = HubNameCache()
    /// The Legacy Treasure Chest gateway's per-minute limits of each device, and its approval codes' throttle.
    var treasureChestLimiter = TreasureChestLimiter()
    /// Read-only connections for the reads of every request, on a SQLite file; nil on PostgreSQL or in memory.
    var readers: SQLiteReaders? = nil
}

extension HeirloomServices {
    /// Accounts on a database, with only the parts of the hub they use.
    func accounts(db: any Database, client: any Client) -> AccountService {
        AccountService(
            db: db, tokens: TokenService(database: database(on: db), now: clock), client: client, clock: clock,
            passwords: passwords, throttle: throttle, apple: apple, allowsSignup: config.allowSignup,
            publicBaseURL: config.publicBaseURL)
    }
}

extension Application {
    private struct ServicesKey: StorageKey {
        typealias Value = HeirloomServices
    }

    /// The hub's services; set by `configure`.
    var hub: HeirloomServices {
        get {
            guard let services = storage[ServicesKey.self] else {
                fatalError("configure(_:config:) sets the services before the app serves anything")
            }
            return services
        }
        set { storage[ServicesKey.self] = newValue }
    }
}

/// The services bound to one request's database.
struct RequestServices: Sendable {
    let services: HeirloomServices
    /// The request's database, with the hub's readers: every service of the request reads through it.
    let database: HubDatabase
    let client: any Client
    let logger: Logger

    var db: any Database { database.db }
    var config: HeirloomConfig { services.config }
    var now: Date { services.clock() }

    var tokens: TokenService { TokenService(database: database, now: services.clock) }
    var accounts: AccountService { services.accounts(db: db, client: client) }
    var passwordResets: PasswordResetService {
        PasswordResetService(
            db: db, clock: services.clock, passwords: services.passwords, requests: services.resetThrottle,
            signIns: services.throttle, publicBaseURL: config.publicBaseURL)
    }
    var households: HouseholdService {
        HouseholdService(
            db: db, clock: services.clock, publicBaseURL: config.publicBaseURL, tokens: tokens, media: media,
            deliversMail: services.mailTransport != nil)
    }
    var media: MediaService { MediaService(db: db, pipeline: services.media) }
    var items: ItemService { ItemService(database: database, media: media) }
    var beneficiaries: BeneficiaryService { BeneficiaryService(db: db) }
    var sets: SetService { SetService(db: db) }
    var legacy: LegacySync { LegacySync(db: db) }
    var partners: PartnerService { PartnerService(db: db) }
    var reports: ReportService { ReportService(db: db, pipeline: services.media, now: now) }
    var storyBooks: StoryBookService { StoryBookService(pipeline: services.media) }
    var treasureChestDevices: TreasureChestDeviceService { TreasureChestDeviceService(db: db, now: now) }
    /// How far each followed household export has got, for the Export page's progress bar.
    var exportProgress: ExportProgressBoard { ExportProgressBoard(db: db) }
    var householdExport: HouseholdExport { HouseholdExport(db: db, pipeline: services.media, now: now) }
    var journalExport: JournalExport { JournalExport(db: db, store: services.media.store, now: now) }
    var passingTokens: LinkTokens { LinkTokens(db: db) }
    var downsizingSummary: DownsizingSummaryService { DownsizingSummaryService(db: db) }
    var people: PeopleService { PeopleService(db: db, media: media) }
    var memories: MemoryService { MemoryService(database: database, media: media) }
    var transcripts: TranscriptService {
        TranscriptService(db: db, mediaAccess: services.mediaAccess, clock: services.clock)
    }
    var memoryPalace: MemoryPalaceService { MemoryPalaceService(memories: memories, people: people) }
    var pairing: PairingService { PairingService(tokens: tokens, config: config, lan: services.lan.address) }
    var estate: EstateService { EstateService(db: db, clock: services.clock, publicBaseURL: config.publicBaseURL) }
    var executors: ExecutorService {
        ExecutorService(
            db: db, clock: services.clock, publicBaseURL: config.publicBaseURL, linkThrottle: services.linkThrottle)
    }
    var outbox: Outbox { Outbox(db: db, clock: services.clock) }
    var holderReturn: HolderReturnService { HolderReturnService(db: db, clock: services.clock) }
    var heirs: HeirService { HeirService(db: db, clock: services.clock, publicBaseURL: config.publicBaseURL) }
    var binder: BinderService { BinderService(db: db, clock: services.clock, media: media) }
    var binderReview: BinderReviewService { BinderReviewService(db: db, clock: services.clock) }
    var wishRounds: WishRoundService {
        WishRoundService(db: db, clock: services.clock, publicBaseURL: config.publicBaseURL)
    }
    var wishes: WishService {
        WishService(
            db: db, clock: services.clock, linkThrottle: services.linkThrottle, publicBaseURL: config.publicBaseURL)
    }
    var recipients: RecipientService {
        RecipientService(
            db: db, clock: services.clock, publicBaseURL: config.publicBaseURL, linkThrottle: services.linkThrottle)
    }
}

extension Request {
    private struct RequestServicesKey: StorageKey {
        typealias Value = RequestServices
    }

    /// The hub's services for this request, made once: Fluent makes a new database object on every `db`, and
    /// the sign-in and the handler both ask (3 % of `/api/me` in `make bench-api`'s profile).
    var heirloom: RequestServices {
        if let made = storage[RequestServicesKey.self] { return made }
        let services = application.hub
        let made = RequestServices(
            services: services, database: services.database(on: db), client: client, logger: logger)
        storage[RequestServicesKey.self] = made
        return made
    }

    /// The address guesses are counted against: the peer, or the client a local reverse proxy (or a trusted load
    /// balancer) names.
    var clientAddress: String {
        Self.clientAddress(
            peer: remoteAddress?.ipAddress, forwardedFor: headers[.xForwardedFor],
            trusting: application.hub.config.trustedProxies)
    }

    /// Trusts X-Forwarded-For only from a proxy on this machine or one of `proxies` (`HEIRLOOM_TRUSTED_PROXIES`),
    /// and then only its last entry: a proxy appends the address it saw, and earlier entries are whatever the
    /// client claimed.
    static func clientAddress(peer: String?, forwardedFor: [String], trusting proxies: [String] = []) -> String {
        let isLoopback = peer.map { $0 == "127.0.0.1" || $0 == "::1" || $0.hasPrefix("::ffff:127.") } ?? false
        let isTrusted = peer.map { peer in proxies.contains { $0 == peer || "::ffff:" + $0 == peer } } ?? false
        if isLoopback || isTrusted, let last = forwardedFor.last?.split(separator: ",").last {
            let address = last.trimmingCharacters(in: .whitespaces)
            if !address.isEmpty { return String(address.prefix(64)) }
        }
        return peer ?? "unknown"
    }
}
