import Fluent
import Foundation
import HeirloomCore

/// One uploaded file and what was made from it; the bytes live in the blob store under their SHA-256.
final class MediaObject: Model, @unchecked Sendable {
    static let schema = "media_objects"

    @ID(key: .id) var id: UUID?
    @Parent(key: "household_id") var household: Household
    @OptionalParent(key: "uploaded_by_id") var uploadedBy: User?
    /// What the file belongs to ("item_photo", "journal_card", …); nil until a feature attaches it.
    @OptionalField(key: "owner_type") var ownerType: String?
    @OptionalField(key: "owner_id") var ownerID: String?
    @Enum(key: "use") var use: MediaUse
    @Enum(key: "format") var format: MediaFormat
    @Field(key: "original_name") var originalName: String
    @Field(key: "size_bytes") var sizeBytes: Int64
    /// The original's SHA-256, which names its blob.
    @Field(key: "sha256") var sha256: String
    @OptionalField(key: "display_sha256") var displaySHA256: String?
    @OptionalField(key: "thumbnail_sha256") var thumbnailSHA256: String?
    /// An AAC rendition for audio that is not AAC already.
    @OptionalField(key: "playable_sha256") var playableSHA256: String?
    @OptionalField(key: "width") var width: Int?
    @OptionalField(key: "height") var height: Int?
    @OptionalField(key: "taken_at") var takenAt: Date?
    @OptionalField(key: "duration_seconds") var durationSeconds: Double?
    /// JSON array of peaks 0…1.
    @OptionalField(key: "waveform") var waveformJSON: String?
    @OptionalField(key: "page_count") var pageCount: Int?
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?

    init() {}

    var kind: MediaKind { format.kind }

    /// Every blob this object keeps alive.
    var blobHashes: [String] {
        [sha256, displaySHA256, thumbnailSHA256, playableSHA256].compactMap { $0 }
    }

    var waveform: [Double]? { WaveformBuilder.peaks(fromJSON: waveformJSON) }

    /// Whether any media object keeps the blob `hash` alive.
    static func isReferenced(_ hash: String, on db: any Database) async throws -> Bool {
        try await query(on: db)
            .group(.or) {
                $0.filter(\.$sha256 == hash).filter(\.$displaySHA256 == hash)
                    .filter(\.$thumbnailSHA256 == hash).filter(\.$playableSHA256 == hash)
            }
            .count() > 0
    }

    /// Every blob a media object keeps alive.
    static func referencedHashes(on db: any Database) async throws -> Set<String> {
        var hashes = Set<String>()
        for object in try await query(on: db).all() { hashes.formUnion(object.blobHashes) }
        return hashes
    }
}

/// Creates the table of media objects.
struct CreateMediaObject: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(MediaObject.schema)
            .id()
            .field("household_id", .uuid, .required, .references(Household.schema, .id, onDelete: .cascade))
            .field("uploaded_by_id", .uuid, .references(User.schema, .id, onDelete: .setNull))
            .field("owner_type", .string)
            .field("owner_id", .string)
            .field("use", .string, .required)
            .field("format", .string, .required)
            .field("original_name", .string, .required)
            .field("size_bytes", .int64, .required)
            .field("sha256", .string, .required)
            .field("display_sha256", .string)
            .field("thumbnail_sha256", .string)
            .field("playable_sha256", .string)
            .field("width", .int)
            .field("height", .int)
            .field("taken_at", .datetime)
            .field("duration_seconds", .double)
            .field("waveform", .string)
            .field("page_count", .int)
            .field("created_at", .datetime)
            .create()
        let sql = try database.sql()
        for column in ["sha256", "display_sha256", "thumbnail_sha256", "playable_sha256"] {
            try await sql.create(index: "media_objects_\(column)_idx").on(MediaObject.schema).column(column).run()
        }
        try await sql.create(index: "media_objects_owner_idx").on(MediaObject.schema).column("owner_type").column(
            "owner_id"
        )
        .run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(MediaObject.schema).delete()
    }
}

extension MediaObject {
    /// The properties above, listed by hand: Fluent would otherwise find them by reflection for every row read or
    /// written (the largest cost of a list page in `make bench-api`'s profile). ModelPropertiesTests checks the list.
    var properties: [any AnyProperty] {
        [
            $id, $household, $uploadedBy, $ownerType, $ownerID, $use, $format, $originalName, $sizeBytes, $sha256,
            $displaySHA256, $thumbnailSHA256, $playableSHA256, $width, $height, $takenAt, $durationSeconds,
            $waveformJSON, $pageCount, $createdAt,
        ]
    }
}
