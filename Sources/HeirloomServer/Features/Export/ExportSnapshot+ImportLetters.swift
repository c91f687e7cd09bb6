import Foundation
import HeirloomCore

/// The letters' checks on import, beside the other records' (`checkReferences`, `checkRules`).
extension ExportSnapshot {
    /// Throws `damaged` unless every id of letters.json is given once and every reference (a writer, a recording's
    /// file, a passing's member) is to a record of this export; returns the whole letters' ids, which recordings'
    /// files name.
    func checkLetterReferences(memberIDs: Set<UUID>, mediaIDs: Set<UUID>) throws -> Set<UUID> {
        let file = "letters.json"
        let letterIDs = try Self.unique(letters.letters.map(\.id) + letters.notices.map(\.id), file, "letter")
        _ = try Self.unique(letters.letters.flatMap(\.to).map(\.id), file, "letter reader")
        _ = try Self.unique(letters.passings.map(\.id), file, "passing")
        _ = try Self.unique(letters.passings.map(\.memberId), file, "passing's member")
        for letter in letters.letters {
            guard letter.writerId.map(memberIDs.contains) ?? true,
                letter.recordingMediaId.map(mediaIDs.contains) ?? true
            else { throw Self.outside(file, "letter", letter.id) }
        }
        for passing in letters.passings where !memberIDs.contains(passing.memberId) {
            throw Self.outside(file, "passing", passing.id)
        }
        return letterIDs.subtracting(letters.notices.map(\.id))
    }

    /// Throws `invalid` unless each letter passes the checks its writer's page applies (readers, subject, words,
    /// exactly one of a day or after the passing; a day may have passed) and each passing's state is the estate's.
    func checkLetterRules() throws {
        let file = "letters.json"
        // Any writer may have written for after their passing (the household allowed it then); any day was ahead.
        let writer = LetterRules.Writer(isEstateHolder: true)
        for letter in letters.letters {
            try Self.rule(file, "the letter \(letter.id)") {
                let input = LetterInput(
                    to: letter.to.map { LetterRecipientInput(name: $0.name, email: $0.email) }, subject: letter.subject,
                    text: letter.text, day: letter.deliver.on, afterPassing: letter.deliver.afterPassing)
                _ = try LetterRules.check(input, writer: writer, now: .distantPast, timeZone: .gmt)
                guard !letter.from.trimmingWhitespace().isEmpty else {
                    throw FieldError(field: "from", message: "A letter needs its writer's name.")
                }
            }
        }
        for passing in letters.passings where EstateState(rawValue: passing.state) == nil {
            throw ImportError.invalid(file, "the passing \(passing.id) (state)", "\(passing.state) is not a state.")
        }
    }
}
