import Vapor

/// Reads JSON request bodies into memory only up to a limit, so that an absurd body is a 413, not a
/// memory spike. Uploads (multipart and media bodies) stream and are limited where they are stored.
struct APIBodyLimitMiddleware: AsyncMiddleware {
    /// The largest JSON body the API accepts.
    static let maximumJSONBytes = 1 << 20
    /// The iPhone app's photo analysis sends the photo as base64 JSON: up to 15 MB of photo.
    static let maximumPhotoJSONBytes = 21 << 20
    /// The Legacy Treasure Chest app sends recordings as base64 JSON (its own server took 32 MiB).
    static let maximumAudioJSONBytes = 31 << 20

    /// The limit for a path: photos and recordings sent as base64 take more than the usual 1 MB.
    static func limit(for path: String) -> Int {
        switch path {
        case SiteURL.aiAnalyzeItemPhoto.path, SiteURL.aiLiquidationBrief.path: maximumPhotoJSONBytes
        case SiteURL.aiSummarizeAudio.path: maximumAudioJSONBytes
        default: maximumJSONBytes
        }
    }

    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        if request.isAPI, !request.method.isSafe, Self.isJSONOrUnknown(request.headers.contentType) {
            let limit = Self.limit(for: request.path)
            if let length = request.headers.first(name: .contentLength).flatMap(Int.init), length > limit {
                throw Self.refusal(limit)
            }
            do {
                _ = try await request.body.collect(max: limit).get()
            } catch let error as any AbortError where error.status == .payloadTooLarge {
                throw Self.refusal(limit)
            }
            if Self.hasOptionalBody(request), request.headers.contentType == nil,
                (request.body.data?.readableBytes ?? 0) == 0
            {
                // A call whose JSON body may be left out: read nothing as an empty object.
                try request.content.encode([String: String](), as: .json)
            }
        }
        return try await next.respond(to: request)
    }

    /// The calls whose JSON body is optional (`POST …/analysis`, `…/draft-message`, `…/liquidation/brief`).
    private static func hasOptionalBody(_ request: Request) -> Bool {
        request.method == .POST
            && ["/analysis", "/draft-message", "/liquidation/brief"].contains { request.path.hasSuffix($0) }
    }

    private static func isJSONOrUnknown(_ type: HTTPMediaType?) -> Bool {
        guard let type else { return true }
        return type.type == "application" && (type.subType == "json" || type.subType.hasSuffix("+json"))
    }

    private static func refusal(_ limit: Int) -> AppError {
        switch limit {
        case maximumJSONBytes: tooLarge
        case maximumAudioJSONBytes: AppError.payloadTooLarge("The recording is larger than the 23 MB the hub accepts.")
        default: photoTooLarge
        }
    }

    private static let photoTooLarge = AppError.payloadTooLarge(
        "The photo is larger than the 15 MB the AI expert accepts.")

    private static let tooLarge = AppError.payloadTooLarge(
        "The request body is larger than the 1 MB this call accepts.")
}
