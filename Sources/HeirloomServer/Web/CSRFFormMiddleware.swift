import Vapor

/// Checks the `_csrf` field of every form sent to a web page, so no handler has to remember to.
///
/// Safe methods pass. Upload routes (registered with `upload`) stream their body to the handler, which
/// checks the field as it reads the stream; every other form's body is collected here, within the app's
/// body limit, and checked before its handler runs.
struct CSRFFormMiddleware: AsyncMiddleware {
    /// The `Route.userInfo` key of routes that check the field in their body's stream.
    static let checkedInStream: AnySendableHashable = "heirloom.csrf.checkedInStream"

    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        guard !request.method.isSafe, request.route?.userInfo[Self.checkedInStream] as? Bool != true else {
            return try await next.respond(to: request)
        }
        // Every multipart form of the site streams to an upload route; decoding one here would cost time that
        // grows with the square of its parts (MultipartKit copies its list on every part).
        if request.headers.contentType?.type == "multipart" {
            throw AppError.unsupportedMedia("This form is sent as plain fields, not as a file upload.")
        }
        if request.body.data == nil {
            let limit = request.application.routes.defaultMaxBodySize.value
            _ = try await request.body.collect(max: limit).get()
        }
        try CSRF.verifyForm(request)
        return try await next.respond(to: request)
    }
}
