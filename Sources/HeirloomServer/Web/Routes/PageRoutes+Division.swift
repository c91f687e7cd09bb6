import HeirloomCore
import Vapor

extension PageRoutes {
    /// Dividing fairly: wish rounds, their organisers and participants.
    func division() {
        // Dividing fairly: an owner, or a trusted contact once the estate is released, organises wish rounds; each
        // participant's emailed link is their key to their own page and their round's files.
        let rounds = WishRoundWebController()
        let organiser = app.chained(WishOrganiserMiddleware(), CSRFFormMiddleware()).shared(
            .change(.wishRounds), with: .trustedContact)
        organiser.get(.wishRounds, use: rounds.index)
        organiser.post(.wishRounds, use: rounds.create)
        organiser.post(.wishRoundNew, use: rounds.create)
        organiser.get(.wishRoundNew, use: rounds.new)
        organiser.get(.wishRound(.key), use: rounds.show)
        organiser.post(.wishRoundOpen(.key), use: rounds.open)
        organiser.post(.wishRoundClose(.key), use: rounds.close)
        organiser.post(.wishRoundDivide(.key), use: rounds.divide)
        organiser.post(.wishRoundAdjust(.key), use: rounds.adjust)
        organiser.post(.wishRoundConfirm(.key), use: rounds.confirm)
        organiser.post(.wishParticipantRemove(.key, .key), use: rounds.removeParticipant)
        organiser.post(.wishParticipantLink(.key, .key), use: rounds.participantLink)
        organiser.post(.wishParticipantLinkStop(.key, .key), use: rounds.stopParticipantLink)
        let wishPages = WishWebController()
        let web = link(.wishParticipant, .change(.wishSheets))
        web.get(.wishLink(.key), use: wishPages.link)
        web.get(.wishHome, use: wishPages.show)
        web.post(.wishHome, use: wishPages.save)
        web.post(.wishPick, use: wishPages.pick)
        pages(.wishSheets).get(.wishRoundTakePart(.key), use: wishPages.takePart)
        app.link(.wishParticipant, .read(.items)).get(.apiWishMedia(.key, .key), use: WishMediaController().download)
    }
}
