import Foundation
import HTTPTypes
import HeirloomAPI
import OpenAPIRuntime

/// Heirloom's API client for the iPhone apps and other Swift programs: the generated `Client`, pointed at
/// a hub and sending its bearer token.
///
/// ```swift
/// let hub = HeirloomClient.make(serverURL: url, token: token, transport: URLSessionTransport())
/// let me = try await hub.getMe().ok.body.json
/// ```
public enum HeirloomClient {
    /// A client for the hub at `serverURL` that sends `token` (if any) as `Authorization: Bearer`.
    public static func make(serverURL: URL, token: String? = nil, transport: any ClientTransport) -> Client {
        Client(
            serverURL: serverURL,
            transport: transport,
            middlewares: token.map { [BearerTokenMiddleware(token: $0)] } ?? []
        )
    }
}

/// Adds `Authorization: Bearer <token>` to every request.
public struct BearerTokenMiddleware: ClientMiddleware {
    public var token: String

    public init(token: String) {
        self.token = token
    }

    public func intercept(
        _ request: HTTPRequest,
        body: HTTPBody?,
        baseURL: URL,
        operationID: String,
        next: (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        var request = request
        request.headerFields[.authorization] = "Bearer \(token)"
        return try await next(request, body, baseURL)
    }
}
