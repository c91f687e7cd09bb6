import NIOConcurrencyHelpers
import OpenAPIRuntime
import Vapor

/// Bounds the text parts of one multipart API request, how many and how many bytes in all, so that endless
/// `tags` or `personIds` parts are refused instead of piling up in memory while the request streams.
final class MultipartTextBudget: Sendable {
    /// More than any Heirloom form sends: a memory's people, a card's tags, the few fields around them.
    static let maximumParts = 300
    /// A journal card's text (1 MB) and everything else around it.
    static let maximumBytes = 2 << 20

    private let spent = NIOLockedValueBox((parts: 0, bytes: 0))

    /// Counts one more part (text, or one this call does not use).
    func countPart() throws {
        try spent.withLockedValue { spent in
            spent.parts += 1
            guard spent.parts <= Self.maximumParts else {
                throw AppError.payloadTooLarge("This request has more parts than Heirloom accepts.")
            }
        }
    }

    /// Counts bytes of text as they arrive.
    func charge(_ bytes: Int) throws {
        try spent.withLockedValue { spent in
            spent.bytes += bytes
            guard spent.bytes <= Self.maximumBytes else {
                throw AppError.payloadTooLarge("The text sent with this request is longer than Heirloom accepts.")
            }
        }
    }

    /// Reads one text part of at most `limit` bytes, counting it against the request's budget.
    static func text(_ body: HTTPBody, upTo limit: Int, tooLong: AppError? = nil) async throws -> String {
        let budget = RequestContext.current?.multipartTextBudget
        try budget?.countPart()
        var bytes: [UInt8] = []
        for try await chunk in body {
            try budget?.charge(chunk.count)
            bytes += chunk
            guard bytes.count <= limit else {
                throw tooLong ?? AppError.payloadTooLarge("A text part of this request is too long.")
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

extension Request {
    /// This request's budget for multipart text parts.
    var multipartTextBudget: MultipartTextBudget {
        if let budget = storage[BudgetKey.self] { return budget }
        let budget = MultipartTextBudget()
        storage[BudgetKey.self] = budget
        return budget
    }

    private struct BudgetKey: StorageKey {
        typealias Value = MultipartTextBudget
    }
}
