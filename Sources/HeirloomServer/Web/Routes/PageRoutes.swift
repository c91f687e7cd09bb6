import Vapor

/// The web pages' routes, registered feature by feature (`PageRoutes+<Feature>.swift`) under the guards here.
///
/// The guard comes first, then the form's CSRF check: a viewer is told a hidden page does not exist even when the
/// form is stale, and nothing is read of a body that nobody may send.
struct PageRoutes {
    let app: Application
    /// Anyone: the form's CSRF check only.
    let web: any RoutesBuilder
    /// Someone signed in.
    let member: any RoutesBuilder
    /// An owner or an editor; a viewer is told they cannot change anything.
    let editor: any RoutesBuilder
    /// An owner.
    let owner: any RoutesBuilder
    /// An owner or an editor for who-gets-what, which viewers are told does not exist.
    let planner: any RoutesBuilder

    init(app: Application) {
        self.app = app
        web = app.chained(CSRFFormMiddleware())
        member = Self.guarded(app, .member)
        editor = Self.guarded(app, .editor)
        owner = Self.guarded(app, .owner)
        planner = Self.guarded(app, .editor, hidingAs: "beneficiary")
    }

    /// Pages behind `role`; with `hidingAs`, anyone else is told that such a thing does not exist.
    func guarded(_ role: RoleMiddleware.Required, hidingAs: String? = nil) -> any RoutesBuilder {
        Self.guarded(app, role, hidingAs: hidingAs)
    }

    private static func guarded(_ app: Application, _ role: RoleMiddleware.Required, hidingAs: String? = nil)
        -> any RoutesBuilder
    {
        app.chained(RoleMiddleware(required: role, hidingAs: hidingAs), CSRFFormMiddleware())
    }
}
