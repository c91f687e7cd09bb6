import Foundation
import HeirloomCore

/// The binder's emails; no number or entry text is ever in them, only titles and where to look.
struct BinderMail: Sendable {
    let base: String

    func reviewDue(_ entry: BinderEntry, holder: User, on day: String) -> Mail {
        Mail(
            purpose: .binderReviewDue, toName: holder.name, toEmail: holder.email,
            subject: "\u{201C}\(entry.title)\u{201D} is due for a look on \(day)",
            paragraphs: [
                "In your estate binder you asked to be reminded about \u{201C}\(entry.title)\u{201D} on \(day).",
                "If it needs renewing, now is a good time. Once it is done, change the date in the binder so that your "
                    + "family has the right papers.",
            ],
            link: SiteURL.binderEntry(.value(entry.id ?? UUID())).url(on: base), linkLabel: "Open the entry")
    }

    func yearlyLook(holder: User) -> Mail {
        Mail(
            purpose: .binderYearlyLook, toName: holder.name, toEmail: holder.email,
            subject: "Once a year: is your estate binder still right?",
            paragraphs: [
                "A year has passed since your estate binder was last looked over. Banks change, policies are renewed "
                    + "and people move: a few minutes now save your family weeks later.",
                "The binder page shows what has not changed for a long time, and which trusted contacts have not yet "
                    + "confirmed their email address. When you have looked, press \u{201C}I have looked it over\u{201D}.",
            ],
            link: SiteURL.binder.url(on: base), linkLabel: "Look over the binder")
    }

    func addressCheck(_ executor: Executor, holderName: String, secret: String) -> Mail {
        Mail(
            purpose: .executorAddressCheck, toName: executor.name, toEmail: executor.email,
            subject: "\(holderName) asks: is this still your email address?",
            paragraphs: [
                "You are one of \(holderName)\u{2019}s trusted contacts in their family\u{2019}s Heirloom hub. Once a "
                    + "year we check that we can still reach you.",
                "Please press the button below. There is nothing else to do.",
            ],
            link: SiteURL.binderAddressCheck(.value(secret)).url(on: base), linkLabel: "Yes, this address works")
    }

    /// `holderLives` while the estate is not released: the holder shared the entries now, and has left nothing yet.
    func released(
        to person: Beneficiary, email: String, count: Int, from holder: String, holderLives: Bool, link: String
    ) -> Mail {
        Mail(
            purpose: .binderReleased, toName: person.name, toEmail: email,
            subject: holderLives
                ? "\(holder) has shared papers and wishes with you" : "\(holder) left papers and wishes for you",
            paragraphs: [
                "\(holder) keeps an estate binder in the family's Heirloom hub: where papers are, and what they would "
                    + "like. \(count == 1 ? "One entry of it is" : "\(count) entries of it are") now there for you to read.",
                "The link below is yours alone; you do not need a password.",
            ],
            link: link, linkLabel: "Open your page")
    }
}
