import HeirloomCore
import Vapor

extension PageRoutes {
    /// The private journal.
    func journal() {
        // The private journal: each member's own; a locked drawer answers with the unlock page.
        let journal = JournalWebController()
        let writer = pages(.journal).chained(JournalLockedMiddleware())
        writer.get(.journal, use: journal.index)
        writer.get(.journalUnlock, use: journal.unlockForm)
        writer.post(.journalUnlock, use: journal.unlock)
        writer.post(.journalLock, use: journal.lock)
        writer.get(.journalDrawers, use: journal.drawers)
        writer.post(.journalDrawers, use: journal.createDrawer)
        writer.get(.journalDrawer(.key), use: journal.showDrawer)
        writer.post(.journalDrawer(.key), use: journal.updateDrawer)
        writer.post(.journalDrawerMove(.key), use: journal.moveDrawer)
        writer.get(.journalDrawerDelete(.key), use: journal.confirmDrawerDeletion)
        writer.post(.journalDrawerDelete(.key), use: journal.deleteDrawer)
        writer.get(.journalCardNew, use: journal.newCard)
        writer.post(.journalCards, use: journal.createCard)
        writer.post(.journalCardNew, use: journal.createCard)
        writer.upload(.journalVoiceCards, use: journal.createVoiceCard)
        writer.get(.journalCard(.key), use: journal.showCard)
        writer.get(.journalCardEdit(.key), use: journal.editCard)
        writer.post(.journalCard(.key), use: journal.updateCard)
        writer.post(.journalCardEdit(.key), use: journal.updateCard)
        writer.get(.journalCardDelete(.key), use: journal.confirmCardDeletion)
        writer.post(.journalCardDelete(.key), use: journal.deleteCard)
    }
}
