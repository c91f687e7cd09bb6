import Vapor

/// Security headers on every response: no inline script, no framing, no sniffing, no referrer leaks.
struct SecurityHeadersMiddleware: AsyncMiddleware {
    let usesTLS: Bool

    static let contentSecurityPolicy = [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data: blob:",
        "media-src 'self' blob:",
        "connect-src 'self'",
        "font-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ].joined(separator: "; ")

    static let headers: [(String, String)] = [
        ("Content-Security-Policy", contentSecurityPolicy),
        ("X-Content-Type-Options", "nosniff"),
        // Invitation links carry their secret in the path; never send it to another site.
        ("Referrer-Policy", "no-referrer"),
        ("X-Frame-Options", "DENY"),
        ("Permissions-Policy", "camera=(self), microphone=(self), geolocation=()"),
        ("Cross-Origin-Opener-Policy", "same-origin"),
    ]

    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        let response = try await next.respond(to: request)
        for (name, value) in Self.headers where !response.headers.contains(name: name) {
            response.headers.add(name: name, value: value)
        }
        if usesTLS {
            response.headers.replaceOrAdd(name: "Strict-Transport-Security", value: "max-age=31536000")
        }
        // The API first: reading the content type parses the header.
        if !response.headers.contains(name: .cacheControl), request.isAPI || response.headers.contentType == .html {
            response.headers.replaceOrAdd(name: .cacheControl, value: "no-store")
        }
        return response
    }
}
