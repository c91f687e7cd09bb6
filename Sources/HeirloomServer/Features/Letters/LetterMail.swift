import Foundation
import HeirloomCore

/// The email that brings a letter to its reader on its day.
enum LetterMail {
    static func delivered(_ letter: Letter, to reader: LetterRecipient, link: String) -> Mail {
        let when =
            letter.afterPassing
            ? "\(letter.writerName) wrote you a letter, to be given to you after their passing."
            : "\(letter.writerName) wrote you a letter, to be given to you today, \(DayText.calendarDay(letter.deliverOn ?? ""))."
        return Mail(
            purpose: .letterDelivered, toName: reader.name, toEmail: reader.email,
            subject: "A letter for you from \(letter.writerName)",
            paragraphs: [
                when,
                "It is waiting for you on a quiet page, with its title “\(letter.subject)”. You can read it there, keep it "
                    + "as a PDF and download any recording that comes with it.",
                "The link below is yours alone; you do not need a password.",
            ],
            link: link, linkLabel: "Read the letter")
    }
}
