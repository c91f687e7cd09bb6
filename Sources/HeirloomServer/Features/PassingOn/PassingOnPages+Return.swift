import Foundation
import HeirloomCore

extension PassingOnPages {
    /// The holder's "what happened" page: the story, each step, who was told, and what they can do.
    struct WhatHappened: Encodable {
        var released: Bool
        var headline: String
        var summary: String
        var note: Note?
        var steps: [Settings.AuditRow]
        var heirs: [HeirRow]
        /// The holder is an owner: they may reopen the estate themselves.
        var canReopen: Bool
    }

    /// What Home says first to a holder who comes back.
    struct ReturnNotice: Encodable {
        var headline: String
        var summary: String
    }

    static func returnNotice(_ story: HolderReturnService.Story, days: DayText) -> ReturnNotice {
        switch story.outcome {
        case .released:
            ReturnNotice(
                headline: "Your family’s hub believed you had passed away",
                summary: "A passing was reported on \(days.day(story.report.at)), and the things you left upon "
                    + "your passing were given to the people you chose. If you are reading this, it was a mistake, "
                    + "and it can be put right.")
        case .cancelled:
            ReturnNotice(
                headline: "Welcome back. A passing was reported while you were away",
                summary: "It was reported on \(days.day(story.report.at)). Because you signed in, the report was "
                    + "cancelled: nothing was given to anyone.")
        }
    }

    static func whatHappened(_ story: HolderReturnService.Story, days: DayText, canReopen: Bool) -> WhatHappened {
        let notice = returnNotice(story, days: days)
        let next =
            story.outcome == .released
            ? (canReopen
                ? " Reopen the estate below: the things are hidden again, and each person who was told hears, "
                    + "kindly, that it was a mistake."
                : " Please ask one of the family’s owners to reopen the estate.")
            : " There is nothing you need to do. You may want to speak to the person who reported it."
        return WhatHappened(
            released: story.outcome == .released, headline: notice.headline, summary: notice.summary + next,
            note: story.noteFromReporter.map { Note(by: "The person who reported it", text: $0) },
            steps: story.steps.map { .init(when: days.dayAndTime($0.at), detail: $0.detail) },
            heirs: heirRows(story.heirs, forOwners: true), canReopen: canReopen)
    }
}

extension PassingOnPages {
    /// What Home tells the household's members other than the holder while a passing is reported, and for a month
    /// after the release; nil otherwise, and always for the holder (who has a notice of their own).
    static func membersNotice(_ estate: Estate, reader: UUID, now: Date, days: DayText) -> String? {
        guard let holder = estate.holder, holder.id != reader else { return nil }
        let status = estate.status
        switch status.effectiveState(at: now) {
        case .active:
            return nil
        case .passingReported:
            let when = status.releaseAt.map { " on \(days.day($0))" } ?? " after the waiting time"
            return "\(estate.reportedBy ?? "A trusted contact") has reported that \(holder.name) has passed away. "
                + "\(holder.name) has been asked first; if nobody says otherwise, what they left is given out\(when)."
        case .released:
            guard let released = status.releaseMoment(at: now), now.timeIntervalSince(released) < 31 * 86_400 else {
                return nil
            }
            return "What \(holder.name) left was given out on \(days.day(released)); each person named was told."
        }
    }
}
