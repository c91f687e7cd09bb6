import Fluent
import Foundation

/// An iPhone running the Legacy Treasure Chest app, known by the device id it sends (`X-LTC-Device-ID`).
/// It calls the AI gateway without credentials, so an owner approves it for a household first.
final class GatewayDevice: Model, @unchecked Sendable {
    static let schema = "gateway_devices"

    enum State: String, Codable, Sendable {
        /// Seen, not yet approved: its calls are refused.
        case waiting
        case approved
        /// An owner said no: its calls are refused and it is no longer listed as waiting.
        case refused
    }

    @ID(key: .id) var id: UUID?
    /// The app's device id, upper-case.
    @Field(key: "device_key") var deviceKey: String
    @Enum(key: "state") var state: State
    /// The household it works for, once approved.
    @OptionalParent(key: "household_id") var household: Household?
    /// What the owner calls it.
    @OptionalField(key: "name") var name: String?
    /// Analyses allowed per UTC day.
    @Field(key: "daily_analyses") var dailyAnalyses: Int
    /// The UTC day `analyses_used` counts (`yyyy-MM-dd`).
    @OptionalField(key: "usage_day") var usageDay: String?
    @Field(key: "analyses_used") var analysesUsed: Int
    /// The address it last called from: a recording's summary comes without the device id, from the same phone.
    @OptionalField(key: "last_address") var lastAddress: String?
    @OptionalField(key: "first_seen_at") var firstSeenAt: Date?
    @OptionalField(key: "last_seen_at") var lastSeenAt: Date?
    @OptionalField(key: "approved_at") var approvedAt: Date?
    /// While waiting: the code the phone shows for its last refused call (`TreasureChestApproval`).
    @OptionalField(key: "approval_code") var approvalCode: String?

    init() {}

    init(deviceKey: String, seenAt: Date, address: String?) {
        self.deviceKey = deviceKey
        self.state = .waiting
        self.dailyAnalyses = TreasureChestDeviceService.defaultDailyAnalyses
        self.analysesUsed = 0
        self.firstSeenAt = seenAt
        self.lastSeenAt = seenAt
        self.lastAddress = address
    }
}

/// Creates the table of gateway devices; a device id is listed once.
struct CreateGatewayDevice: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(GatewayDevice.schema)
            .id()
            .field("device_key", .string, .required)
            .field("state", .string, .required)
            .field("household_id", .uuid, .references(Household.schema, .id, onDelete: .cascade))
            .field("name", .string)
            .field("daily_analyses", .int, .required)
            .field("usage_day", .string)
            .field("analyses_used", .int, .required)
            .field("last_address", .string)
            .field("first_seen_at", .datetime)
            .field("last_seen_at", .datetime)
            .field("approved_at", .datetime)
            .unique(on: "device_key")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(GatewayDevice.schema).delete()
    }
}

/// Adds the code a waiting phone shows, with which an owner approves it.
struct AddApprovalCodeToGatewayDevice: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(GatewayDevice.schema).field("approval_code", .string).update()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(GatewayDevice.schema).deleteField("approval_code").update()
    }
}
