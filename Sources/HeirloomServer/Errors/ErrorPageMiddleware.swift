import Foundation
import OpenAPIRuntime
import Vapor

/// Turns every error into the JSON error shape under /api and into a friendly page elsewhere.
struct ErrorPageMiddleware: AsyncMiddleware {
    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        do {
            return try await next.respond(to: request)
        } catch {
            let mapped = MappedError(error)
            if mapped.code.hasPrefix("ai_") {
                // The AI provider's failure, not the hub's: the code is enough (and names no credentials).
                request.logger.warning("AI provider failed: \(mapped.code)")
            } else if mapped.status.code >= 500 {
                // The generated code's error carries the request, bearer token included: log only its cause.
                request.logger.report(error: (error as? ServerError)?.underlyingError ?? error)
            }
            if request.isAPI {
                return jsonResponse(mapped)
            }
            if mapped.status == .unauthorized {
                let back = request.url.path.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
                return request.redirect(to: SiteURL.login.path + "?next=\(back)")
            }
            if request.isSubresource {
                // A missing picture, script or the browser's own /favicon.ico: a short answer, not a page (whose
                // forms would hand out a CSRF cookie that could overwrite the one of the page being filled in).
                let response = Response(
                    status: mapped.status, headers: mapped.headers, body: .init(string: mapped.message))
                response.headers.contentType = .plainText
                return response
            }
            return await errorPage(mapped, request: request)
        }
    }

    private func jsonResponse(_ mapped: MappedError) -> Response {
        let body = ErrorResponse(
            error: .init(code: mapped.code, message: mapped.message, field: mapped.field, fields: mapped.fields))
        let response = Response(status: mapped.status, headers: mapped.headers)
        do {
            try response.content.encode(body, as: .json)
        } catch {
            response.body = .init(string: #"{"error":{"code":"internal_error","message":"Something went wrong."}}"#)
            response.headers.contentType = .json
        }
        return response
    }

    private func errorPage(_ mapped: MappedError, request: Request) async -> Response {
        let heading: String =
            switch mapped.status.code {
            case 403: "You can’t do that here"
            case 404: "We couldn’t find that page"
            case 413: "That was too large"
            case 429: "Please wait a little"
            case 400..<500: "Something needs another look"
            default: "Something went wrong"
            }
        do {
            let page = try await ErrorPage.render(
                request: request,
                status: Int(mapped.status.code),
                heading: heading,
                message: mapped.message
            )
            let response = try await page.encodeResponse(status: mapped.status, for: request)
            for (name, value) in mapped.headers { response.headers.replaceOrAdd(name: name, value: value) }
            return response
        } catch {
            request.logger.report(error: error)
            let response = Response(status: mapped.status, body: .init(string: "\(heading). \(mapped.message)"))
            response.headers.contentType = .plainText
            return response
        }
    }
}

extension Request {
    /// Whether the browser asked for part of a page (a picture, a script, a stylesheet, a sound), not a page.
    var isSubresource: Bool {
        guard let destination = headers.first(name: "Sec-Fetch-Dest") else { return false }
        return !["document", "iframe", "frame", "empty", "embed", "object"].contains(destination)
    }

    /// Whether the request is for the JSON API (errors answer in JSON).
    var isAPI: Bool {
        let path = path
        return path == "/api" || path.hasPrefix("/api/") || path.hasPrefix("/ai/") || path == "/health"
            || path.hasPrefix("/app/")
    }
}
