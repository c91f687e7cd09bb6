import HeirloomCore
import Vapor

extension PageRoutes {
    /// Storytellers: a question each week, its answer page and the book of stories.
    func storytellers() {
        // A question each week: every member sees the storytellers, owners and editors manage them; the storyteller's
        // emailed link is their key to one question's page (documented under "Storyteller files" for its photo).
        let storytellers = StorytellerWebController()
        let member = pages(.storytellers)
        let editor = pages(.storytellers, .change)
        member.get(.storytellers, use: storytellers.index)
        editor.post(.storytellers, use: storytellers.create)
        pages(.settings).post(.storyNotices, use: storytellers.setNotices)
        member.get(.storyteller(.key), use: storytellers.show)
        editor.post(.storytellerQuestions(.key), use: storytellers.addQuestion)
        editor.post(.storytellerQuestion(.key, .key), use: storytellers.changeQuestion)
        editor.post(.storytellerSendNow(.key), use: storytellers.sendNow)
        editor.get(.storytellerDelete(.key), use: storytellers.confirmDelete)
        editor.post(.storytellerDelete(.key), use: storytellers.delete)
        // The book of a storyteller's stories: any member chooses its chapters and prints it.
        let book = StoryBookController()
        member.get(.storytellerBook(.key), use: book.page)
        member.get(.storytellerBookPrint(.key), use: book.print)
        // A printed book's QR code: one recording on any phone, by its key alone; withdrawn from the book's page.
        let bookLinks = BookLinkWebController()
        self.web.get(.bookRecording(.key), use: bookLinks.show)
        self.web.get(.bookRecordingFile(.key), use: bookLinks.recording)
        editor.post(.storytellerBookLinkWithdraw(.key, .key), use: bookLinks.withdraw)
        let answerPages = StoryAnswerWebController()
        let web = link(.storyteller, .change(.storytellers))
        let app = self.app.link(.storyteller, .read(.storytellers))
        web.get(.storyLink(.key), use: answerPages.link)
        app.get(.storyLinkPhoto(.key), use: answerPages.linkPhoto)
        web.get(.storyAnswer, use: answerPages.show)
        web.upload(.storyAnswer, use: answerPages.answerRecording)
        web.post(.storyAnswerText, use: answerPages.answerText)
        self.web.get(.storyThanks, use: answerPages.thanks)
        app.get(.storyAnswerPhoto, use: answerPages.sessionPhoto)
        app.get(.apiAnswerPhoto, use: answerPages.sessionPhoto)
    }
}
