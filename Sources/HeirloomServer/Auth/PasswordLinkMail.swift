import Foundation
import HeirloomCore

extension Mail {
    /// The email that carries a password link, in the words its purpose needs.
    static func passwordLink(_ purpose: PasswordLinkPurpose, to member: User, householdName: String, url: String)
        -> Mail
    {
        switch purpose {
        case .setUp:
            Mail(
                purpose: .passwordLink, toName: member.name, toEmail: member.email,
                subject: "Choose your password for \(householdName)",
                paragraphs: [
                    "The family hub \(householdName) has moved to a new home, and everything in it came along.",
                    "To sign in again, please choose a new password with the link below. It works once, for 14 days. "
                        + "If it has expired, ask one of the family's owners for a new one.",
                ],
                link: url, linkLabel: "Choose my password")
        case .reset:
            Mail(
                purpose: .passwordReset, toName: member.name, toEmail: member.email,
                subject: "A new password for \(householdName)",
                paragraphs: [
                    "Someone asked for a new password for your account at \(householdName). We hope it was you.",
                    "To choose one, use the link below. It works once, within one hour. Choosing a new password "
                        + "signs you in, and signs out every other browser and phone that uses your account.",
                    "If you did not ask for this, you can ignore this email: your password stays as it is.",
                ],
                link: url, linkLabel: "Choose a new password")
        }
    }
}
