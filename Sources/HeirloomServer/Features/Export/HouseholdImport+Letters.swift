import Fluent
import Foundation

extension RowWriter {
    /// Writes the letters held whole with their own ids, readers and recordings, as they stood: a delivered letter
    /// keeps its `deliveredAt`, so it is not sent again; a sealed one still goes on its day. The notices of others'
    /// sealed letters are not letters (their words are not in the export), so nothing is written for them. Then
    /// the members' reported passings.
    func writeLetters(_ letters: ExportRecord.Letters, householdID: UUID, times: inout [Times]) async throws {
        for letter in letters.letters {
            let row = Letter()
            row.id = letter.id
            row.$household.id = householdID
            row.$writer.id = letter.writerId
            row.writerName = letter.from
            row.subject = letter.subject
            row.text = letter.text
            row.deliverOn = letter.deliver.afterPassing ? nil : letter.deliver.on
            row.afterPassing = letter.deliver.afterPassing
            row.sharedWithOwners = letter.sharedWithOwners
            row.$recording.id = letter.recordingMediaId
            row.deliveredAt = letter.deliveredAt
            try await row.create(on: db)
            times.append(
                .init(schema: Letter.schema, id: letter.id, createdAt: letter.createdAt, updatedAt: letter.updatedAt))
            for (position, reader) in letter.to.enumerated() {
                let child = LetterRecipient(
                    letterID: letter.id, name: reader.name, email: reader.email, position: position)
                child.id = reader.id
                try await child.create(on: db)
            }
        }
        for passing in letters.passings {
            let row = MemberPassing()
            row.id = passing.id
            row.$household.id = householdID
            row.$user.id = passing.memberId
            row.state = passing.state
            row.reportedAt = passing.reportedAt
            row.releaseAt = passing.releaseAt
            row.releasedAt = passing.releasedAt
            row.reportedBy = passing.reportedBy
            try await row.create(on: db)
        }
    }
}
