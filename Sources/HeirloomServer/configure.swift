import Fluent
import FluentPostgresDriver
import FluentSQLiteDriver
import Foundation
import Leaf
import NIOCore
import Vapor

/// How `configure` may differ from a production hub (tests lower the bcrypt cost and set the clock).
public struct HeirloomOverrides: Sendable {
    /// bcrypt's cost; 12 outside tests.
    public var passwordCost = 12
    /// Now, as the hub sees it.
    public var clock: @Sendable () -> Date = { Date() }
    /// Whether the server sweeps media orphans every few hours (off in tests).
    public var runsMediaCollector = true
    /// Whether the passing-on scheduler runs every minute (tests run its passes by hand).
    public var runsScheduler = true
    /// Replaces the SMTP transport (tests).
    var mailTransport: (any MailTransport)? = nil
    /// Waits between attempts at the AI provider (tests make it instant).
    public var aiSleep: @Sendable (TimeInterval) async throws -> Void = { seconds in
        try await Task.sleep(for: .milliseconds(Int64(seconds * 1000)))
    }

    /// Waits a while on purpose (see `HeirloomServices.wait`); tests end the wait when what it waits for happened.
    public var wait: @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }

    public init() {}
}

/// Configures an application: database, middleware, views, services, migrations, commands and routes.
public func configure(_ app: Application, config: HeirloomConfig, overrides: HeirloomOverrides = .init()) async throws {
    var overrides = overrides
    if let start = config.startsClockAt {
        // A rehearsal clock: it starts at HEIRLOOM_NOW and runs on from there.
        let base = overrides.clock
        let offset = start.timeIntervalSince(base())
        overrides.clock = { base().addingTimeInterval(offset) }
        app.logger.notice("HEIRLOOM_NOW is set: the hub's clock starts at \(start) (never set it in production).")
    }
    if let warning = try DataFolder.prepare(config.dataDirectory) { app.logger.warning("\(warning)") }
    try configureDatabase(app, config: config)
    app.migrations.addHeirloomMigrations()

    // Views and assets are found beside the executable, not in whatever directory the server was started from.
    app.directory = DirectoryConfiguration(workingDirectory: config.resourcesDirectory.path)
    app.views.use(.leaf)
    app.leaf.tags["url"] = SiteURLTag()
    let assets = PublicAssets(publicDirectory: app.directory.publicDirectory)
    app.leaf.tags["asset"] = AssetTag(assets: assets)
    // Stylesheets, scripts and icons travel gzipped (a fifth of their size on a slow home connection). Pages and
    // JSON do not: a page holds its form's secret beside what a person typed, which compression could betray
    // (BREACH), and both are small.
    app.http.server.configuration.responseCompression = .disabled(
        allowedTypes: [.css, HTTPMediaType(type: "application", subType: "javascript"), .svg],
        allowRequestOverrides: false)
    app.leaf.cache.isEnabled = app.environment.isRelease
    app.routes.defaultMaxBodySize = "1mb"
    // The hub's own calls out (Apple's keys, the AI provider) never follow a redirect: an AI key sent in a
    // header would otherwise go to wherever a redirect points.
    app.http.client.configuration.redirectConfiguration = .disallow
    // A refused connection fails its call at once: the calls that retry do so on their own schedule
    // (`RetrySchedule`), which tells the family how long it waits, instead of the pool retrying out of sight until
    // the deadline (a sign-in with Apple kept waiting 10 s on a refused connection).
    app.http.client.configuration.connectionPool.retryConnectionEstablishment = false

    app.hub = HeirloomServices(
        config: config,
        clock: overrides.clock,
        passwords: try PasswordHasher(cost: overrides.passwordCost, threadPool: app.threadPool),
        throttle: LoginThrottle("sign-in"),
        apple: AppleIdentityVerifier(
            jwksURL: config.appleJWKSURL, bundleIDs: config.appleBundleIDs, clock: overrides.clock),
        media: try MediaPipeline(
            dataDirectory: config.dataDirectory, limits: config.mediaLimits,
            audio: AudioLimits(maximumSeconds: config.maximumAudioSeconds), threadPool: app.threadPool,
            locations: MediaLocations(
                config: config, client: config.s3.map { _ in S3HTTP.client(app) }, logger: app.logger),
            latestMove: { [weak app] in
                guard let app else { return nil }
                return try await MediaMove.latest(on: app.db)?.record
            }),
        mediaAccess: MediaAccessRules(),
        lan: LANEndpoint(setting: config.lanAddress, publicURL: config.publicURL),
        aiSleep: overrides.aiSleep,
        wait: overrides.wait
    )
    app.hub.mailTransport =
        overrides.mailTransport
        ?? config.mail.smtpURL.map {
            CurlMailTransport(url: $0, directory: config.dataDirectory.appendingPathComponent("mail-spool"))
                as any MailTransport
        }
    if case .s3 = config.media { app.lifecycle.use(S3AccessCheck()) }
    app.hub.media.store.lockAcrossServers { [weak app] in app?.db }
    if case .sqliteFile(let url) = config.database {
        app.hub.readers = SQLiteReaders(path: url.path, threadPool: app.threadPool)
        app.lifecycle.use(SQLiteReadersShutdown())
    }
    app.databases.middleware.use(HouseholdChangeMiddleware(cache: app.hub.hubName))
    // The HTTP server, and a plain-http listener on the home-network address for phone apps when needed.
    HubServer.install(app)
    app.lifecycle.use(AppraisalBatchLifecycle(runner: app.hub.batchRunner))
    if overrides.runsScheduler {
        app.lifecycle.use(
            ServingLoop("passing-on scheduler", every: .seconds(config.schedulerSeconds)) {
                try await $0.passingJobs().runOnce()
            })
        // Recordings are typed out a few seconds after they are stored; a stop leaves none half-counted.
        app.lifecycle.use(ServingLoop("transcripts", every: .seconds(5)) { try await $0.transcriptJobs().runOnce() })
        // Recordings kept as lasting 0:00 before WebM's missing duration was read from the sound itself.
        app.lifecycle.use(
            ServingLoop("recording lengths", every: .seconds(30)) {
                try await RecordingLengths(db: $0.db, pipeline: $0.hub.media).runOnce()
            })
    }
    let metrics = HubMetrics()
    app.hubMetrics = metrics

    // Outermost first: headers and the CSRF cookie apply to error pages too. One chain, run in one task per
    // request (Vapor would give each middleware a task of its own).
    app.middleware = Middlewares()
    app.middleware.use(
        MiddlewareChain([
            RequestLogMiddleware(metrics: metrics),
            InFlightMiddleware(requests: metrics.requestsInFlight),
            RefusedBodyMiddleware(),
            SecurityHeadersMiddleware(usesTLS: config.usesTLS),
            CSRFCookieMiddleware(),
            ErrorPageMiddleware(),
            FormFieldLimitMiddleware(),
            PublicFileMiddleware(publicDirectory: app.directory.publicDirectory, assets: assets),
            APIBodyLimitMiddleware(),
            MetricsMiddleware(),
            TokenAuthenticator(),
            MemoryPalaceMiddleware(),
        ]))
    // The hub counts its requests itself (HubMetrics); Vapor's own per-request metrics would go nowhere.
    app.http.server.configuration.reportMetrics = false

    app.asyncCommands.use(CreateUserCommand(), as: "create-user")
    app.asyncCommands.use(ResetPasswordCommand(), as: "reset-password")
    app.asyncCommands.use(MediaCommands(), as: "media")
    app.asyncCommands.use(ExportCommand(), as: "export")
    app.asyncCommands.use(ImportCommand(), as: "import")
    app.asyncCommands.use(BackupCommand(), as: "backup")
    app.asyncCommands.use(BenchDivisionCommand(), as: "bench-division")
    app.asyncCommands.use(BenchTranscriptsCommand(), as: "bench-transcripts")
    app.asyncCommands.use(RestoreCommand(), as: "restore")
    if let fluent = app.asyncCommands.commands["migrate"] {
        app.asyncCommands.use(LockedMigrateCommand(fluent: fluent), as: "migrate")
    }
    if overrides.runsMediaCollector { app.lifecycle.use(MediaCollectorSchedule()) }
    app.lifecycle.use(BackupScheduleHandler())

    // Last, so that it runs first at shut-down: requests in flight and running jobs finish before the rest stops.
    app.http.server.configuration.shutdownTimeout = .seconds(30)
    app.lifecycle.use(GracefulShutdown(requests: metrics.requestsInFlight))

    app.hub.mediaAccess.registerHeirloomRules(clock: overrides.clock)
    try routes(app)
    app.keepOutsiderRoutes()
    // Made now, while nothing else runs: Vapor makes its HTTP client on first use and keeps it in `app.storage`,
    // whose setter copies the whole storage; made later by two tasks at once (a job's call out, `serve` marking
    // itself running), one's part was dropped, and an HTTP client dropped unclosed stopped `serve` with a crash.
    _ = app.http.client.shared
}

private func configureDatabase(_ app: Application, config: HeirloomConfig) throws {
    switch config.database {
    case .sqliteMemory(let identifier):
        app.databases.use(.sqlite(.init(storage: .memory(identifier: identifier))), as: .sqlite)
    case .sqliteFile(let url):
        try DataFolder.createDatabase(url)
        app.databases.use(.sqlite(.file(url.path)), as: .sqlite)
    case .postgres(let url):
        var postgres = try SQLPostgresConfiguration(url: url.absoluteString)
        postgres.searchPath = nil
        app.databases.use(.postgres(configuration: postgres, maxConnectionsPerEventLoop: 4), as: .psql)
    }
}

/// Runs the migrations that have not run yet, one server at a time on a shared PostgreSQL database
/// (`MigrationLock`), and on SQLite turns on write-ahead logging.
public func prepareDatabase(_ app: Application) async throws {
    if case .sqliteFile = app.hub.config.database {
        _ = try await app.db.sql().raw("PRAGMA journal_mode=WAL").all()
    }
    try await MigrationLock.around(app.db) { try await app.autoMigrate() }
}
