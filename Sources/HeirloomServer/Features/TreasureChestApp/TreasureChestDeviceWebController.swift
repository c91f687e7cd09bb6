import Foundation
import HeirloomCore
import Vapor

/// Settings → Connect a phone, the Legacy Treasure Chest part: phones waiting for approval and the household's
/// approved (or refused) phones, for owners.
struct TreasureChestDeviceWebController {
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
        service.guesses = (req.heirloom.services.treasureChestLimiter.approvalGuesses, req.clientAddress)
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

    struct ReplaceForm: Content {
        var replaces: UUID?
    }

    func replace(req: Request) async throws -> Response {
        let form = try req.content.decode(ReplaceForm.self)
        guard let old = form.replaces else { throw AppError.badRequest("Which phone does it replace?") }
        try await service(req).replace(old, with: try req.id("device"), by: try req.principal())
        return req.redirect(to: SiteURL.devices.path(done: .gatewayDeviceApproved))
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

    private func service(_ req: Request) -> TreasureChestDeviceService { req.heirloom.treasureChestDevices }

    static func number(_ raw: String?) throws -> Int? {
        guard let text = raw?.trimmingWhitespace(), !text.isEmpty else { return nil }
        guard let value = Int(text) else {
            throw AppError.invalid(
                FieldError(field: "dailyAnalyses", message: "The daily number of analyses must be a whole number."))
        }
        return value
    }
}
