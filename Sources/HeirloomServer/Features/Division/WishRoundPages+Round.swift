import Foundation
import HeirloomCore

extension WishRoundPages {
    struct ParticipantRow: Encodable {
        var id: String
        var name: String
        var shareText: String
        var answered: Bool
        var answeredText: String
        /// Someone the hub cannot email: the organiser prints their link (once the round is open), or is told they
        /// will.
        var noEmail: String? = nil
        /// Once the round is open: a link to print (for anyone, their email astray or none), or to stop.
        var hasLink: Bool = false
    }

    static func participantRow(
        _ participant: WishParticipant, shareText: String, state: WishRoundState, days: DayText
    ) -> ParticipantRow {
        let hasEmail = participant.beneficiary.email?.isEmpty == false
        let name = participant.beneficiary.name
        return ParticipantRow(
            id: participant.id!.text, name: name, shareText: shareText,
            answered: participant.answeredAt != nil,
            answeredText: participant.answeredAt.map { "Answered \(days.day($0))" }
                ?? (state == .draft ? "Not invited yet" : "Not answered yet"),
            noEmail: hasEmail
                ? nil
                : state == .draft
                    ? "\(name) has no email address: once the round is open, print their link and give it to them."
                    : "\(name) has no email address: print their link and give it to them.",
            hasLink: state != .draft)
    }

    struct ThingRow: Encodable {
        var title: String
        var kind: String
        var value: String?
    }

    struct ShareThing: Encodable {
        var id: String
        var title: String
        var reason: String
        var movedByHand: Bool
        var value: String?
    }

    struct ShareRow: Encodable {
        var participantID: String
        var name: String
        var shareText: String
        var value: String
        var entitlement: String
        var difference: String
        var things: [ShareThing]
    }

    struct MoveRow: Encodable {
        var thingID: String
        var title: String
        var options: [MoveOption]
    }

    struct MoveOption: Encodable {
        var id: String
        var name: String
        var selected: Bool
    }

    struct DivisionModel: Encodable {
        var runNumber: Int
        var adjusted: Bool
        var seed: Int64
        var orderText: String?
        var fair: Bool
        var statement: String
        var shares: [ShareRow]
        var settlement: [String]
        var moves: [MoveRow]
        var runs: [String]
    }

    /// A draft taken live: whose turn it is, until when, and the picks so far in words.
    struct LiveModel: Encodable {
        var turnText: String?
        var picks: [String]
    }

    struct RoundPage: Encodable {
        var id: String
        var title: String
        var state: String
        var stateLabel: String
        var method: MethodText
        var closesOnText: String
        var organiser: String
        var showValues: Bool
        /// False for a trusted contact organising: no values, no settlement (`WishOrganiser.seesValues`).
        var seesValues: Bool
        var participants: [ParticipantRow]
        var things: [ThingRow]
        var answeredCount: Int
        /// Whether someone can still be taken out (before the division, while more than two take part).
        var canRemove: Bool
        var division: DivisionModel?
        var isLive: Bool
        var live: LiveModel?
        var released: Bool
        var releaseRuleText: String?
        var errors: [String: String]
        var backHref: String
    }

    static func round(
        _ view: WishRoundView, division: WishDivisionView?, live: LiveDraftView? = nil, released: Bool, days: DayText,
        errors: [String: String], seesValues: Bool = true
    ) -> RoundPage {
        let round = view.round
        let currency = round.currencyCode
        func money(_ amount: Int64?, _ currency: String) -> String? {
            seesValues ? Self.money(amount, currency) : nil
        }
        let equal = Set(view.participants.map(\.share)).count <= 1
        let totalShare = view.participants.map(\.share).reduce(0, +)
        func shareText(_ share: Double) -> String {
            equal ? "An equal share" : "\(Int((share / max(totalShare, 0.0001) * 100).rounded())) % of the whole"
        }
        let names = Dictionary(uniqueKeysWithValues: view.participants.map { ($0.id!, $0.beneficiary.name) })
        return RoundPage(
            id: round.id!.text, title: round.title, state: view.state.rawValue, stateLabel: stateLabel(view.state),
            method: methods.first { $0.value == round.method } ?? methods[0],
            closesOnText: DayText.calendarDay(round.closesOn), organiser: round.organiser, showValues: round.showValues,
            seesValues: seesValues,
            participants: view.participants.map {
                participantRow($0, shareText: shareText($0.share), state: view.state, days: days)
            },
            things: view.things.map {
                ThingRow(title: $0.title, kind: $0.isSet ? "A set" : "", value: money($0.value, currency))
            },
            answeredCount: view.participants.filter { $0.answeredAt != nil }.count,
            canRemove: [.draft, .open, .closed].contains(view.state) && view.participants.count > 2
                && round.liveStartedAt == nil,
            division: division.map { division in
                let result = division.result
                let placements = Dictionary(uniqueKeysWithValues: result.placements.map { ($0.thingID, $0) })
                let things = Dictionary(uniqueKeysWithValues: view.things.map { ($0.id, $0) })
                return DivisionModel(
                    runNumber: division.run.number, adjusted: division.run.adjusted, seed: division.run.seed,
                    orderText: result.drawOrder.isEmpty
                        ? nil : ListText.and(result.drawOrder.compactMap { names[$0] }),
                    fair: result.envyFreeUpToOne && result.paretoChecked, statement: result.statement,
                    shares: result.shares.map { share in
                        let person = view.participants.first { $0.id == share.participantID }
                        return ShareRow(
                            participantID: share.participantID.text, name: names[share.participantID] ?? "",
                            shareText: shareText(person?.share ?? 1),
                            value: money(share.value, currency) ?? "",
                            entitlement: money(share.entitlementValue, currency) ?? "",
                            difference: share.difference == 0
                                ? "Even"
                                : share.difference > 0
                                    ? "\(money(share.difference, currency) ?? "") more than their share"
                                    : "\(money(-share.difference, currency) ?? "") less than their share",
                            things: share.thingIDs.map { id in
                                ShareThing(
                                    id: id.text, title: things[id]?.title ?? "",
                                    // The organiser reads why in words for everyone, never the heir's points.
                                    reason: placements[id]?.reasonForOthers(receiver: names[share.participantID] ?? "")
                                        ?? "",
                                    movedByHand: placements[id]?.movedByHand ?? false,
                                    value: money(things[id]?.value, currency))
                            })
                    },
                    settlement: !seesValues
                        ? []
                        : result.settlement.map {
                            "\(names[$0.from] ?? "") would pay \(names[$0.to] ?? "") \(money($0.amount, currency) ?? "")"
                        },
                    moves: view.things.map { thing in
                        MoveRow(
                            thingID: thing.id.text, title: thing.title,
                            options: view.participants.map {
                                MoveOption(
                                    id: $0.id!.text, name: $0.beneficiary.name,
                                    selected: placements[thing.id]?.participantID == $0.id)
                            })
                    },
                    runs: division.runs.reversed().map {
                        "Run \($0.number): \($0.adjusted ? "changed by hand" : "proposed") by \($0.byName), "
                            + days.dayAndTime($0.createdAt)
                    })
            },
            isLive: round.isLive,
            live: live.map { live in
                let titles = Dictionary(uniqueKeysWithValues: view.things.map { ($0.id, $0.title) })
                return LiveModel(
                    turnText: live.turn.map { person in
                        "It is \(person.beneficiary.name)’s turn"
                            + (live.deadline.map { ", until \(days.dayAndTime($0))." } ?? ".")
                    },
                    picks: live.picks.map { pick in
                        "Turn \(pick.turn): \(names[pick.$participant.id] ?? "") "
                            + (pick.byHub ? "(the hub chose, as time ran out): " : "chose ")
                            + (titles[pick.thingID] ?? "")
                    })
            },
            released: released,
            releaseRuleText: round.releaseRule.flatMap(AccessPermission.init(rawValue:)).map {
                switch $0 {
                case .immediate: "Each person can see their things now."
                case .afterSpecificDate: "Each person can see their things from the date chosen."
                case .uponPassing: "Each person will see their things when the estate is released."
                }
            },
            errors: errors, backHref: SiteURL.wishRounds.path)
    }
}
