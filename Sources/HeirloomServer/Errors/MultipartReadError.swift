import Foundation

/// Errors the OpenAPI runtime throws while a handler reads a multipart body: a frame it cannot parse, a body
/// without the parts the document requires. They surface in the handler's loop over the parts, so they would
/// otherwise count as the hub's fault (500); they are the client's mistake (400).
enum MultipartReadError {
    /// Whether the error comes from the runtime's multipart parser or validator (its types are not public).
    static func isMultipartReadError(_ error: any Error) -> Bool {
        String(reflecting: type(of: error)).hasPrefix("OpenAPIRuntime.Multipart")
    }

    /// The error as the JSON error shape says it.
    static func appError(_ error: any Error) -> AppError {
        let detail = String(describing: error).prefix(200)
        return .badRequest("The multipart body could not be read: \(detail)")
    }
}
