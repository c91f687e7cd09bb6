import Foundation
import HeirloomCore
import Vapor

/// The door of the Legacy Treasure Chest gateway: the app sends no credentials, only `X-LTC-Device-ID`, so a
/// device works only once an owner has approved it, within its limits. Every answer, refusals included, echoes
/// the device id, and errors keep the JSON error shape; `RequestLogMiddleware` echoes the app's `X-Request-ID`
/// (a UUID) on every answer of the hub.
struct TreasureChestGuardMiddleware: AsyncMiddleware {
    static let deviceHeader = "X-LTC-Device-ID"

    private struct HouseholdKey: StorageKey {
        typealias Value = UUID
    }

    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        let deviceKey = request.headers.first(name: Self.deviceHeader)
        var response: Response
        do {
            let device = try await request.heirloom.treasureChestDevices.admit(
                deviceKey: deviceKey, address: request.clientAddress, requestID: Self.requestID(request),
                isAnalysis: Self.isAnalysis(request.path), limiter: request.heirloom.services.treasureChestLimiter)
            request.storage[HouseholdKey.self] = device.$household.id
            response = try await next.respond(to: request)
        } catch {
            response = Self.errorResponse(error, request: request)
        }
        if let deviceKey, deviceKey.count <= 128 {
            response.headers.replaceOrAdd(name: Self.deviceHeader, value: deviceKey)
        }
        return response
    }

    /// The household the admitted device works for.
    static func householdID(_ request: Request) throws -> UUID {
        guard let id = request.storage[HouseholdKey.self] else { throw AppError.internalProblem("no gateway device") }
        return id
    }

    /// The id this call is answered with (`X-Request-Id`, set by `RequestLogMiddleware`, which put it in the
    /// request's log metadata first): the app shows its first characters with its message.
    static func requestID(_ request: Request) -> String {
        if case .string(let id) = request.logger[metadataKey: "request-id"] { return id }
        return request.id
    }

    /// Item analyses count against the tighter per-minute limit and the daily quota.
    static func isAnalysis(_ path: String) -> Bool {
        path.hasSuffix("/analyze-item-photo") || path.hasSuffix("/analyze-item-text")
    }

    static func errorResponse(_ error: any Error, request: Request) -> Response {
        var headers = HTTPHeaders()
        var status = HTTPResponseStatus.forbidden
        var code = "device_not_approved"
        var message = ""
        var field: String?
        switch error {
        case TreasureChestRefusal.noDevice:
            (status, code, message) = (
                .forbidden, "device_not_approved",
                "This app must send its device id (X-LTC-Device-ID) and be approved by an owner of the household "
                    + "in Heirloom, under Settings → Connect a phone."
            )
        case TreasureChestRefusal.notApproved(let approval):
            (status, code, message) = (
                .forbidden, "device_not_approved",
                "This phone is waiting for approval. An owner of the household can approve it in Heirloom, under "
                    + "Settings → Connect a phone, "
                    + (approval.map { "with the code \($0) (the first characters of this answer's request id)." }
                        ?? "with its full device id.")
            )
        case TreasureChestRefusal.rateLimited(let wait, let daily):
            headers.replaceOrAdd(name: .retryAfter, value: "\(wait)")
            (status, code, message) = (
                .tooManyRequests, "rate_limited",
                daily
                    ? "This phone has used today’s analyses. An owner can raise the daily number in Heirloom."
                    : "Too many requests from this phone; please wait a minute."
            )
        default:
            let mapped = MappedError(error)
            if mapped.code.hasPrefix("ai_") {
                request.logger.warning("AI provider failed: \(mapped.code)")
            } else if mapped.status.code >= 500 {
                request.logger.report(error: error)
            }
            (status, code, message, field) = (mapped.status, mapped.code, mapped.message, mapped.field)
            for (name, value) in mapped.headers { headers.replaceOrAdd(name: name, value: value) }
        }
        let response = Response(status: status, headers: headers)
        do {
            try response.content.encode(
                ErrorResponse(error: .init(code: code, message: message, field: field)), as: .json)
        } catch {
            response.body = .init(string: #"{"error":{"code":"internal_error","message":"Something went wrong."}}"#)
            response.headers.contentType = .json
        }
        return response
    }
}

/// Answers the Legacy Treasure Chest app's calls through the gateway's guard, before the generated API code:
/// its bodies and answers follow the app's own Swift models (HeirloomCore's Gateway types), which the
/// OpenAPI document describes. Heirloom's own callers of /ai/analyze-item-photo (a bearer token or the session
/// cookie) reach the JSON API as before.
struct TreasureChestDivertMiddleware: AsyncMiddleware {
    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        guard let handler = Self.handler(for: request) else { return try await next.respond(to: request) }
        return try await TreasureChestGuardMiddleware().respond(
            to: request, chainingTo: AsyncBasicResponder(closure: handler))
    }

    /// The gateway's handler for the request, or nil for a request of Heirloom's own API.
    static func handler(for request: Request) -> (@Sendable (Request) async throws -> Response)? {
        guard request.method == .POST else { return nil }
        let controller = TreasureChestController()
        switch request.path {
        case SiteURL.aiAnalyzeItemPhoto.path: return isTreasureChestCall(request) ? controller.analyzePhoto : nil
        case SiteURL.aiAnalyzeItemText.path: return controller.analyzeText
        case SiteURL.aiSummarizeAudio.path: return controller.summarizeAudio
        case SiteURL.aiLiquidationBrief.path: return controller.liquidationBrief
        case SiteURL.aiLiquidationPlan.path: return controller.liquidationPlan
        case SiteURL.aiPartnersSearch.path: return controller.searchPartners
        default: return nil
        }
    }

    /// A photo analysis from the app: its device id and no credentials of Heirloom's.
    static func isTreasureChestCall(_ request: Request) -> Bool {
        request.headers.first(name: TreasureChestGuardMiddleware.deviceHeader) != nil
            && request.headers[.authorization].isEmpty && request.auth.get(Principal.self) == nil
    }
}
