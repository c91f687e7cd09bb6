import Foundation
import HeirloomCore

extension RequestServices {
    /// The signed-in member as a reader of their own journal, at this moment.
    func journalReader(_ principal: Principal) -> JournalReader {
        JournalReader(principal, now: now)
    }

    var journalDrawers: JournalDrawerService { JournalDrawerService(database: database) }
    var journalCards: JournalCardService {
        JournalCardService(database: database, media: media, today: JournalDay(now, in: .current))
    }
    var journalLock: JournalLockService {
        JournalLockService(
            db: db, client: client, clock: services.clock, passwords: services.passwords,
            throttle: services.throttle, apple: services.apple)
    }
}
