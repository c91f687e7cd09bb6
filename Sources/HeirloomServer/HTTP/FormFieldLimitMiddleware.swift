import Vapor

/// Refuses URL-encoded form bodies and query strings with more fields, or deeper nesting, than any Heirloom
/// form has, before Vapor's decoder sees them.
///
/// The decoder's cost grows with the square of the number of repeated keys (`a[]=v&a[]=v…`): 32,000 pairs,
/// 190 KB, took seconds of a core on the sign-in page, before anyone had signed in. Counting the pairs first
/// is linear, and with at most `maximumFields` pairs the decoder's own cost stays in milliseconds.
struct FormFieldLimitMiddleware: AsyncMiddleware {
    /// More than any Heirloom form or address sends (a list of checkboxes has one pair per ticked box).
    static let maximumFields = 1000
    /// `a[b][c]` is nested twice; no Heirloom form nests at all.
    static let maximumNesting = 4
    /// The largest form body read (the route's own limit).
    static let maximumBodyBytes = 1 << 20

    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        if let query = request.url.query { try Self.check(Substring(query)) }
        if request.headers.contentType == .urlEncodedForm, !request.method.isSafe {
            if let length = request.headers.first(name: .contentLength).flatMap(Int.init),
                length > Self.maximumBodyBytes
            {
                throw Self.tooLarge
            }
            let body: ByteBuffer
            do {
                body = try await request.body.collect(max: Self.maximumBodyBytes).get() ?? ByteBuffer()
            } catch let error as any AbortError where error.status == .payloadTooLarge {
                throw Self.tooLarge
            }
            try Self.check(Substring(decoding: body.readableBytesView, as: UTF8.self))
        }
        return try await next.respond(to: request)
    }

    /// Throws when `form` has too many pairs or a key nested too deeply; linear in its length.
    static func check(_ form: Substring) throws {
        var pairs = 1
        for byte in form.utf8 where byte == UInt8(ascii: "&") {
            pairs += 1
            if pairs > maximumFields { throw tooManyFields }
        }
        for pair in form.split(separator: "&", omittingEmptySubsequences: true) {
            let key = pair.prefix { $0 != "=" }
            guard key.contains("[") || key.contains("%") else { continue }
            let decoded = String(key).removingPercentEncoding ?? String(key)
            if decoded.utf8.lazy.filter({ $0 == UInt8(ascii: "[") }).count > maximumNesting {
                throw AppError.badRequest("A field name of this form is nested more deeply than Heirloom accepts.")
            }
        }
    }

    private static let tooManyFields = AppError.payloadTooLarge("This form has more fields than Heirloom accepts.")
    private static let tooLarge = AppError.payloadTooLarge("This form is larger than the 1 MB Heirloom accepts.")
}
