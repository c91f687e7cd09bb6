import Fluent
import Foundation
import HeirloomCore

/// The words of every email about passing on: plain, calm, nothing technical, and saying who to contact.
struct EstateMail: Sendable {
    let base: String
    let db: any Database

    private func householdName(_ id: UUID) async throws -> String {
        try await Household.find(id, on: db)?.name ?? "your family"
    }

    private func executorNames(_ householdID: UUID) async throws -> [Executor] {
        try await Executor.query(on: db).filter(\.$household.$id == householdID).sort(\.$name).all()
    }

    /// The link an executor opens to reach their page.
    func executorInvitation(_ executor: Executor, secret: String, holderName: String) async throws -> Mail {
        let family = try await householdName(executor.$household.id)
        return Mail(
            purpose: .executorInvitation, toName: executor.name, toEmail: executor.email,
            subject: "\(holderName) has asked you to be a trusted contact",
            paragraphs: [
                "\(holderName) keeps the family's keepsakes, letters and stories in Heirloom, for \(family). "
                    + "They have chosen you as a trusted contact: the person who tells the family's hub when "
                    + "\(holderName) has passed away, so that what was left to each person can reach them.",
                "There is nothing you need to do now. Please keep this email. If the day comes, open the link below "
                    + "and follow the steps; \(holderName) will be asked first whether they are still here.",
                "If you have questions, please speak to \(holderName) or to the family.",
            ],
            link: SiteURL.executorLink(.value(secret)).url(on: base), linkLabel: "Open your page")
    }

    /// To the holder, at once and again halfway: a passing was reported; one tap on the email's own link (no
    /// password: the holder may be locked out, or away from their devices) says they are still here.
    func passingReported(_ estate: Estate, reportedBy: String, halfway: Bool, link: String) -> Mail? {
        guard let holder = estate.holder, let releaseAt = estate.releaseAt else { return nil }
        let when = estate.days.day(releaseAt)
        return Mail(
            purpose: halfway ? .holderHalfwayReminder : .holderPassingReported, toName: holder.name,
            toEmail: holder.email,
            subject: halfway ? "Reminder: please tell us you are still here" : "Please tell us you are still here",
            paragraphs: [
                "\(reportedBy) has told your Heirloom hub that you have passed away. If this is a mistake, please "
                    + "press the button below (no password needed), or sign in to Heirloom, and nothing will happen.",
                "If nobody does, the items you left to your family will be given to them on \(when).",
            ] + (estate.reportNote.map { ["\(reportedBy) wrote: “\($0)”"] } ?? []),
            link: link, linkLabel: "I am still here")
    }

    /// The household's members other than the holder, who are told of what happens to the estate.
    private func members(of estate: Estate) async throws -> [User] {
        try await User.query(on: db).filter(\.$household.$id == estate.$household.id).sort(\.$name).all()
            .filter { $0.id != estate.$holder.id }
    }

    /// The report was cancelled: the holder is thanked in their own words, and the trusted contacts and the other
    /// members are told (the members with a link to Home).
    func cancelled(_ estate: Estate, by name: String) async throws -> [Mail] {
        let others = try await executorNames(estate.$household.id).map {
            Mail(
                purpose: .passingCancelled, toName: $0.name, toEmail: $0.email,
                subject: "The report of a passing was cancelled",
                paragraphs: Self.cancelledWords(name))
        }
        let members = try await members(of: estate).map {
            Mail(
                purpose: .membersPassingCancelled, toName: $0.name, toEmail: $0.email,
                subject: "\(name) is still here: the report was cancelled", paragraphs: Self.cancelledWords(name),
                link: SiteURL.home.url(on: base), linkLabel: "Open Heirloom")
        }
        guard let holder = estate.holder else { return others + members }
        let own = Mail(
            purpose: .passingCancelled, toName: holder.name, toEmail: holder.email,
            subject: "Thank you: the report was cancelled",
            paragraphs: [
                "You have told the family's Heirloom hub that you are still here, so the report of your passing was "
                    + "cancelled. Nothing has been given out and nothing more will happen.",
                "Your trusted contacts and the family have been told.",
            ])
        return [own] + others + members
    }

    private static func cancelledWords(_ name: String) -> [String] {
        [
            "\(name) has told the family's Heirloom hub that they are still here, so the report of their passing was "
                + "cancelled. Nothing has been given out and nothing more will happen.",
            "If you have any questions, please speak to \(name) or to the family.",
        ]
    }

    /// To the household's other members, when a trusted contact reports the holder's passing.
    func membersReported(_ estate: Estate, reportedBy: String) async throws -> [Mail] {
        guard let holder = estate.holder, let releaseAt = estate.releaseAt else { return [] }
        let when = estate.days.day(releaseAt)
        return try await members(of: estate).map {
            Mail(
                purpose: .membersPassingReported, toName: $0.name, toEmail: $0.email,
                subject: "\(reportedBy) has reported that \(holder.name) has passed away",
                paragraphs: [
                    "\(reportedBy), one of \(holder.name)\u{2019}s trusted contacts, has told the family's Heirloom hub "
                        + "that \(holder.name) has passed away. We are very sorry.",
                    "\(holder.name) has been asked first whether they are still here. If nobody says so, what they left "
                        + "to the family will be given out on \(when). If this is a mistake, \(holder.name) can sign "
                        + "in or answer our email, and nothing will happen.",
                ],
                link: SiteURL.home.url(on: base), linkLabel: "Open Heirloom")
        }
    }

    /// At the release: to the household's other members, and to each trusted contact with their own link and the
    /// first things to do (`tasks`, from the binder the contact may read).
    func released(_ estate: Estate, executors: [(Executor, link: String)], tasks: [String]) async throws -> [Mail] {
        let name = estate.holder?.name ?? "The estate holder"
        let members = try await members(of: estate).map {
            Mail(
                purpose: .membersEstateReleased, toName: $0.name, toEmail: $0.email,
                subject: "What \(name) left is now with the family",
                paragraphs: [
                    "The waiting time after \(name)\u{2019}s passing has ended. What \(name) left to each person is "
                        + "now given out, and each person named has been told.",
                    "Home and Passing on show who has been told and what is left to do.",
                ],
                link: SiteURL.home.url(on: base), linkLabel: "Open Heirloom")
        }
        let list = tasks.prefix(3).map { "\u{2022} \($0)" }
        let contacts = executors.map { executor, link in
            Mail(
                purpose: .executorTasksBegin, toName: executor.name, toEmail: executor.email,
                subject: "Your tasks for \(name) can begin",
                paragraphs: [
                    "The waiting time after \(name)\u{2019}s passing has ended, and the family\u{2019}s hub has given "
                        + "out what \(name) left. Thank you for being \(name)\u{2019}s trusted contact.",
                    tasks.isEmpty
                        ? "Your page shows who receives what and who still needs to be told."
                        : "Your page lists the first things to do, from what \(name) left in the estate binder:",
                ] + list + (tasks.count > 3 ? ["\u{2026} and \(tasks.count - 3) more on your page."] : []) + [
                    "The link below is yours alone; you do not need a password."
                ],
                link: link, linkLabel: "Open your page")
        }
        return contacts + members
    }

    /// To the holder, when they have not signed in for a while: one click says they are well.
    func inactivityReminder(_ estate: Estate, number: Int, link: String) -> Mail? {
        guard let holder = estate.holder, let months = estate.inactivityMonths else { return nil }
        return Mail(
            purpose: .holderInactivityReminder, toName: holder.name, toEmail: holder.email,
            subject: number == 1 ? "Are you well? A note from your Heirloom hub" : "A reminder from your Heirloom hub",
            paragraphs: [
                "You have not signed in to your family's Heirloom hub for \(months) months. You asked us to check on "
                    + "you when that happens.",
                "If you are well, please press the button below. That is all; nothing else will happen.",
                number < InactivityCheck.reminderOffsets.count
                    ? "We will write again in two weeks."
                    : "This is our last reminder. If we do not hear from you, we will let your trusted contacts know, "
                        + "so that they can check on you.",
            ],
            link: link, linkLabel: "I am still here")
    }

    /// To an executor, when the holder answered none of the reminders; inactivity alone releases nothing.
    func inactivityExecutors(_ estate: Estate, executor: Executor, link: String) -> Mail {
        let name = estate.holder?.name ?? "The estate holder"
        return Mail(
            purpose: .executorInactivityNotice, toName: executor.name, toEmail: executor.email,
            subject: "\(name) has not been seen on the family's hub for a while",
            paragraphs: [
                "\(name) has not signed in to the family's Heirloom hub for \(estate.inactivityMonths ?? 0) months and "
                    + "has not answered our reminders. This may mean nothing at all; perhaps you could check on them.",
                "Nothing has been given out. Only if you know that \(name) has passed away, please tell the hub on "
                    + "your page; \(name) will still be asked first.",
            ],
            link: link, linkLabel: "Open your page")
    }
}
