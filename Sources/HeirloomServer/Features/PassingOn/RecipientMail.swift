import Foundation

/// The email that tells a beneficiary something was left to them.
enum RecipientMail {
    static func items(
        to person: Beneficiary, email: String, count: Int, from holder: String, contact: String, link: String,
        linkIDs: [UUID], note: (by: String, text: String)? = nil
    ) -> Mail {
        let things = count == 1 ? "a keepsake" : count == 0 ? "keepsakes" : "\(count) keepsakes"
        return Mail(
            purpose: .recipientItems, toName: person.name, toEmail: email,
            subject: "\(holder) has left you \(things)",
            paragraphs: [
                count == 0
                    ? "\(holder) has chosen some things to leave to you and wanted you to have a page of your own "
                        + "where you will find them when the time comes."
                    : "\(holder) has left you \(things), with their photos and a few words about each. "
                        + "You can see them on your own page; nobody else can see it.",
                "The link below is yours alone; you do not need a password. " + contact,
            ] + (note.map { ["\($0.by), who told the family's hub, wrote: “\($0.text)”"] } ?? []),
            link: link, linkLabel: "See what was left to you", beneficiaryID: try? person.requireID(),
            linkIDs: linkIDs)
    }

    /// The estate was reopened: a person who was told something was theirs hears, kindly, that it was a mistake.
    static func releaseWasAMistake(to person: Beneficiary, email: String, holder: String, contact: String) -> Mail {
        Mail(
            purpose: .recipientReopened, toName: person.name, toEmail: email,
            subject: "\(holder) is well: the earlier message was a mistake",
            paragraphs: [
                "We wrote to you that \(holder) had left you some things upon their passing. That message was sent "
                    + "by mistake, and we are very sorry for the worry it caused.",
                "\(holder) is well, and the family’s hub has put everything back as it was. Nothing is needed from "
                    + "you. The things left to you upon \(holder)’s passing are no longer shown on your page.",
                contact,
            ],
            link: nil, linkLabel: nil, beneficiaryID: try? person.requireID())
    }
}
