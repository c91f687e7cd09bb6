import Foundation
import HeirloomCore
import Vapor

/// "For the person who runs the hub": the one page, for owners, that speaks of the server's settings (its
/// environment variables, commands and folders), so that no family page has to.
struct HubSetupPage: Encodable {
    struct Phones: Encodable {
        /// The address the hub gives phones and links in emails.
        var publicAddress: String
        var publicAddressIsLocalOnly: Bool
        /// Where the Memory Palace app reaches the hub on the home network, when it can.
        var homeNetworkAddress: String?
        var homeNetworkNeedsSetting: Bool
    }

    var backup: BackupPage
    var backupProblem: String?
    /// What `HEIRLOOM_BACKUP_TIME` and `_KEEP` mean unset, as the code reads them.
    var backupDefaultTime = BackupSettings.defaultTime
    var backupDefaultKeep = "\(BackupRetention().daily),\(BackupRetention().weekly)"
    var phones: Phones
    var valuationsOn: Bool
    var valuationsBy: String
    var mailOn: Bool
    var mediaLocation: String
    var database: String
    var dataFolder: String
}

extension HubSetupPage {
    init(_ req: Request) async throws {
        let principal = try req.principal()
        let services = req.heirloom.services
        let config = services.config
        let status = try await BackupStatus.read(on: req.db)
        backup = BackupPage(services, status: status, days: principal.days)
        backupProblem = backup.problem?.message.nilIfEmpty
        let lan = services.lan
        phones = Phones(
            publicAddress: config.publicBaseURL,
            publicAddressIsLocalOnly: DeviceWebController.isLocalOnly(config.publicURL),
            homeNetworkAddress: lan.address?.baseURL, homeNetworkNeedsSetting: lan.waitsForExplicitAddress)
        valuationsOn = config.ai.provider != .offline
        valuationsBy = AppraisalPages.providerWords(config.ai.provider.rawValue, model: config.ai.model)
        mailOn = req.heirloom.households.deliversMail
        let defaultMedia = config.dataDirectory.appendingPathComponent("media", isDirectory: true)
        mediaLocation =
            switch config.media {
            case .folder(let folder): MediaLocations.folder(folder ?? defaultMedia)
            case .s3(let settings): MediaLocations.bucket(settings.bucket, prefix: settings.prefix)
            }
        database =
            switch config.database {
            case .sqliteFile(let file): "SQLite, in \(file.path)"
            case .sqliteMemory: "SQLite, in memory (nothing is kept when the hub stops)"
            case .postgres: "PostgreSQL, at DATABASE_URL"
            }
        dataFolder = config.dataDirectory.path
    }

    static func show(req: Request) async throws -> View {
        try await Page.render(
            .hubSetup, base: PageBase(request: req, title: "For the person who runs the hub", nav: .settings),
            try await HubSetupPage(req), on: req)
    }
}
