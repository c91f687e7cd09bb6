import Fluent
import Foundation
import HeirloomAPI
import HeirloomCore
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

/// One caller of the walk: a kind of reader (nil: someone signed out) with their browser and, for members, a token.
struct WalkCaller {
    var name: String
    var reader: Reader?
    var session: WebSession
    var token: String?
    /// The token they call the JSON API with: a member's, or one of their link's sessions.
    var outsiderToken: String? = nil

    var apiToken: String? { token ?? outsiderToken }
}

/// What the rule says a caller gets from a route.
enum WalkExpectation: Equatable {
    /// Refused as the route's middleware refuses: this status, a redirect to `location`, the words `message`.
    case refused(HTTPStatus, location: String?, message: String?)
    /// Refused by a link's own check: the page says the link does not work, or a file is not theirs.
    case refusedByLink
    /// Let in: `own` means their feature may still say "not yours" of the one object named.
    case allowed(own: Bool)
    /// Nothing to check (anyone's routes).
    case unchecked

    var isRefusal: Bool {
        switch self {
        case .refused, .refusedByLink: true
        case .allowed, .unchecked: false
        }
    }

    /// What `reader` (nil: signed out) gets from a route of `access` in `state`.
    static func of(_ access: RouteAccess, for reader: Reader?, in state: EstateState, api: Bool) -> WalkExpectation {
        let signedOut: WalkExpectation =
            api
            ? .refused(.unauthorized, location: nil, message: nil)
            : .refused(.seeOther, location: "/login?next=", message: nil)
        switch access {
        case .anyone:
            return .unchecked
        case .member(let needed, let hidden):
            guard let reader, reader.isMember else { return signedOut }
            return member(reader, needed, hidden: hidden, in: state)
        case .shared(let needed, let linkReader):
            guard let reader else { return signedOut }
            if reader.isMember { return member(reader, needed, hidden: true, in: state) }
            guard reader == linkReader else { return signedOut }
            return link(reader, needed, in: state)
        case .link(let linkReader, let needed):
            guard let reader, reader == linkReader else { return .refusedByLink }
            return link(reader, needed, in: state)
        }
    }

    private static func member(_ reader: Reader, _ access: Access, hidden: Bool, in state: EstateState)
        -> WalkExpectation
    {
        let reach = AccessRule.reach(reader, access.act, access.thing, in: state)
        guard reach == .none else { return .allowed(own: reach == .own) }
        // (an owner is never told a thing of their own household is not there: they are told who may)
        let owner = reader == .holder || reader == .coOwner
        if hidden && !owner { return .refused(.notFound, location: nil, message: nil) }
        let message: String
        if reader == .viewer && AccessRule.allows(.editor, access, in: state) {
            message = AppError.viewerCannotChange.message
        } else if !AccessRule.allows(.coOwner, access, in: state) {
            message = AppError.holderOnly.message
        } else {
            message = AppError.ownersOnly.message
        }
        return .refused(.forbidden, location: nil, message: message)
    }

    private static func link(_ reader: Reader, _ access: Access, in state: EstateState) -> WalkExpectation {
        let reach = AccessRule.reach(reader, access.act, access.thing, in: state)
        return reach == .none ? .refusedByLink : .allowed(own: reach == .own)
    }

    /// Records an issue unless `response` is what this expectation says.
    func check(_ response: TestingHTTPResponse, _ what: String) {
        let status = response.status
        let body = String(response.body.string.prefix(300))
        switch self {
        case .refused(let expected, let location, let message):
            #expect(status == expected, "\(what): \(status) \(body)")
            if let location {
                #expect(response.headers.first(name: .location)?.hasPrefix(location) == true, "\(what)")
            }
            if let message { #expect(response.body.string.contains(message), "\(what): \(body)") }
        case .refusedByLink:
            let refusals: Set<UInt> = [401, 403, 404, 409]
            let toSignIn = status == .seeOther && response.headers.first(name: .location)?.hasPrefix("/login") == true
            #expect(refusals.contains(status.code) || toSignIn, "\(what): \(status) \(body)")
        case .allowed(let own):
            let toSignIn = response.headers.first(name: .location)?.hasPrefix("/login") == true
            let refused = [401, 403].contains(status.code) || toSignIn || (status == .notFound && !own)
            #expect(!refused && status.code < 500, "\(what): \(status) \(body)")
        case .unchecked:
            break
        }
    }
}

extension Application {
    /// Every kind of reader the walk sends: someone signed out, the holder (not while a report waits: the holder's
    /// own request cancels it), a co-owner (the fixture's owner), an editor, a viewer, a trusted contact and an heir
    /// by their links; the estate is put in `state`.
    func walkCallers(_ fixture: RouteGuardFixture, in state: EstateState) async throws -> [WalkCaller] {
        let household = fixture.household
        let owner = household.owner
        // the holder is an owner of their own; the fixture's owner helps them
        let holder = try await addMember(
            role: "owner", by: owner, name: "Rose Miller", email: "rose@example.com", password: "rose's own password")
        let named = try await api(.PUT, "/api/estate", token: owner.token, json: ["holderUserId": holder.id])
        #expect(named.status == .ok, "\(named.body.string)")
        // a trusted contact and an heir, each with their link's cookie
        let trusted = WebSession(app: self)
        let opened = try await trusted.get("/executor/\(try await linkToken(for: "mary@example.com"))")
        #expect(opened.status.code < 400, "\(opened.status)")
        let handed = try await api(
            .POST, "/api/estate/heirs/\(household.beneficiaryID)/link", token: owner.token)
        #expect(handed.status == .created, "\(handed.body.string)")
        let url = try handed.decoded(Components.Schemas.HandedOutLink.self).url
        let heir = WebSession(app: self)
        let heirOpened = try await heir.get("/r/\(url.split(separator: "/").last ?? "")")
        #expect(heirOpened.status.code < 400, "\(heirOpened.status)")

        var callers = [WalkCaller(name: "signed out", reader: nil, session: WebSession(app: self))]
        _ = try await callers[0].session.get("/login")
        let members: [(String, Reader, Member)] = [
            ("holder", .holder, holder), ("co-owner", .coOwner, owner), ("editor", .editor, household.editor),
            ("viewer", .viewer, household.viewer),
        ]
        for (name, reader, member) in members where !(reader == .holder && state == .passingReported) {
            let session = WebSession(app: self)
            let signedIn = try await session.post("/login", ["email": member.email, "password": member.password])
            #expect(signedIn.status == .seeOther, "\(name) \(signedIn.status)")
            callers.append(WalkCaller(name: name, reader: reader, session: session, token: member.token))
            // a member's first visit to their journal makes their drawers: made before the walk compares rows
            #expect(try await api(.GET, "/api/journal/drawers", token: member.token).status == .ok)
        }
        let trustedToken = try await outsiderToken(
            "/api/executor/session", try await linkToken(for: "mary@example.com"))
        let heirToken = try await outsiderToken("/api/recipient/session", String(url.split(separator: "/").last ?? ""))
        callers.append(
            WalkCaller(name: "trusted contact", reader: .trustedContact, session: trusted, outsiderToken: trustedToken))
        callers.append(WalkCaller(name: "heir", reader: .heir, session: heir, outsiderToken: heirToken))
        try await putEstate(household.owner.householdID, in: state)
        return callers
    }

    /// A session token for someone with a link, as their app would get it.
    func outsiderToken(_ path: String, _ link: String) async throws -> String {
        let session = try await api(.POST, path, json: ["token": link])
        #expect(session.status == .ok, "\(path) \(session.body.string)")
        return try session.decoded(Components.Schemas.TokenExchange.self).token
    }

    /// Puts the household's estate in `state` as the hub would have: reported a day ago, released today.
    func putEstate(_ householdID: String, in state: EstateState) async throws {
        let estate = try #require(
            try await Estate.query(on: db).filter(\.$household.$id == UUID(uuidString: householdID)!).first())
        let now = Date()
        switch state {
        case .active:
            return
        case .passingReported:
            estate.status = EstateStatus(
                state: .passingReported, reportedAt: now - 86_400, releaseAt: now + 13 * 86_400)
        case .released:
            estate.status = EstateStatus(
                state: .released, reportedAt: now - 14 * 86_400, releaseAt: now, releasedAt: now)
        }
        try await estate.save(on: db)
    }
}
