import Foundation
import HeirloomCore

/// A new round as sent, before it is checked.
struct WishRoundInput: Sendable {
    enum ThingRef: Sendable, Hashable {
        case item(UUID)
        case set(UUID)
    }

    struct Participant: Sendable {
        var beneficiaryID: UUID
        var share: Double?
    }

    var title: String
    var method: DivisionMethod
    var things: [ThingRef]
    var participants: [Participant]
    var showValues: Bool
    var closesOn: String
    /// A draft taken live, and how long each turn lasts (48 hours when not said).
    var live = false
    var turnHours: Int? = nil

    static let turnHoursRange = 1...336

    /// The checked title, participants and closing day; the things are checked against the household.
    func checked(today: Day) throws(FieldError) -> (title: String, participants: [Participant], closesOn: Day) {
        let title = TextLimit.clipped(title.trimmingWhitespace(), to: 200)
        guard !title.isEmpty else {
            throw FieldError(field: "title", message: "Please give the round a name, such as “Mother’s things”.")
        }
        guard participants.count >= 2 else {
            throw FieldError(field: "participants", message: "Please choose at least two people to take part.")
        }
        guard Set(participants.map(\.beneficiaryID)).count == participants.count else {
            throw FieldError(field: "participants", message: "Each person can take part once.")
        }
        for participant in participants {
            if let share = participant.share, !(share.isFinite && share > 0 && share <= 1_000_000) {
                throw FieldError(field: "share", message: "Each share is a number above zero, such as 50 or 25.")
            }
        }
        guard let day = Day(closesOn.trimmingWhitespace()) else {
            throw FieldError(field: "closesOn", message: "Please choose the last day for wishes, like 2031-05-01.")
        }
        guard day >= today else {
            throw FieldError(field: "closesOn", message: "The last day for wishes cannot be in the past.")
        }
        if live {
            guard method == .draft else {
                throw FieldError(field: "live", message: "Only taking turns can be done live, one turn at a time.")
            }
            if let hours = turnHours, !Self.turnHoursRange.contains(hours) {
                throw FieldError(field: "turnHours", message: "Each turn lasts from 1 hour to 14 days (336 hours).")
            }
        }
        return (title, participants, day)
    }
}
