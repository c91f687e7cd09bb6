import Fluent
import Foundation

/// How far one followed download of a household's archive has got (`ExportProgressBoard`).
final class ExportDownload: Model, @unchecked Sendable {
    static let schema = "export_downloads"

    /// The member who started it and the id their page chose: `<user id>:<id>`.
    @ID(custom: "key", generatedBy: .user) var id: String?
    @Field(key: "written") var written: Int64
    @Field(key: "total") var total: Int64
    /// running, done or failed.
    @Field(key: "state") var state: String
    @Field(key: "changed_at") var changedAt: Date

    init() {}
}

/// Creates the table of followed downloads, so that any of the hub's servers answers how far one has got
/// (issue 32).
struct CreateExportDownload: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(ExportDownload.schema)
            .field("key", .string, .identifier(auto: false))
            .field("written", .int64, .required)
            .field("total", .int64, .required)
            .field("state", .string, .required)
            .field("changed_at", .datetime, .required)
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(ExportDownload.schema).delete()
    }
}
