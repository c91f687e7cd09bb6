import Foundation
import HeirloomAPI
import HeirloomCore
import Vapor

/// Answers the Memory Palace app's calls to Heirloom's own routes in the app's shapes.
///
/// The app calls GET and POST /api/people, DELETE /api/people/{id}, GET /api/people/{id}/memories,
/// GET /api/memories and DELETE /api/memories/{id}, and decodes answers Heirloom's API shapes differently
/// (`success` on every answer, every memory at once, 200 for a deletion). Only requests that
/// `TokenAuthenticator` signed in by the app's `x-auth-token` header are answered here; everything else goes on
/// to Heirloom's API unchanged.
struct MemoryPalaceMiddleware: AsyncMiddleware {
    /// One of the app's calls that shares its route with Heirloom's API.
    enum Call: Equatable {
        case listPeople, addPerson
        case deletePerson(Int)
        case personMemories(Int)
        case listMemories
        case deleteMemory(Int)

        init?(method: HTTPMethod, path: [Substring]) {
            switch (method, path.count) {
            case (.GET, 2) where path == ["api", "people"]: self = .listPeople
            case (.POST, 2) where path == ["api", "people"]: self = .addPerson
            case (.GET, 2) where path == ["api", "memories"]: self = .listMemories
            case (.DELETE, 3) where path[0] == "api" && path[1] == "people":
                guard let id = Int(path[2]) else { return nil }
                self = .deletePerson(id)
            case (.DELETE, 3) where path[0] == "api" && path[1] == "memories":
                guard let id = Int(path[2]) else { return nil }
                self = .deleteMemory(id)
            case (.GET, 4) where path[0] == "api" && path[1] == "people" && path[3] == "memories":
                guard let id = Int(path[2]) else { return nil }
                self = .personMemories(id)
            default: return nil
            }
        }
    }

    /// What the app sends to add a person.
    struct NewPerson: Decodable {
        var name: String?
        var relationship: String?
    }

    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        guard request.appToken != nil,
            let call = Call(method: request.method, path: request.path.split(separator: "/"))
        else { return try await next.respond(to: request) }
        let principal = try request.principal()
        let links = AppMediaLinks(request: request, principal: principal)
        let services = request.heirloom
        switch call {
        case .listPeople:
            let people = try await services.people.everyone(householdID: principal.householdID)
            let body = Components.Schemas.AppPersonList(
                success: true, people: try people.map { try .init($0, links: links) })
            return try Self.json(body, status: .ok)
        case .addPerson:
            let sent: NewPerson
            do {
                sent = try JSONDecoder().decode(NewPerson.self, from: request.body.data ?? ByteBuffer())
            } catch {
                throw AppError.badRequest("Send the person as JSON: {\"name\": …, \"relationship\": …}.")
            }
            try principal.requireEditor()
            let input = try PersonInput(
                name: sent.name ?? "", relationship: MemoryPalaceFields.relationship(sent.relationship))
            let person = try await services.people.create(input, by: principal)
            let body = Components.Schemas.AppPersonAnswer(
                success: true, person: try .init(person, links: links), message: "\(person.name) was added.")
            return try Self.json(body, status: .created)
        case .deletePerson(let id):
            try await services.people.delete(id, by: principal)
            return try Self.json(Components.Schemas.AppDone(success: true, message: "Deleted."), status: .ok)
        case .personMemories(let id):
            _ = try await services.people.find(id, householdID: principal.householdID)
            return try await Self.memories(personID: id, principal, links, services)
        case .listMemories:
            return try await Self.memories(personID: nil, principal, links, services)
        case .deleteMemory(let id):
            try await services.memories.delete(id, by: principal)
            return try Self.json(Components.Schemas.AppDone(success: true, message: "Deleted."), status: .ok)
        }
    }

    /// Every memory (the app reads one answer, without paging), most recently added first.
    private static func memories(
        personID: Int?, _ principal: Principal, _ links: AppMediaLinks, _ services: RequestServices
    ) async throws -> Response {
        let memories = try await services.memories.everything(personID: personID, householdID: principal.householdID)
        let body = Components.Schemas.AppMemoryList(
            success: true, memories: try memories.map { try .init($0, links: links) })
        return try json(body, status: .ok)
    }

    private static func json(_ body: some Encodable, status: HTTPResponseStatus) throws -> Response {
        let response = Response(status: status)
        try response.content.encode(body, as: .json)
        return response
    }
}
