import HeirloomAPI
import Vapor

/// The table of contents: every route, under the guard that lets a request reach it.
///
/// Web forms are checked for their CSRF field by `CSRFFormMiddleware` (upload forms check it in their stream).
/// Guards are middleware on each group: `member` needs someone signed in, `editor` an owner or editor,
/// `owner` an owner; `planner` is the editor guard for who-gets-what, which viewers are told does not exist.
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
    app.get(.apiOpenAPIDocument, use: OpenAPIDocument.serve)
    // Files, streamed with Range and ETag outside the generated code; documented under "Media files".
    let apiMember = app.chained(RoleMiddleware(required: .member))
    apiMember.get(.apiMedia(.key, .key), use: MediaFileController().download)
    apiMember.get(.apiJournalCardAudio(.key), use: JournalAudioController().audio)
    apiMember.get(.apiStorytellerBook(.key), use: StoryBookController().pdf)
    // A recipient's files: their own token, no member needed.
    app.get(.apiRecipientMedia(.key, .key), use: RecipientMediaController().download)
    // The same files for phone apps that load them with no credentials, by addresses signed for the phone.
    app.get(.signedMedia(.key, .key), use: SignedMediaController().download)
    // Exports, streamed as they are made (documented under "Exports"): the household's for owners only, which
    // anyone else is told does not exist; each member's own journal.
    let exports = ExportController()
    let ownersExports = app.chained(RoleMiddleware(required: .owner, hidingAs: "page"))
    ownersExports.get(.apiExport, use: exports.household)
    ownersExports.get(.apiExportProgress(.key), use: exports.progress)
    apiMember.get(.apiJournalExport, use: exports.journal)
    // Printed reports (documented under "Reports"): owners and editors; viewers are told they do not exist.
    let reports = ReportController()
    let apiPlanner = app.chained(RoleMiddleware(required: .editor, hidingAs: "report"))
    apiPlanner.get(.apiReportEstate, use: reports.estate)
    apiPlanner.get(.apiReportInsurance, use: reports.insurance)
    apiPlanner.get(.apiBeneficiaryPacket(.key), use: reports.packet)
    // Lot labels of a sale (documented under "Sale labels"): owners and editors, like the reports.
    app.grouped(RoleMiddleware(required: .editor, hidingAs: "sale")).get(
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
