import Foundation
import HeirloomCore

extension RequestServices {
    /// The signed-in member as a reader of their own journal, at this moment.
    func journalReader(_ principal: Principal) -> JournalReader {
        JournalReader(principal, now: now)
    }

    var journalDrawers: JournalDrawerService { JournalDrawerService(db: db, readers: services.readers) }
    var journalCards: JournalCardService {
        JournalCardService(db: db, media: media, today: JournalDay(now, in: .current), readers: services.readers)
    }
    var journalLock: JournalLockService {
        JournalLockService(
            db: db, client: client, clock: services.clock, passwords: services.passwords,
            throttle: services.throttle, apple: services.apple)
    }
}
