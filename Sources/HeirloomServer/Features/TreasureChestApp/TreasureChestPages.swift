import Foundation
import HeirloomCore
import Vapor

/// The Legacy Treasure Chest app's part of the hub's pages: its phones on Settings → Connect a phone.
enum TreasureChestPages {
    /// The Legacy Treasure Chest part of Settings → Connect a phone.
    struct DevicesSection: Encodable {
        struct Device: Encodable {
            var id: String
            var label: String
            /// The full id of the household's own phones; a waiting phone's fingerprint, `6F96…64FF`.
            var deviceKey: String
            var firstSeen: String
            var lastSeen: String
            var state: String
            var dailyAnalyses: Int
            var usedToday: Int
            /// For a waiting phone that asks from the address an approved one last used: that phone, which it
            /// may be after its app data was erased.
            var mayReplace: Replaced? = nil
        }

        struct Replaced: Encodable {
            var id: String
            var label: String
        }

        var householdName: String
        var defaultDailyAnalyses: Int
        var waiting: [Device]
        var approved: [Device]
        var refused: [Device]
    }

    /// The section for the devices page; nil for members who are not owners.
    static func devicesSection(_ req: Request) async throws -> DevicesSection? {
        let principal = try req.principal()
        guard principal.role.canManageHousehold else { return nil }
        let service = req.heirloom.treasureChestDevices
        let (waiting, own) = try await service.list(by: principal)
        let today = TreasureChestRateLimit.day(req.heirloom.now)
        func row(_ device: GatewayDevice) throws -> DevicesSection.Device {
            let key = device.deviceKey
            let isOwn = device.$household.id == principal.householdID
            return DevicesSection.Device(
                id: try device.requireID().text,
                label: device.name ?? "iPhone \(TreasureChestApproval.fingerprint(key))",
                deviceKey: isOwn ? key : TreasureChestApproval.fingerprint(key),
                firstSeen: principal.days.dayAndTime(device.firstSeenAt),
                lastSeen: principal.days.dayAndTime(device.lastSeenAt),
                state: device.state.rawValue,
                dailyAnalyses: device.dailyAnalyses,
                usedToday: device.usageDay == today ? device.analysesUsed : 0)
        }
        let approved = own.filter { $0.state == .approved }
        return DevicesSection(
            householdName: principal.householdName,
            defaultDailyAnalyses: TreasureChestDeviceService.defaultDailyAnalyses,
            waiting: try waiting.map { device in
                var waitingRow = try row(device)
                if let address = device.lastAddress, let old = approved.first(where: { $0.lastAddress == address }) {
                    let oldRow = try row(old)
                    waitingRow.mayReplace = .init(id: oldRow.id, label: oldRow.label)
                }
                return waitingRow
            },
            approved: try approved.map(row),
            refused: try own.filter { $0.state == .refused }.map(row))
    }
}
