import Foundation
import Testing
import Vapor
import VaporTesting

@testable import HeirloomServer

/// A caller without credentials is told to sign in before anything it sent is looked at.
@Suite("Protected operations ask who is calling first")
struct SignInFirstTests {
    /// One operation of the API document: its method, path and whether its `security` is empty.
    struct Operation {
        var method: HTTPMethod
        var path: String
        var id: String
        var isOpen: Bool
        /// What it touches and who it is for, in the words of `RouteAccess` ("read items", "heir: read items").
        var access = ""
    }

    /// The operations of the document served at /api/openapi.yaml, read line by line (it is laid out one key a
    /// line, paths at two spaces, methods at four, an operation's keys at six).
    static func operations(_ app: Application) async throws -> [Operation] {
        let document = try await app.api(.GET, "/api/openapi.yaml").body.string
        let lines = document.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var operations: [Operation] = []
        var path = ""
        for line in lines {
            if line.hasPrefix("  /"), line.hasSuffix(":") {
                path = String(line.dropFirst(2).dropLast())
            } else if line.hasPrefix("    "), !line.hasPrefix("     "), line.hasSuffix(":"),
                let method = ["get", "post", "put", "patch", "delete"].first(where: { line == "    \($0):" })
            {
                operations.append(
                    Operation(method: HTTPMethod(rawValue: method.uppercased()), path: path, id: "", isOpen: false))
            } else if line.hasPrefix("      operationId: "), !operations.isEmpty {
                operations[operations.count - 1].id = String(line.dropFirst("      operationId: ".count))
            } else if line == "      security: []", !operations.isEmpty {
                operations[operations.count - 1].isOpen = true
            } else if line.hasPrefix("      x-access: "), !operations.isEmpty {
                operations[operations.count - 1].access = String(
                    line.dropFirst("      x-access: ".count).trimmingCharacters(in: CharacterSet(charactersIn: "\"")))
            }
        }
        return operations
    }

    /// The path with a value for each parameter; any value does, since nothing should be read of it.
    static func filled(_ path: String) -> String {
        "/" + path.split(separator: "/").map { $0.hasPrefix("{") ? "1" : String($0) }.joined(separator: "/")
    }

    @Test("each operation's route touches what the document's x-access says; anyone's are those it leaves open")
    func accessFollowsTheDocument() async throws {
        try await withApp { app in
            // given the document the hub serves, and the routes of the generated API
            let operations = try await Self.operations(app)
            #expect(operations.count > 100)
            let routes = Dictionary(
                app.routes.all.map { route in
                    ("\(route.method.rawValue) /" + route.path.map(\.description).joined(separator: "/"), route)
                }, uniquingKeysWith: { first, _ in first })
            for operation in operations {
                let key =
                    "\(operation.method.rawValue) "
                    + operation.path.replacingOccurrences(
                        of: #"\{([A-Za-z]+)\}"#, with: ":$1", options: .regularExpression)
                let generated = APIAccess.table["\(operation.method.rawValue) \(operation.path)"]
                let route = routes[key]
                // then every operation says who may call it, and its route carries the same words
                #expect(!operation.access.isEmpty, "\(operation.id) has no x-access")
                #expect(
                    route?.access.map { "\($0)" } == operation.access, "\(key): \(String(describing: route?.access))")
                // and anyone may call exactly the operations whose security is empty
                #expect((operation.access == "anyone") == operation.isOpen, "\(operation.id)")
                if let generated { #expect("\(generated)" == operation.access, "\(operation.id)") }
            }
            // and the table names no operation the document does not have
            let documented = Set(operations.map { "\($0.method.rawValue) \($0.path)" })
            #expect(Set(APIAccess.table.keys).subtracting(documented).sorted() == [])
        }
    }

    @Test("without credentials every protected operation answers 401, with or without its parameters and body")
    func unauthenticatedIsAlways401() async throws {
        try await withApp { app in
            // given a hub with an owner, so that nothing answers "set up first"
            try await app.setUpHub()
            // (people with links are told by their own handlers that their token does not work)
            let protected = try await Self.operations(app).filter { !$0.isOpen && !$0.access.contains(":") }
            #expect(protected.count > 80)
            for operation in protected {
                let path = Self.filled(operation.path)
                // when it is called bare, then with junk for a body and a query
                let bare = try await app.api(operation.method, path)
                #expect(bare.status == .unauthorized, "\(operation.method) \(path) bare: \(bare.status)")
                let junk = try await app.api(operation.method, path + "?limit=-1&at=x", rawBody: "{\"x\": ")
                #expect(junk.status == .unauthorized, "\(operation.method) \(path) junk: \(junk.status)")
                // and it says so in the error shape
                #expect(try bare.apiError.code == "unauthenticated", "\(operation.method) \(path)")
            }
        }
    }

    @Test("the release preview: 401 without credentials whether or not its parameters are there")
    func releasePreview() async throws {
        try await withApp { app in
            let owner = try await app.setUpHub()
            // when the preview is asked for without its parameters and without credentials
            let bare = try await app.api(.GET, "/api/release/preview")
            // then it is 401, not the 400 that would name the parameters
            #expect(bare.status == .unauthorized)
            // and a member without them gets the 400 naming them
            let signedIn = try await app.api(.GET, "/api/release/preview", token: owner.token)
            #expect(signedIn.status == .badRequest)
        }
    }
}
