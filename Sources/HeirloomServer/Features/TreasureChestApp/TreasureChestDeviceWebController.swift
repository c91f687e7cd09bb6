import Foundation
import HeirloomCore
import Vapor

/// Settings → Connect a phone, the Legacy Treasure Chest part: phones waiting for approval and the household's
/// approved (or refused) phones, for owners.
struct TreasureChestDeviceWebController {
    struct Section: Encodable {
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
        }

        var householdName: String
        var defaultDailyAnalyses: Int
        var waiting: [Device]
        var approved: [Device]
        var refused: [Device]
    }

    /// The section for the devices page; nil for members who are not owners.
    static func section(_ req: Request) async throws -> Section? {
        let principal = try req.principal()
        guard principal.role.canManageHousehold else { return nil }
        let service = TreasureChestDeviceService(db: req.db, now: req.heirloom.now)
        let (waiting, own) = try await service.list(by: principal)
        let today = TreasureChestRateLimit.day(req.heirloom.now)
        func row(_ device: GatewayDevice) throws -> Section.Device {
            let key = device.deviceKey
            let isOwn = device.$household.id == principal.householdID
            return Section.Device(
                id: try device.requireID().text,
                label: device.name ?? "iPhone \(TreasureChestApproval.fingerprint(key))",
                deviceKey: isOwn ? key : TreasureChestApproval.fingerprint(key),
                firstSeen: WebFormat.dayAndTime(device.firstSeenAt),
                lastSeen: WebFormat.dayAndTime(device.lastSeenAt),
                state: device.state.rawValue,
                dailyAnalyses: device.dailyAnalyses,
                usedToday: device.usageDay == today ? device.analysesUsed : 0)
        }
        return Section(
            householdName: principal.householdName,
            defaultDailyAnalyses: TreasureChestDeviceService.defaultDailyAnalyses,
            waiting: try waiting.map(row),
            approved: try own.filter { $0.state == .approved }.map(row),
            refused: try own.filter { $0.state == .refused }.map(row))
    }

    struct ApproveForm: Content {
        var name: String?
        var dailyAnalyses: String?
    }

    struct EnteredForm: Content {
        var device: String?
        var name: String?
        var dailyAnalyses: String?
    }

    /// Approves the phone whose code (or full device id) the owner typed.
    func approveEntered(req: Request) async throws -> Response {
        let form = try req.content.decode(EnteredForm.self)
        var service = service(req)
        service.guesses = (req.application.hub.treasureChestLimiter.approvalGuesses, req.clientAddress)
        _ = try await service.approve(
            entered: form.device ?? "", name: form.name, dailyAnalyses: try Self.number(form.dailyAnalyses),
            by: try req.principal())
        return req.redirect(to: SiteURL.devices.path(done: .gatewayDeviceApproved))
    }

    func approve(req: Request) async throws -> Response {
        let form = try req.content.decode(ApproveForm.self)
        try await service(req).approve(
            try req.id("device"), name: form.name, dailyAnalyses: try Self.number(form.dailyAnalyses),
            by: try req.principal())
        return req.redirect(to: SiteURL.devices.path(done: .gatewayDeviceApproved))
    }

    func refuse(req: Request) async throws -> Response {
        try await service(req).refuse(try req.id("device"), by: try req.principal())
        return req.redirect(to: SiteURL.devices.path(done: .gatewayDeviceRefused))
    }

    func remove(req: Request) async throws -> Response {
        try await service(req).remove(try req.id("device"), by: try req.principal())
        return req.redirect(to: SiteURL.devices.path(done: .gatewayDeviceRemoved))
    }

    func setQuota(req: Request) async throws -> Response {
        let form = try req.content.decode(ApproveForm.self)
        guard let quota = try Self.number(form.dailyAnalyses) else {
            throw AppError.invalid(FieldError(field: "dailyAnalyses", message: "Please give a number of analyses."))
        }
        try await service(req).setQuota(try req.id("device"), dailyAnalyses: quota, by: try req.principal())
        return req.redirect(to: SiteURL.devices.path(done: .gatewayQuotaSaved))
    }

    private func service(_ req: Request) -> TreasureChestDeviceService {
        TreasureChestDeviceService(db: req.db, now: req.heirloom.now)
    }

    static func number(_ raw: String?) throws -> Int? {
        guard let text = raw?.trimmingWhitespace(), !text.isEmpty else { return nil }
        guard let value = Int(text) else {
            throw AppError.invalid(
                FieldError(field: "dailyAnalyses", message: "The daily number of analyses must be a whole number."))
        }
        return value
    }
}
