import Foundation
import HeirloomAPI
import HeirloomCore
import OpenAPIRuntime
import Vapor

/// Heirloom's implementation of the generated `APIProtocol`: thin mappings from API types to services.
///
/// One extension per feature (`APIHandler+Accounts.swift`, …); each handler reads its input, calls one
/// service, and maps the result. Errors are thrown and become the JSON error shape in `ErrorPageMiddleware`.
struct APIHandler: APIProtocol {
    /// The request being handled.
    var request: Request {
        get throws { try RequestContext.request() }
    }

    /// The signed-in member of the request being handled.
    var principal: Principal {
        get throws { try request.principal() }
    }
}

extension APIHandler {
    /// How answers are written: compact JSON (pretty printing is for people reading it, and costs every phone
    /// bytes and the hub time), keys in a fixed order, slashes in URLs left as they are; moments as before, made
    /// without a locked formatter.
    static let configuration = OpenAPIRuntime.Configuration(
        dateTranscoder: APIDateTranscoder(), jsonEncodingOptions: [.sortedKeys, .withoutEscapingSlashes])

    /// Parses an id from a path; anything that is not a UUID names nothing, so it is not found.
    func uuid(_ text: String, _ what: String) throws -> UUID {
        guard let id = UUID(uuidString: text) else { throw AppError.notFound(what) }
        return id
    }
}

/// Writes moments as `ISO8601DateFormatter` does (`2026-11-23T22:05:09Z`) with `InternetDate` (the runtime's own
/// transcoder outside its range), and reads them with the runtime's transcoder. The runtime's writes through one formatter behind a lock: the item page's
/// profile had 4 % of its time there, two moments per item.
struct APIDateTranscoder: DateTranscoder {
    private let reader = ISO8601DateTranscoder.iso8601

    func encode(_ date: Date) throws -> String { try InternetDate.string(from: date) ?? reader.encode(date) }

    func decode(_ text: String) throws -> Date { try reader.decode(text) }
}
