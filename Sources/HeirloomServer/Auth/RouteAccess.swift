import HeirloomCore
import Vapor

/// What a route touches and who it is for, kept on the route itself (`Route.userInfo`): the route walk reads it,
/// and `AccessMiddleware` enforces it for the household's members.
enum RouteAccess: Sendable, Equatable, CustomStringConvertible {
    /// Anyone: signing in, joining, the hub's document, files signed for phones.
    case anyone
    /// A member signed in, as far as `AccessRule` reaches; `hidden` routes tell those it refuses that nothing
    /// is there.
    case member(Access, hidden: Bool)
    /// Someone who came by a link of their own (their cookie or token), which the route's handler checks.
    case link(Reader, Access)
    /// Members as far as `AccessRule` reaches (told nothing is there when refused), and `reader` by their link as
    /// far as the rule reaches in the estate's state: the wish rounds, run by owners or, after the release, a
    /// trusted contact.
    case shared(Access, Reader)

    static let key = "heirloom.access"

    var description: String {
        switch self {
        case .anyone: "anyone"
        case .member(let access, let hidden): hidden ? "\(access), hidden" : "\(access)"
        case .link(let reader, let access): "\(reader.label): \(access)"
        case .shared(let access, let reader): "\(access), and \(reader.label)"
        }
    }
}

extension Route {
    /// The access this route was registered with; nil for the generated API's operations (`APIAccess`).
    var access: RouteAccess? { userInfo[RouteAccess.key] as? RouteAccess }
}

/// Routes that each carry what they touch: `act` when given, else read for GET and change for the rest.
struct AccessGroup: RoutesBuilder {
    let root: any RoutesBuilder
    let thing: Thing
    var act: Act? = nil
    /// When set, a member the rule refuses is told that such a thing does not exist.
    var hidingAs: String? = nil
    /// Middlewares after the access check (the form's CSRF check, for pages).
    var then: [any AsyncMiddleware] = []

    func add(_ route: Route) {
        let access = Access(act ?? (route.method == .GET ? .read : .change), thing)
        route.userInfo[RouteAccess.key] = RouteAccess.member(access, hidden: hidingAs != nil)
        let guarded = [AccessMiddleware(access: access, hidingAs: hidingAs)] + then
        route.responder = MiddlewareChain.responder(guarded, endingIn: route.responder)
        root.add(route)
    }
}

/// Routes for people who come by a link: each tagged with who and what, their handlers checking the link.
struct LinkGroup: RoutesBuilder {
    let root: any RoutesBuilder
    let tag: RouteAccess

    func add(_ route: Route) {
        route.userInfo[RouteAccess.key] = tag
        root.add(route)
    }
}

extension RoutesBuilder {
    /// Routes touching `thing` for members, as `AccessRule` lets them.
    func access(_ thing: Thing, _ act: Act? = nil, hidingAs: String? = nil, then: any AsyncMiddleware...)
        -> any RoutesBuilder
    {
        AccessGroup(root: self, thing: thing, act: act, hidingAs: hidingAs, then: then)
    }

    /// Routes for `reader`, who comes by their own link.
    func link(_ reader: Reader, _ access: Access) -> any RoutesBuilder {
        LinkGroup(root: self, tag: .link(reader, access))
    }

    /// Routes members and `reader` share, their middleware asking `AccessRule` for each.
    func shared(_ access: Access, with reader: Reader) -> any RoutesBuilder {
        LinkGroup(root: self, tag: .shared(access, reader))
    }

    /// Routes anyone may call.
    func open() -> any RoutesBuilder { LinkGroup(root: self, tag: .anyone) }
}
