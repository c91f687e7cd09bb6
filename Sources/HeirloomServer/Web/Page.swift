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

    var title: String
    var nav: String
    var user: Member?
    var household: HouseholdInfo?
    var csrfToken: String
    var flash: Flash?

    init(request: Request, title: String, nav: String = "", flash: Flash? = nil) {
        self.title = title
        self.nav = nav
        self.csrfToken = CSRF.token(for: request)
        self.flash = flash ?? Flash.fromQuery(request)
        if let principal = request.auth.get(Principal.self) {
            user = Member(name: principal.name, email: principal.email, role: principal.role.rawValue)
            household = HouseholdInfo(name: principal.householdName)
        }
    }
}

extension PageBase.Flash {
    /// Messages after a redirect are named by a key in the query, never by text from the URL.
    static let messages: [String: String] = [
        "household-renamed": "The household’s settings are saved.",
        "role-changed": "The role is changed.",
        "member-removed": "The member was removed. Their sessions have ended.",
        "invitation-withdrawn": "The invitation was withdrawn; its link no longer works.",
        "token-revoked": "That session or device was signed out.",
        "password-changed": "Your password is changed. Your other sessions and devices were signed out.",
        "signed-out": "You are signed out.",
        "item-deleted": "The item was deleted, with its photos, documents and stories.",
        "beneficiary-deleted": "The beneficiary was deleted.",
        "item-assigned": "The item is assigned.",
        "assignment-saved": "The assignment is saved.",
        "assignment-removed": "The assignment was removed. The beneficiary is still in your list.",
        "journal-locked": "Your private drawers are locked again.",
        "card-deleted": "The card was deleted.",
        "drawer-created": "The drawer was added.",
        "drawer-saved": "The drawer was saved.",
        "drawer-deleted": "The drawer was deleted.",
        "memory-deleted": "The memory was deleted, with its files.",
        "person-deleted": "The person was deleted. The memories they were in are still here.",
        "device-paired": "The phone is connected.",
        "appraisal-notes-saved": "Your notes for the AI expert are saved. They are sent with every appraisal.",
        "appraisal-applied": "The appraisal was added to the item’s details.",
        "batch-imported": "The items were added, each with its photo.",
        "batch-imported-one": "The item was added with its photo.",
    ]

    static func fromQuery(_ request: Request) -> Self? {
        guard let key = request.query[String.self, at: "done"], let message = messages[key] else { return nil }
        return Self(kind: "notice", message: message)
    }
}

/// Renders a Leaf page from the layout's base and the page's own model.
enum Page {
    static func render(
        _ template: String,
        base: PageBase,
        _ content: some Encodable,
        on request: Request
    ) async throws -> View {
        var context = try leafDictionary(base)
        for (key, value) in try leafDictionary(content) { context[key] = value }
        let html = try await request.leaf.render(path: template, context: context).get()
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
    }

    static func render(request: Request, status: Int, heading: String, message: String) async throws -> View {
        try await Page.render(
            "error",
            base: PageBase(request: request, title: heading),
            Model(status: status, heading: heading, message: message),
            on: request
        )
    }
}
