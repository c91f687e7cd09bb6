import Fluent
import Foundation
import HeirloomCore

/// The Memory Palace app's calls, done by the memory hub's own services: the same rules, checks and storage as
/// the web pages and Heirloom's API; only the words the app uses are translated here.
struct MemoryPalaceService: Sendable {
    let memories: MemoryService
    let people: PeopleService
    /// The family's time zone: the app's dates are instants whose day is read there.
    var timeZone: TimeZone = .current

    /// Saves an uploaded memory with the file already received; on any problem the file is deleted.
    func create(_ upload: MemoryPalaceUpload, kind: MemoryKind, files: [MediaObject], by principal: Principal)
        async throws -> Memory
    {
        let fields: MemoryFields
        do {
            let faces = try await faceBoxes(upload.faceTags, householdID: principal.householdID)
            fields = try upload.fields(kind: kind, timeZone: timeZone, faces: faces)
        } catch {
            try? await memories.media.delete(files)
            throw error
        }
        return try await memories.create(fields, files: files, deviceName: upload.deviceName, by: principal)
    }

    /// The app's edit: every field is sent; an empty `whenWasThis` keeps the date, and `whoWasThere` names the
    /// people (names nobody in the household has are left out).
    func update(_ id: Int, _ edit: MemoryPalaceEdit, by principal: Principal) async throws -> Memory {
        var change = MemoryChange(
            title: edit.title, description: edit.description, content: edit.content, location: edit.whereWasThis)
        if let when = edit.whenWasThis {
            change.date = try MemoryPalaceFields.day(fromWhenWasThis: when, timeZone: timeZone)
        }
        if let who = edit.whoWasThere {
            let ids = try await personIDsByName(householdID: principal.householdID)
            change.personIDs = MemoryPalaceFields.names(inWhoWasThere: who).compactMap { ids[PersonName.key($0)] }
        }
        return try await memories.update(id, change, by: principal)
    }

    /// The app's face tags on the memory's one photo, matched to the household's people by id, else by name.
    func faceBoxes(_ tags: [MemoryPalaceFaceTag], householdID: UUID) async throws -> [FaceBox] {
        guard !tags.isEmpty else { return [] }
        let byName = try await personIDsByName(householdID: householdID)
        let known = Set(byName.values)
        return tags.compactMap { $0.box(knownIDs: known, namesToIDs: byName) }
    }

    /// The household's people by `PersonName.key`.
    private func personIDsByName(householdID: UUID) async throws -> [String: Int] {
        let all = try await Person.query(on: memories.db).filter(\.$household.$id == householdID).all()
        return Dictionary(all.compactMap { person in person.id.map { (person.nameKey, $0) } }) { first, _ in first }
    }
}

/// The app's edit of a memory; nil is a field it left out.
struct MemoryPalaceEdit: Sendable {
    var title: String?
    var description: String?
    var content: String?
    var whoWasThere: String?
    var whenWasThis: String?
    var whereWasThis: String?
}
