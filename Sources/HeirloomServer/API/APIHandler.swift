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
    /// bytes and the hub time), keys in a fixed order, slashes in URLs left as they are.
    static let configuration = OpenAPIRuntime.Configuration(jsonEncodingOptions: [.sortedKeys, .withoutEscapingSlashes])

    /// Parses an id from a path; anything that is not a UUID names nothing, so it is not found.
    func uuid(_ text: String, _ what: String) throws -> UUID {
        guard let id = UUID(uuidString: text) else { throw AppError.notFound(what) }
        return id
    }
}
