import Foundation
import HeirloomCore

/// The emails of a wish round: the invitation with the personal link, the reminder, and the result.
enum WishMail {
    static func invitation(to person: Beneficiary, round: WishRound, things: Int, organiser: String, link: String)
        -> Mail
    {
        let how =
            round.divisionMethod == .draft
            ? "put the things you would like in order, the one you would most like first"
            : "spread 1,000 points over the things you would like, more for those that matter most"
        return Mail(
            purpose: .wishInvitation, toName: person.name, toEmail: person.email ?? "",
            subject: "\(organiser) asks what you would like: \(round.title)",
            paragraphs: [
                "\(organiser) is dividing \(things == 1 ? "one thing" : "\(things) things") among the family "
                    + "(“\(round.title)”) and would like to know what matters to you.",
                "On your page you will see each thing with its photos and story. Please \(how), and add a few words "
                    + "on why if you like. Nobody else sees your wishes.",
                "You can change your wishes until the end of \(DayText.calendarDay(round.closesOn)). The link below is yours alone; "
                    + "you do not need a password.",
            ],
            link: link, linkLabel: "Say what you would like", beneficiaryID: try? person.requireID())
    }

    static func reminder(to person: Beneficiary, round: WishRound, link: String) -> Mail {
        Mail(
            purpose: .wishReminder, toName: person.name, toEmail: person.email ?? "",
            subject: "Two days left to say what you would like: \(round.title)",
            paragraphs: [
                "The wishes for “\(round.title)” close at the end of \(DayText.calendarDay(round.closesOn)), and we have not heard from "
                    + "you yet.",
                "If you would rather not choose, there is nothing to do: you will still receive a fair share.",
            ],
            link: link, linkLabel: "Say what you would like", beneficiaryID: try? person.requireID())
    }

    static func confirmed(to person: Beneficiary, round: WishRound, things: [String], link: String?) -> Mail {
        let list = things.isEmpty ? "nothing this time" : ListText.and(things)
        return Mail(
            purpose: .wishResult, toName: person.name, toEmail: person.email ?? "",
            subject: "What you receive from \(round.title)",
            paragraphs: [
                "The division of “\(round.title)” is settled. You receive \(list).",
                "Your page says, for each thing, why it came to you, and why the whole division is fair.",
            ],
            link: link, linkLabel: "See your share", beneficiaryID: try? person.requireID())
    }

    static func yourTurn(to person: Beneficiary, round: WishRound, until: String?, link: String) -> Mail {
        Mail(
            purpose: .wishTurn, toName: person.name, toEmail: person.email ?? "",
            subject: "It is your turn to choose: \(round.title)",
            paragraphs: [
                "It is your turn to choose one thing from “\(round.title)”. Open your page, look at what is left, and "
                    + "press “Choose this” under the one you would like.",
                until.map {
                    "If you have not chosen by \($0), the hub will choose for you the highest thing on your list "
                        + "that is still there."
                } ?? "",
            ].filter { !$0.isEmpty },
            link: link, linkLabel: "Choose now", beneficiaryID: try? person.requireID())
    }
}
