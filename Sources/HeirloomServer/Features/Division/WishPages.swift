import Foundation
import HeirloomCore
import Vapor

/// The participant's page: the round's things with photos and stories, their wishes, and, once confirmed, their
/// share with the reasons.
enum WishPages {
    struct Photo: Encodable {
        var url: String
        var alt: String
    }

    struct ThingCard: Encodable {
        var id: String
        var title: String
        var isSet: Bool
        var description: String
        var value: String?
        var photos: [Photo]
        var stories: [String]
        var rank: String
        var points: String
        var reason: String
        /// The wish as kept, said once the round has closed.
        var wishText: String?
        /// In a draft taken live: who chose it already, and whether this participant may choose it now.
        var takenBy: String? = nil
        var canPick: Bool = false
    }

    struct ResultThing: Encodable {
        var title: String
        var reason: String
        var value: String?
    }

    struct SheetPage: Encodable {
        var name: String
        var organiser: String
        var roundTitle: String
        var isDraft: Bool
        var isOpen: Bool
        var isConfirmed: Bool
        var answered: Bool
        var closesOnText: String
        var howTo: String
        var budget: Int
        var usesPoints: Bool
        /// "350 points left of 1,000", or her mistake with her numbers; the sheet's script keeps it up to date.
        var pointsText: String = ""
        var overBudget: Bool = false
        var things: [ThingCard]
        var places: [String]
        var result: [ResultThing]
        var statement: String?
        var totals: String?
        var errors: [String: String]
        /// In a draft taken live: whose turn it is, in words, and whether it is this participant's.
        var turnText: String? = nil
        var yourTurn: Bool = false
    }

    /// The form as sent: by thing id, a place in the order, points and a reason.
    struct Form: Content {
        var rank: [String: String]?
        var points: [String: String]?
        var reason: [String: String]?

        func wishes() throws -> [WishInput] {
            let ids = Set((rank ?? [:]).keys).union((points ?? [:]).keys).union((reason ?? [:]).keys)
            return try ids.sorted().compactMap { key -> WishInput? in
                guard let id = UUID(uuidString: key) else {
                    throw AppError.invalid(
                        FieldError(field: "wishes", message: "One of the wishes is for something outside this round."))
                }
                let rankText = rank?[key]?.trimmingWhitespace() ?? ""
                let pointsText = points?[key]?.trimmingWhitespace() ?? ""
                let reasonText = reason?[key]?.trimmingWhitespace() ?? ""
                guard !(rankText.isEmpty && pointsText.isEmpty && reasonText.isEmpty) else { return nil }
                func number(_ text: String, _ field: String) throws -> Int? {
                    guard !text.isEmpty else { return nil }
                    guard let value = Int(text) else {
                        throw AppError.invalid(FieldError(field: field, message: "Please write a whole number."))
                    }
                    return value
                }
                return WishInput(
                    thingID: id, rank: try number(rankText, "rank"), points: try number(pointsText, "points"),
                    reason: reasonText.isEmpty ? nil : reasonText)
            }
        }
    }

    static func sheet(
        _ sheet: WishSheetView, result: DivisionResult?, form: Form?, errors: [String: String],
        days: DayText = DayText(zone: .current)
    ) -> SheetPage {
        let round = sheet.round
        let wishes = Dictionary(uniqueKeysWithValues: sheet.wishes.map { ($0.thingID, $0) })
        let shown = round.showValues
        let me = sheet.participant.id
        let titles = Dictionary(uniqueKeysWithValues: sheet.things.map { ($0.id, $0) })
        let share = result?.shares.first { $0.participantID == me }
        var page = SheetPage(
            name: sheet.participant.beneficiary.name, organiser: round.organiser, roundTitle: round.title,
            isDraft: sheet.state == .draft, isOpen: sheet.state == .open, isConfirmed: sheet.state == .confirmed,
            answered: sheet.participant.answeredAt != nil, closesOnText: DayText.calendarDay(round.closesOn),
            howTo: round.divisionMethod == .draft
                ? "Number the things you would like: 1 for the one you would most like, 2 for the next, and so on. "
                    + "Leave the rest empty. Everyone takes turns, and each turn you receive the first thing on your "
                    + "list that is still there."
                : "You have \(WishRules.budget.formatted()) points. Give more points to the things that matter most "
                    + "to you, and none to those you do not want. The points need not add up to "
                    + "\(WishRules.budget.formatted()); they must not go over it.",
            budget: WishRules.budget, usesPoints: round.divisionMethod == .points,
            things: sheet.things.map { thing in
                let key = thing.id.text
                let wish = wishes[thing.id]
                return ThingCard(
                    id: key, title: thing.title, isSet: thing.isSet, description: thing.description,
                    value: shown ? WishRoundPages.money(thing.value, round.currencyCode) : nil,
                    photos: thing.photoIDs.map {
                        Photo(
                            url: SiteURL.apiWishMedia(.value($0), .value(.display)).path, alt: "Photo of \(thing.title)"
                        )
                    },
                    stories: thing.storyIDs.map { SiteURL.apiWishMedia(.value($0), .value(.play)).path },
                    rank: form?.rank?[key] ?? wish?.rank.map(String.init) ?? "",
                    points: form?.points?[key] ?? wish?.points.map(String.init) ?? "",
                    reason: form?.reason?[key] ?? wish?.reason ?? "",
                    wishText: wish.flatMap { wish in
                        wish.rank.map { "You put it number \($0) on your list." }
                            ?? wish.points.map { "You gave it \($0) points." }
                    })
            },
            places: (1...max(sheet.things.count, 1)).map(String.init),
            result: (result?.placements ?? []).filter { $0.participantID == me }.map {
                ResultThing(
                    title: titles[$0.thingID]?.title ?? "", reason: $0.reason,
                    value: shown ? WishRoundPages.money(titles[$0.thingID]?.value, round.currencyCode) : nil)
            },
            statement: result?.statement,
            totals: shown
                ? share.map {
                    "Together your things are worth about \(WishRoundPages.money($0.value, round.currencyCode) ?? ""); "
                        + "your share of the whole is \(WishRoundPages.money($0.entitlementValue, round.currencyCode) ?? "")."
                } : nil,
            errors: errors)
        let given = WishRules.given(page.things.map { Int($0.points.trimmingWhitespace()) })
        page.pointsText = WishRules.pointsText(given: given)
        page.overBudget = given > WishRules.budget
        if let live = sheet.live, sheet.state == .closed {
            let yours = live.turn?.id == me
            page.yourTurn = yours
            page.turnText =
                yours
                ? "It is your turn: choose one thing from what is left"
                    + (live.deadline.map { ", by \(days.dayAndTime($0))." } ?? ".")
                : live.turn.map { "It is \($0.beneficiary.name)’s turn. You will get an email when it is yours." }
            let takers = Dictionary(
                live.picks.map { ($0.thingID, $0.$participant.id) }, uniquingKeysWith: { first, _ in first })
            for index in page.things.indices {
                guard let id = UUID(uuidString: page.things[index].id) else { continue }
                if let taker = takers[id] {
                    page.things[index].takenBy = taker == me ? "You chose it." : "Already chosen."
                } else {
                    page.things[index].canPick = yours
                }
            }
        }
        return page
    }
}
