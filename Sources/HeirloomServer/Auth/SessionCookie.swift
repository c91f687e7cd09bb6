import Vapor

/// The browser session cookie: HttpOnly, SameSite=Lax, Secure when the hub is reached over TLS.
enum SessionCookie {
    static func set(_ secret: String, on response: Response, request: Request) {
        response.cookies[TokenAuthenticator.sessionCookie] = HTTPCookies.Value(
            string: secret,
            maxAge: Int(TokenService.sessionLifetime),
            path: "/",
            isSecure: request.heirloom.config.usesTLS,
            isHTTPOnly: true,
            sameSite: .lax
        )
    }

    static func clear(on response: Response, request: Request) {
        response.cookies[TokenAuthenticator.sessionCookie] = HTTPCookies.Value(
            string: "",
            expires: Date(timeIntervalSince1970: 0),
            maxAge: 0,
            path: "/",
            isSecure: request.heirloom.config.usesTLS,
            isHTTPOnly: true,
            sameSite: .lax
        )
    }
}

extension Request {
    /// A local path to return to after signing in; anything else (another site, `//host`) goes Home.
    func safeNext(_ raw: String?) -> String {
        // Control characters would split the Location header; a backslash or tab can make "//host".
        guard let raw, raw.hasPrefix("/"), !raw.hasPrefix("//"), raw.count < 2000,
            !raw.unicodeScalars.contains(where: { $0.value < 0x21 || $0.value == 0x7F || $0 == "\\" })
        else {
            return "/"
        }
        return raw
    }
}
