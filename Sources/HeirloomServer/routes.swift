import HeirloomAPI
import OpenAPIVapor
import Vapor

/// The table of contents: one line per feature.
func routes(_ app: Application) throws {
    // The JSON API, generated from Sources/HeirloomAPI/openapi.yaml.
    let api = app.grouped(RequestContextMiddleware())
    try APIHandler().registerHandlers(on: VaporTransport(routesBuilder: api), serverURL: Servers.Server1.url())
    app.get("api", "openapi.yaml", use: OpenAPIDocument.serve)
    try app.register(collection: MediaFileController())
    try app.register(collection: JournalAudioController())

    // Web pages.
    try app.register(collection: AuthWebController())
    try app.register(collection: HomeWebController())
    try app.register(collection: SettingsWebController())
    try app.register(collection: ItemWebController())
    try app.register(collection: BeneficiaryWebController())
    try app.register(collection: JournalWebController())
    try app.register(collection: MemoryWebController())
    try app.register(collection: PeopleWebController())
    try app.register(collection: DeviceWebController())
    try app.register(collection: AppraisalWebController())
}
