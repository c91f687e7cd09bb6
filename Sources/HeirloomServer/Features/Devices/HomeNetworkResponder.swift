import HeirloomCore
import Vapor

/// The responder of the plain-http listener on the home-network address (`HubServer`): it passes on only the
/// Memory Palace app's calls (`HomeNetworkRoutes`) and answers everything else 404, so that no sign-in page,
/// password or export ever travels there in clear text.
struct HomeNetworkResponder: Responder {
    let hub: any Responder

    func respond(to request: Request) -> EventLoopFuture<Response> {
        let hasAppToken = request.headers.first(name: TokenAuthenticator.appTokenHeader) != nil
        guard
            HomeNetworkRoutes.allows(method: request.method.rawValue, path: request.url.path, hasAppToken: hasAppToken)
        else { return request.eventLoop.makeSucceededFuture(Self.notFound()) }
        // Only the app's own token signs in here: a session cookie or bearer token sent in clear text is not used.
        request.headers.remove(name: .cookie)
        request.headers.remove(name: .authorization)
        return hub.respond(to: request)
    }

    static func notFound() -> Response {
        let body =
            #"{"error":{"code":"not_found","message":"The home-network address answers only the Memory Palace app."}}"#
        var headers = HTTPHeaders()
        headers.contentType = .json
        headers.replaceOrAdd(name: "X-Content-Type-Options", value: "nosniff")
        headers.replaceOrAdd(name: .cacheControl, value: "no-store")
        return Response(status: .notFound, headers: headers, body: .init(string: body))
    }
}
