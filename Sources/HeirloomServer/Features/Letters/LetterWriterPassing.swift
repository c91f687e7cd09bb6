import Fluent
import Foundation
import HeirloomCore

/// Whose passing a letter after passing waits for: the estate holder's is the estate's own; another member's is
/// their reported passing for their letters (`MemberPassing`); a letter whose writer was removed waits for nobody
/// and is held, never sent on someone else's passing.
enum LetterWriterPassing {
    /// The passing the letter waits for, or nil when it is held.
    static func status(of letter: Letter, estate: Estate, members: [UUID: EstateStatus]) -> EstateStatus? {
        guard let writerID = letter.$writer.id else { return letter.afterPassing ? nil : EstateStatus() }
        if writerID == estate.$holder.id { return estate.status }
        return members[writerID] ?? EstateStatus()
    }

    /// Whether the letter is due at `now`: its day has begun, or its writer's passing is confirmed.
    static func isDue(_ letter: Letter, estate: Estate, members: [UUID: EstateStatus], at now: Date) -> Bool {
        guard let status = status(of: letter, estate: estate, members: members) else { return false }
        return letter.delivery.isDue(at: now, estate: status, timeZone: estate.zone)
    }

    /// The same for one letter, reading its writer's passing.
    static func isDue(_ letter: Letter, estate: Estate, at now: Date, on db: any Database) async throws -> Bool {
        let members = try await MemberPassingService.statuses(of: [letter.$writer.id].compactMap { $0 }, on: db)
        return isDue(letter, estate: estate, members: members, at: now)
    }
}
