import HeirloomCore
import Vapor

extension PageRoutes {
    /// Letters for later, and their readers' pages.
    func letters() {
        // Letters for later: every member writes their own; each reader's emailed link is their key to their letter.
        let letters = LetterWebController()
        let member = pages(.letters)
        member.get(.letters, use: letters.index)
        member.get(.letterNew, use: letters.new)
        member.post(.letters, use: letters.create)
        member.post(.letterNew, use: letters.create)
        member.get(.letterEdit(.key), use: letters.edit)
        member.post(.letter(.key), use: letters.update)
        member.post(.letterEdit(.key), use: letters.update)
        member.upload(.letterRecording(.key), use: letters.addRecording)
        member.get(.letterWithdraw(.key), use: letters.confirmWithdraw)
        member.post(.letterWithdraw(.key), use: letters.withdraw)
        // A reader without email: the writer or an owner prints their link once the letter is delivered.
        member.post(.letterReaderLink(.key, .key), use: letters.readerLink)
        let letterPages = LetterReaderWebController()
        link(.letterReader, .read(.letters)).get(.letterLink(.key), use: letterPages.link)
        link(.letterReader, .read(.letters)).get(.letterHome, use: letterPages.show)
        app.link(.letterReader, .read(.letters)).get(.apiLetterPDF, use: letterPages.pdf)
        app.link(.letterReader, .read(.letters)).get(.apiLetterRecording(.key), use: LetterMediaController().recording)
    }
}
