import HeirloomCore
import Vapor

/// The web pages' routes, registered feature by feature (`PageRoutes+<Feature>.swift`), each under what it touches.
///
/// The access check comes first (`AccessRule`, through `AccessMiddleware`), then the form's CSRF check: a viewer is
/// told a hidden page does not exist even when the form is stale, and nothing is read of a body nobody may send.
struct PageRoutes {
    let app: Application
    /// Anyone: the form's CSRF check only.
    let web: any RoutesBuilder

    init(app: Application) {
        self.app = app
        web = app.chained(CSRFFormMiddleware()).open()
    }

    /// Pages touching `thing` (read by GET, changed otherwise, or `act`), for members as far as `AccessRule`
    /// reaches; with `hidingAs`, those it refuses are told that such a thing does not exist.
    func pages(_ thing: Thing, _ act: Act? = nil, hidingAs: String? = nil) -> any RoutesBuilder {
        app.access(thing, act, hidingAs: hidingAs, then: CSRFFormMiddleware())
    }

    /// Pages of someone who comes by their own link, which the handlers check.
    func link(_ reader: Reader, _ access: Access) -> any RoutesBuilder {
        app.chained(CSRFFormMiddleware()).link(reader, access)
    }
}
