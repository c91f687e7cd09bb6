import Foundation
import Leaf
import Vapor

/// What every page's layout needs: the title, the active section, who is signed in, the CSRF token and a
/// message from the last action.
struct PageBase: Encodable {
    struct Member: Encodable {
        var name: String
        var email: String
        var role: String
    }

    struct HouseholdInfo: Encodable {
        var name: String
    }

    struct Flash: Encodable {
        var kind: String
        var message: String
    }

    /// A link of the site's navigation.
    struct NavLink: Encodable {
        var title: String
        var href: String
        var current: Bool
    }

    var title: String
    var nav: NavSection
    var navLinks: [NavLink] = []
    var user: Member?
    var household: HouseholdInfo?
    var csrfToken: String
    var flash: Flash?
    /// For signed-in members: what the browser checks before sending a file (`UploadRules`), as JSON.
    var uploadRules: String?

    init(request: Request, title: String, nav: NavSection = .none, flash: Flash? = nil) {
        self.title = title
        self.nav = nav
        self.csrfToken = CSRF.token(for: request)
        self.flash = flash ?? Flash.fromQuery(request)
        if let principal = request.auth.get(Principal.self) {
            user = Member(name: principal.name, email: principal.email, role: principal.role.rawValue)
            household = HouseholdInfo(name: principal.householdName)
            uploadRules = UploadRules(limit: request.heirloom.services.media.limit(for:)).json
            navLinks = NavSection.offered(to: principal.role)
                .map { NavLink(title: $0.title, href: $0.url.path, current: $0 == nav) }
        }
    }
}

extension PageBase.Flash {
    /// The message a redirect asked for with `?done=`; the URL names a `Notice`, never the text itself.
    static func fromQuery(_ request: Request) -> Self? {
        guard let key = request.query[String.self, at: "done"], let notice = Notice(rawValue: key) else { return nil }
        return Self(kind: "notice", message: notice.message)
    }
}

/// Renders a Leaf page from the layout's base and the page's own model.
enum Page {
    static func render(
        _ template: Template,
        base: PageBase,
        _ content: some Encodable,
        on request: Request
    ) async throws -> View {
        var context = try leafDictionary(base)
        for (key, value) in try leafDictionary(content) { context[key] = value }
        let html = try await request.leaf.render(path: template.rawValue, context: context).get()
        return View(data: html)
    }

    /// Encodes a model to JSON and reads it back as Leaf data (keeps models plain `Encodable` structs).
    private static func leafDictionary(_ value: some Encodable) throws -> [String: LeafData] {
        let data = try JSONEncoder().encode(value)
        return try JSONDecoder().decode(LeafJSON.self, from: data).data.dictionary ?? [:]
    }
}

/// Any JSON value, decoded as Leaf data.
private struct LeafJSON: Decodable {
    var data: LeafData

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            data = .trueNil
        } else if let bool = try? container.decode(Bool.self) {
            data = .bool(bool)
        } else if let int = try? container.decode(Int.self) {
            data = .int(int)
        } else if let double = try? container.decode(Double.self) {
            data = .double(double)
        } else if let string = try? container.decode(String.self) {
            data = .string(string)
        } else if let array = try? container.decode([LeafJSON].self) {
            data = .array(array.map(\.data))
        } else {
            data = .dictionary(try container.decode([String: LeafJSON].self).mapValues(\.data))
        }
    }
}

/// An empty page model, for pages that need only the base.
struct NoContent: Encodable {}

/// The friendly error page.
enum ErrorPage {
    struct Model: Encodable {
        var status: Int
        var heading: String
        var message: String
        /// The page to go back to, when there is one nearer than Home.
        var back: String? = nil
    }

    static func render(request: Request, status: Int, heading: String, message: String) async throws -> View {
        try await Page.render(
            .error,
            base: PageBase(request: request, title: heading),
            Model(
                status: status, heading: heading, message: message,
                back: (400..<500).contains(status) ? wayBack(for: request) : nil),
            on: request
        )
    }

    /// Where a refused request leads back to, so that no error page is a dead end: for a form that was sent, the
    /// page at its own address, else the nearest page above the address (/items for /items/<a lost id>). Nil when
    /// only Home is left.
    static func wayBack(for request: Request) -> String? {
        let segments = request.url.path.split(separator: "/").map(String.init)
        guard segments.first != "api" else { return nil }
        var candidates = request.method == .GET ? [] : [segments]
        var parent = segments
        while parent.count > 1 {
            parent.removeLast()
            candidates.append(parent)
        }
        let pages = request.application.routes.all.filter { $0.method == .GET }.map(\.path)
        let back = candidates.first { candidate in pages.contains { Self.matches($0, candidate) } }
        return back.map { "/" + $0.joined(separator: "/") }
    }

    static func matches(_ route: [PathComponent], _ segments: [String]) -> Bool {
        guard route.count == segments.count else { return false }
        return zip(route, segments).allSatisfy { component, segment in
            switch component {
            case .constant(let constant): constant == segment
            case .parameter, .anything: true
            case .catchall: false
            }
        }
    }
}
