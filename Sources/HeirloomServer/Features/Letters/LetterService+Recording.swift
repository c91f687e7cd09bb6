import Fluent
import Foundation
import HeirloomCore

extension LetterService {
    /// Keeps a recording or a film with the letter, in place of any it had, until the letter is delivered.
    func setRecording<Chunks: AsyncSequence>(
        of id: UUID, _ chunks: Chunks, fileName: String?, contentType: String?, by principal: Principal
    ) async throws -> Letter where Chunks.Element: Collection<UInt8> {
        let letter = try await changeable(id, by: principal)
        let object = try await media.ingest(
            chunks, fileName: fileName, use: Self.use(fileName: fileName, contentType: contentType),
            origin: .init(
                householdID: principal.householdID, uploaderID: principal.userID, ownerType: Self.mediaOwnerType,
                ownerID: id.text))
        let previous = letter.recording.map { [$0] } ?? []
        do {
            try await Letter.query(on: db).filter(\.$id == id).set(\.$recording.$id, to: try object.requireID())
                .update()
        } catch {
            try? await media.delete([object])
            throw error
        }
        try await media.delete(previous)
        return try await find(id, by: principal)
    }

    /// A film when the file says it is one (its type or its name), otherwise a recording.
    static func use(fileName: String?, contentType: String?) -> MediaUse {
        if contentType?.lowercased().hasPrefix("video/") == true { return .video }
        let name = (fileName ?? "").lowercased()
        return [".mp4", ".mov", ".m4v"].contains { name.hasSuffix($0) } ? .video : .audio
    }
}

/// Who may hear a letter's recording through the members' media route: its writer, or an owner it is shared with.
/// Its readers hear it through their own route (`LetterMediaController`).
enum LetterMediaAccess {
    static let rule: MediaAccessRules.Rule = { principal, ownerID, db in
        guard let id = UUID(uuidString: ownerID),
            let letter = try await Letter.query(on: db).filter(\.$id == id)
                .filter(\.$household.$id == principal.householdID).first()
        else { return false }
        return LetterService.mayRead(letter, principal)
    }
}
