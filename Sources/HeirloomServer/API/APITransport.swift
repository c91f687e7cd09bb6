import HTTPTypes
import NIOHTTPTypesHTTP1
import OpenAPIRuntime
import Vapor

/// Registers the generated API handlers on Vapor's router, as `OpenAPIVapor.VaporTransport` does, except that
/// an answer whose length is known and small (every JSON answer) goes out as one buffer, not as a stream.
///
/// VaporTransport hands every answer to Vapor as a body stream, written chunk by chunk from a new task, each
/// write waiting for the event loop: for a JSON page, a task, three hops and three writes per answer, which
/// the profile of `make bench-api` showed as a large share of a request. Request bodies still stream (uploads
/// are read as they arrive and limited where they are stored), and large or unsized answers still stream.
struct APITransport: ServerTransport {
    /// Answers up to this size are collected into one buffer; larger ones stream.
    static let maximumBufferedBytes = 8 << 20

    let routes: any RoutesBuilder

    func register(
        _ handler:
            @Sendable @escaping (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (
                HTTPResponse, HTTPBody?
            ),
        method: HTTPRequest.Method,
        path: String
    ) throws {
        let components = Self.pathComponents(path)
        let parameters = components.compactMap { component -> String? in
            if case .parameter(let name) = component { return name }
            return nil
        }
        let route = routes.on(HTTPMethod(rawValue: method.rawValue), components, body: .stream) { request in
            let (response, body) = try await handler(
                try Self.httpRequest(request), Self.httpBody(request),
                ServerRequestMetadata(pathParameters: try Self.pathParameters(parameters, of: request)))
            return try await Self.response(response, body: body)
        }
        route.userInfo[RouteAccess.key] = APIAccess.of(method.rawValue, path)
    }

    static func pathComponents(_ path: String) -> [PathComponent] {
        path.split(separator: "/", omittingEmptySubsequences: true).map { segment in
            if segment.first == "{", segment.last == "}" { return .parameter(String(segment.dropFirst().dropLast())) }
            return .constant(String(segment))
        }
    }

    private static func pathParameters(_ names: [String], of request: Request) throws -> [String: Substring] {
        var values: [String: Substring] = [:]
        for name in names {
            guard let value = request.parameters.get(name) else {
                throw AppError.internalProblem("The route has no \(name) parameter.")
            }
            values[name] = Substring(value)
        }
        return values
    }

    private static func httpRequest(_ request: Request) throws -> HTTPRequest {
        guard let method = HTTPRequest.Method(request.method.rawValue) else {
            throw Abort(.methodNotAllowed)
        }
        let query = request.url.query.map { "?\($0)" } ?? ""
        return HTTPRequest(
            method: method, scheme: request.url.scheme, authority: request.url.host,
            path: request.path + query, headerFields: HTTPFields(request.headers, splitCookie: true))
    }

    /// The request's body; none when it has none and says no type (no length and no chunks, or a length of 0), so
    /// that an operation whose body is optional (`POST /api/wish-rounds/{id}/divide`) is called without one. An empty
    /// body with a type (an empty file uploaded) is still a body, refused by what reads it.
    private static func httpBody(_ request: Request) -> HTTPBody? {
        let length = request.headers.first(name: .contentLength).flatMap(Int64.init)
        let none = length == 0 || (length == nil && !request.headers.contains(name: .transferEncoding))
        if none, request.headers.contentType == nil { return nil }
        return HTTPBody(
            request.body.map(\.readableBytesView), length: length.map { .known($0) } ?? .unknown,
            iterationBehavior: .single)
    }

    private static func response(_ response: HTTPResponse, body: HTTPBody?) async throws -> Response {
        let headers = HTTPHeaders(response.headerFields)
        let status = HTTPResponseStatus(statusCode: response.status.code)
        guard let body else { return Response(status: status, headers: headers, body: .empty) }
        if case .known(let length) = body.length, length <= maximumBufferedBytes {
            let bytes = try await ArraySlice<UInt8>(collecting: body, upTo: Int(length))
            var buffer = ByteBufferAllocator().buffer(capacity: bytes.count)
            buffer.writeBytes(bytes)
            var headers = headers
            // Vapor writes the length of a buffer itself.
            headers.remove(name: .contentLength)
            return Response(status: status, headers: headers, body: .init(buffer: buffer))
        }
        return Response(status: status, headers: headers, body: streamed(body))
    }

    /// A body written as it comes, for answers too large (or of unknown size) to hold in memory.
    private static func streamed(_ body: HTTPBody) -> Response.Body {
        let stream: @Sendable (any AsyncBodyStreamWriter) async throws -> Void = { writer in
            do {
                for try await chunk in body {
                    try await writer.writeBuffer(ByteBuffer(bytes: chunk))
                }
                try await writer.write(.end)
            } catch {
                try await writer.write(.error(error))
            }
        }
        if case .known(let count) = body.length {
            return Response.Body(asyncStream: stream, count: Int(clamping: count))
        }
        return Response.Body(asyncStream: stream)
    }
}
