import Foundation
import HeirloomCore
import Vapor

extension MemoryWebController {
    /// The last step of adding photos, and a page of its own later: draw a box round each face, name it.
    func faces(req: Request) async throws -> View {
        let principal = try req.principal()
        let memory = try await req.heirloom.memories.findChangeable(try req.id("memory", as: Int.self), by: principal)
        return try await faceEditor(req, memory, principal: principal, error: nil, draft: nil)
    }

    struct FacesForm: Content {
        var faceTags: String?
    }

    func saveFaces(req: Request) async throws -> Response {
        let principal = try req.principal()
        let id = try req.id("memory", as: Int.self)
        let form = try req.content.decode(FacesForm.self)
        do {
            let faces = try MemoryInput.faces(form.faceTags ?? "[]")
            _ = try await req.heirloom.memories.replaceFaces(of: id, with: faces, by: principal)
            return req.redirect(to: SiteURL.memory(.value(id)).path)
        } catch {
            let error = try AppError.userFacing(error)
            guard error.field != nil || error.status == .notFound else { throw error }
            let memory = try await req.heirloom.memories.findChangeable(id, by: principal)
            // The boxes just drawn are shown again, so that fixing one does not mean drawing them all again.
            let view = try await faceEditor(
                req, memory, principal: principal, error: error.message, draft: form.faceTags)
            return try await view.encodeResponse(status: error.status, for: req)
        }
    }

    private func faceEditor(_ req: Request, _ memory: Memory, principal: Principal, error: String?, draft: String?)
        async throws -> View
    {
        let names = Dictionary(memory.people.compactMap { p in p.id.map { ($0, p.name) } }) { a, _ in a }
        let photos = MemoryPages.photos(
            memory.media.sorted { $0.position < $1.position }, faces: memory.faces, names: names)
        let people = try await req.heirloom.people.list(householdID: principal.householdID)
        let tags = memory.faces.sorted { ($0.id ?? 0) < ($1.id ?? 0) }.map(\.box).map(FaceJSON.init)
        let model = MemoryPages.FaceEditor(
            id: try memory.requireID(), title: memory.title, photos: photos,
            people: people.map { .init(value: String($0.person.id ?? 0), label: $0.person.name, selected: false) },
            facesJSON: draft ?? (try? String(decoding: JSONEncoder().encode(tags), as: UTF8.self)) ?? "[]",
            isNew: req.query[String.self, at: "new"] != nil, error: error)
        return try await Page.render(
            .memoryFaces, base: PageBase(request: req, title: "Tag faces", nav: .memories), model, on: req)
    }
}
