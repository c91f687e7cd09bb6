import HeirloomAPI
import HeirloomCore
import Vapor

/// The table of contents: every route, under the guard that lets a request reach it.
///
/// Web forms are checked for their CSRF field by `CSRFFormMiddleware` (upload forms check it in their stream).
/// Each route names what it touches (`access(thing)`, `link(reader, access)` or `open()`); `AccessMiddleware` lets
/// a member through as far as `AccessRule` reaches (docs/access.md), and people with links are checked by their
/// handlers. The route walk (`AccessWalkTests`) holds every route to that rule.
///
/// Answered by middleware ahead of the router, and so not registered below (configure.swift chains them):
/// - `GET /metrics` (`MetricsMiddleware`) when `HEIRLOOM_METRICS_TOKEN` is set, for its bearer (401 otherwise).
/// - The Memory Palace app's calls that share Heirloom's routes, in the app's shapes, when they carry
///   `x-auth-token` (`MemoryPalaceMiddleware`): GET and POST /api/people, DELETE /api/people/{id},
///   GET /api/people/{id}/memories, GET /api/memories, DELETE /api/memories/{id}.
/// - The Legacy Treasure Chest app's /ai/ calls and its device-id photo analyses (`TreasureChestDivertMiddleware`,
///   chained on the API below).
/// - On the home-network listener, everything but the Memory Palace app's routes is 404 (`HomeNetworkResponder`).
/// - The files of Public/ (`PublicFileMiddleware`).
func routes(_ app: Application) throws {
    // The JSON API: every operation of Sources/HeirloomAPI/openapi.yaml, each handler checking its principal.
    // The Legacy Treasure Chest app's AI gateway (its /ai/ calls, and its photo analyses: a device id, no
    // credentials) is answered by TreasureChestDivertMiddleware, in the app's own shapes, before the generated code.
    let api = app.chained(TreasureChestDivertMiddleware(), RequestContextMiddleware())
    try APIHandler().registerHandlers(
        on: APITransport(routes: api), serverURL: Servers.Server1.url(), configuration: APIHandler.configuration,
        middlewares: [SignInFirstMiddleware()])
    app.open().get(.apiOpenAPIDocument, use: OpenAPIDocument.serve)
    // Files, streamed with Range and ETag outside the generated code; documented under "Media files".
    app.access(.items).get(.apiMedia(.key, .key), use: MediaFileController().download)
    app.access(.journal).get(.apiJournalCardAudio(.key), use: JournalAudioController().audio)
    app.access(.storytellers).get(.apiStorytellerBook(.key), use: StoryBookController().pdf)
    // A recipient's files: their own token, no member needed.
    app.link(.heir, .read(.items)).get(.apiRecipientMedia(.key, .key), use: RecipientMediaController().download)
    // The same files for phone apps that load them with no credentials, by addresses signed for the phone.
    app.open().get(.signedMedia(.key, .key), use: SignedMediaController().download)
    // Exports, streamed as they are made (documented under "Exports"): the household's for owners only, which
    // anyone else is told does not exist; each member's own journal.
    let exports = ExportController()
    let ownersExports = app.access(.household, hidingAs: "page")
    ownersExports.get(.apiExport, use: exports.household)
    ownersExports.get(.apiExportProgress(.key), use: exports.progress)
    app.access(.journal).get(.apiJournalExport, use: exports.journal)
    // Printed reports (documented under "Reports"): owners and editors; viewers are told they do not exist.
    let reports = ReportController()
    let apiPlanner = app.access(.gifts, hidingAs: "report")
    apiPlanner.get(.apiReportEstate, use: reports.estate)
    apiPlanner.get(.apiReportInsurance, use: reports.insurance)
    apiPlanner.get(.apiBeneficiaryPacket(.key), use: reports.packet)
    // Lot labels of a sale (documented under "Sale labels"): owners and editors, like the reports.
    app.access(.values, hidingAs: "sale").get(
        .apiSaleLabels(.key), use: SaleLabelController().labels)

    // The pages, feature by feature (Web/Routes/PageRoutes+*.swift), under their guards.
    let pages = PageRoutes(app: app)
    pages.accounts()
    pages.treasureChest()
    pages.memoryHub()
    pages.journal()
    pages.settings()
    pages.passingOn()
    pages.division()
    pages.letters()
    pages.storytellers()
    pages.forOwners()
    pages.sales()
}
