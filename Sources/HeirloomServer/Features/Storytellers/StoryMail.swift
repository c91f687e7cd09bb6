import Foundation
import HeirloomCore

/// The emails of a question each week: the question to the storyteller, and the note to the family.
enum StoryMail {
    static func question(
        _ question: StoryQuestion, to storyteller: Storyteller, household: String, link: String,
        photo: (sha256: String, contentType: String)?, next: String?
    ) -> Mail {
        var mail = Mail(
            purpose: .storyQuestion, toName: storyteller.name, toEmail: storyteller.email,
            subject: "This week’s question: \(StoryRules.title(question.text, limit: 80))",
            paragraphs: [
                "Your family (\(household)) would love to hear your answer to this question:",
                question.text,
                "Open the page below and answer by speaking, or by typing if you prefer. It takes a minute or "
                    + "as long as you like. The link is yours alone and works for 30 days; no password is needed.",
            ] + (next.map { [nextLine($0)] } ?? []),
            link: link, linkLabel: "Answer the question")
        mail.inlineImage = photo
        return mail
    }

    /// The sentence the email and the thank-you page say of the next question, `next` being its day in words.
    static func nextLine(_ next: String) -> String {
        "The next question will come on \(next)."
    }

    static func storyArrived(from storyteller: Storyteller, question: StoryQuestion, to member: User, link: String)
        -> Mail
    {
        Mail(
            purpose: .storyArrived, toName: member.name, toEmail: member.email,
            subject: "A new story from \(storyteller.name)",
            paragraphs: [
                "\(storyteller.name) answered the question “\(question.text)”.",
                "You can turn these notes off on the Storytellers page.",
            ],
            link: link, linkLabel: "Read or hear the story")
    }
}
