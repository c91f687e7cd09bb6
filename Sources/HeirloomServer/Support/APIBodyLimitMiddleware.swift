import Vapor

/// Reads JSON request bodies into memory only up to a limit, so that an absurd body is a 413, not a
/// memory spike. Uploads (multipart and media bodies) stream and are limited where they are stored.
struct APIBodyLimitMiddleware: AsyncMiddleware {
    /// The largest JSON body the API accepts.
    static let maximumJSONBytes = 1 << 20

    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        if request.isAPI, !request.method.isSafe, Self.isJSONOrUnknown(request.headers.contentType) {
            if let length = request.headers.first(name: .contentLength).flatMap(Int.init),
                length > Self.maximumJSONBytes
            {
                throw Self.tooLarge
            }
            do {
                _ = try await request.body.collect(max: Self.maximumJSONBytes).get()
            } catch let error as any AbortError where error.status == .payloadTooLarge {
                throw Self.tooLarge
            }
        }
        return try await next.respond(to: request)
    }

    private static func isJSONOrUnknown(_ type: HTTPMediaType?) -> Bool {
        guard let type else { return true }
        return type.type == "application" && (type.subType == "json" || type.subType.hasSuffix("+json"))
    }

    private static let tooLarge = AppError.payloadTooLarge(
        "The request body is larger than the 1 MB this call accepts.")
}
