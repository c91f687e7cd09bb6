import Fluent
import Foundation
import HeirloomCore

extension ExportSnapshot {
    /// The household's letters as the member exporting may take them (`LetterExportRule`): their own whole, sealed
    /// ones marked; for an owner, the others' shared letters whole and the rest as notices,
    /// with the members' reported passings. Without a member (`heirloom export` with no `--user`) the export is an
    /// owner's who wrote nothing. Returns the records and the recordings of the letters held whole.
    static func readLetters(householdID: UUID, exportedBy exporter: User?, on db: any Database) async throws
        -> (letters: ExportRecord.Letters, recordings: [MediaObject])
    {
        let rows = try await Letter.query(on: db).filter(\.$household.$id == householdID)
            .with(\.$recipients).with(\.$recording).sort(\.$createdAt).sort(\.$id).all()
        let isOwner = exporter.map(\.role.canManageHousehold) ?? true
        var records = ExportRecord.Letters.empty
        var recordings: [MediaObject] = []
        for letter in rows {
            let share = LetterExportRule.share(
                isWriter: exporter?.id != nil && letter.$writer.id == exporter?.id, isOwner: isOwner,
                isDelivered: letter.deliveredAt != nil, isSharedWithOwners: letter.sharedWithOwners)
            switch share {
            case .whole:
                records.letters.append(try .init(letter))
                recordings += letter.recording.map { [$0] } ?? []
            case .notice:
                records.notices.append(try .init(letter))
            case .nothing:
                break
            }
        }
        if isOwner {
            records.passings = try await MemberPassing.query(on: db).filter(\.$household.$id == householdID)
                .sort(\.$id).all().map(ExportRecord.Letters.Passing.init)
        }
        return (records, recordings)
    }
}

extension ExportRecord.Letters.Delivery {
    init(_ letter: Letter) {
        self.init(on: letter.afterPassing ? nil : letter.deliverOn, afterPassing: letter.afterPassing)
    }
}

extension ExportRecord.Letters.Letter {
    init(_ letter: Letter) throws {
        self.init(
            id: try letter.requireID(), writerId: letter.$writer.id, from: letter.writerName,
            to: try letter.recipients.sorted { $0.position < $1.position }.map {
                .init(id: try $0.requireID(), name: $0.name, email: $0.email)
            },
            subject: letter.subject, text: letter.text, deliver: .init(letter),
            sharedWithOwners: letter.sharedWithOwners, recordingMediaId: letter.$recording.id,
            deliveredAt: letter.deliveredAt, sealed: letter.deliveredAt == nil ? true : nil,
            createdAt: letter.createdAt, updatedAt: letter.updatedAt)
    }
}

extension ExportRecord.Letters.Notice {
    /// Exactly what `GET /api/letters` tells an owner of another member's letter.
    init(_ letter: Letter) throws {
        self.init(
            id: try letter.requireID(), from: letter.writerName,
            to: letter.recipients.sorted { $0.position < $1.position }.map(\.name), deliver: .init(letter),
            sealed: letter.deliveredAt == nil, deliveredAt: letter.deliveredAt)
    }
}

extension ExportRecord.Letters.Passing {
    init(_ passing: MemberPassing) throws {
        self.init(
            id: try passing.requireID(), memberId: passing.$user.id, state: passing.state,
            reportedAt: passing.reportedAt, releaseAt: passing.releaseAt, releasedAt: passing.releasedAt,
            reportedBy: passing.reportedBy)
    }
}
