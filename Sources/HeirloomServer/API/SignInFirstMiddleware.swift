import HTTPTypes
import HeirloomAPI
import HeirloomCore
import OpenAPIRuntime
import Vapor

/// Asks who is calling before anything else is read: a protected operation answers 401 to an unauthenticated
/// caller whatever it sends, so a caller without credentials learns nothing from which parameters are checked.
///
/// The generated code decodes an operation's parameters and body before its handler runs; this middleware runs
/// before that decoding, and asks `AccessRule` with what the operation touches (`APIAccess`, on its route): a member
/// it refuses learns nothing either.
struct SignInFirstMiddleware: ServerMiddleware {
    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, metadata: ServerRequestMetadata, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        let vaporRequest = try RequestContext.request()
        switch vaporRequest.route?.access ?? .member(.change(.household), hidden: false) {
        case .anyone:
            break
        case .link(let reader, _):
            // people with links carry sessions of their own: one of theirs, or nothing is read
            try await LinkPeople.require(reader, vaporRequest)
        case .member(let access, let hidden):
            try await vaporRequest.require(access, hidingAs: hidden ? Self.hiddenName(access.thing) : nil)
        case .shared(let access, let reader):
            // a member as the rule says; else someone with a link (a trusted contact) by their own session
            if vaporRequest.auth.get(Principal.self) == nil, vaporRequest.headers.bearerAuthorization != nil {
                // (a token that is neither a member's nor theirs is no sign-in at all)
                do { try await LinkPeople.require(reader, access, vaporRequest) } catch AppError.notFound(_) {
                    throw AppError.unauthenticated
                }
            } else {
                try await vaporRequest.require(access, hidingAs: Self.hiddenName(access.thing))
            }
        }
        return try await next(request, body, metadata)
    }

    /// What a member the rule refuses is told does not exist.
    static func hiddenName(_ thing: Thing) -> String {
        switch thing {
        case .gifts: "beneficiary"
        case .binder, .binderOnlyMe: "binder"
        case .wishRounds: "wish round"
        case .outbox: "outbox"
        case .values: "sale"
        case .household: "partner"
        default: "estate"
        }
    }
}
