import Foundation
import HeirloomAPI
import HeirloomCore

extension WishRoundInput {
    init(_ body: Components.Schemas.WishRoundInput) throws {
        func id(_ text: String, _ field: String) throws -> UUID {
            guard let id = UUID(uuidString: text) else {
                throw AppError.invalid(FieldError(field: field, message: "Please name each one by its id."))
            }
            return id
        }
        self.init(
            title: body.title, method: DivisionMethod(rawValue: body.method.rawValue) ?? .points,
            things: try (body.things ?? []).map { ref in
                switch (ref.itemId, ref.setId) {
                case (let item?, nil): .item(try id(item, "things"))
                case (nil, let set?): .set(try id(set, "things"))
                default:
                    throw AppError.invalid(
                        FieldError(field: "things", message: "Each thing is an item (itemId) or a set (setId)."))
                }
            },
            participants: try body.participants.map {
                Participant(beneficiaryID: try id($0.beneficiaryId, "participants"), share: $0.share)
            },
            showValues: body.showValues ?? false, closesOn: body.closesOn, live: body.live ?? false,
            turnHours: body.turnHours)
    }
}

/// Amounts of a round, as the API writes them.
enum WishMoney {
    static func text(_ minorUnits: Int64?, _ currency: String) -> String? {
        minorUnits.map { Money(minorUnits: $0, currency: CurrencyCode(currency) ?? .usd).decimalString }
    }
}

extension Components.Schemas.WishRound {
    init(_ view: WishRoundView, live: LiveDraftView?, seesValues: Bool) {
        let round = view.round
        self.init(
            id: round.id!.text, title: round.title, method: .init(rawValue: round.method) ?? .points,
            state: .init(rawValue: view.state.rawValue) ?? .draft, showValues: round.showValues,
            closesOn: round.closesOn, closesAt: round.closesAt, organiser: round.organiser,
            currencyCode: round.currencyCode,
            releaseRule: round.releaseRule.flatMap { .init(rawValue: $0) }, live: round.isLive,
            liveDraft: live.map { live in
                .init(
                    turnParticipantId: live.turn?.id?.text, turnName: live.turn?.beneficiary.name,
                    deadline: live.deadline,
                    picks: live.picks.map {
                        .init(
                            turn: $0.turn, participantId: $0.$participant.id.text, thingId: $0.thingID.text,
                            byHub: $0.byHub)
                    })
            },
            things: view.things.map {
                .init(
                    thingId: $0.id.text, kind: $0.isSet ? .set : .item, title: $0.title,
                    value: seesValues ? WishMoney.text($0.value, round.currencyCode) : nil)
            },
            participants: view.participants.map {
                .init(
                    participantId: $0.id!.text, beneficiaryId: $0.$beneficiary.id.text, name: $0.beneficiary.name,
                    share: $0.share, answered: $0.answeredAt != nil, remindedAt: $0.remindedAt)
            })
    }
}

extension Components.Schemas.WishDivision {
    /// `seesValues` false (a trusted contact): who receives what, without values or the settlement.
    init(_ view: WishDivisionView, seesValues: Bool) {
        let currency = view.round.round.currencyCode
        func money(_ amount: Int64?) -> String? { seesValues ? WishMoney.text(amount, currency) : nil }
        let names = Dictionary(uniqueKeysWithValues: view.round.participants.map { ($0.id!, $0) })
        let things = Dictionary(uniqueKeysWithValues: view.round.things.map { ($0.id, $0) })
        let placements = Dictionary(uniqueKeysWithValues: view.result.placements.map { ($0.thingID, $0) })
        self.init(
            runId: view.run.id!.text, method: .init(rawValue: view.round.round.method) ?? .points, seed: view.run.seed,
            drawOrder: view.result.drawOrder.map(\.text),
            shares: view.result.shares.map { share in
                .init(
                    participantId: share.participantID.text, name: names[share.participantID]?.beneficiary.name ?? "",
                    share: names[share.participantID]?.share ?? 1,
                    things: share.thingIDs.map { id in
                        .init(
                            thingId: id.text, title: things[id]?.title ?? "",
                            reason: placements[id]?.reasonForOthers(
                                receiver: names[share.participantID]?.beneficiary.name ?? "") ?? "",
                            movedByHand: placements[id]?.movedByHand ?? false,
                            value: money(things[id]?.value))
                    },
                    value: seesValues ? money(share.value) ?? "0" : nil,
                    entitlementValue: seesValues ? money(share.entitlementValue) ?? "0" : nil,
                    difference: seesValues ? money(share.difference) ?? "0" : nil)
            },
            fairness: .init(
                envyFreeUpToOne: view.result.envyFreeUpToOne, paretoChecked: view.result.paretoChecked,
                statement: view.result.statement),
            currencyCode: currency,
            settlement: !seesValues
                ? []
                : view.result.settlement.map {
                    .init(
                        fromParticipantId: $0.from.text, toParticipantId: $0.to.text,
                        amount: WishMoney.text($0.amount, currency) ?? "0")
                },
            runs: view.runs.map {
                .init(
                    runId: $0.id!.text, number: $0.number, createdAt: $0.createdAt ?? Date(), adjusted: $0.adjusted,
                    by: $0.byName)
            })
    }
}

extension Components.Schemas.WishSheet {
    init(_ sheet: WishSheetView) {
        let live = sheet.live
        let round = sheet.round
        let shown = round.showValues
        self.init(
            roundTitle: round.title, method: .init(rawValue: round.method) ?? .points,
            state: .init(rawValue: sheet.state.rawValue) ?? .open, closesOn: round.closesOn, budget: WishRules.budget,
            name: sheet.participant.beneficiary.name, organiser: round.organiser, showValues: shown,
            currencyCode: round.currencyCode, answeredAt: sheet.participant.answeredAt,
            live: live.map { live in
                .init(
                    yourTurn: live.turn?.id == sheet.participant.id, turnName: live.turn?.beneficiary.name,
                    deadline: live.deadline, taken: live.picks.map(\.thingID.text))
            },
            things: sheet.things.map { thing in
                .init(
                    thingId: thing.id.text, kind: thing.isSet ? .set : .item, title: thing.title,
                    description: thing.description, category: thing.category,
                    value: shown ? WishMoney.text(thing.value, round.currencyCode) : nil,
                    photos: thing.photoIDs.map { SiteURL.apiWishMedia(.value($0), .value(.display)).path },
                    stories: thing.storyIDs.map { SiteURL.apiWishMedia(.value($0), .value(.play)).path })
            },
            wishes: sheet.wishes.map {
                .init(thingId: $0.thingID.text, rank: $0.rank, points: $0.points, reason: $0.reason)
            })
    }
}

extension Components.Schemas.WishResult {
    init(_ sheet: WishSheetView, result: DivisionResult) {
        let round = sheet.round
        let id = sheet.participant.id!
        let share = result.shares.first { $0.participantID == id }
        let things = Dictionary(uniqueKeysWithValues: sheet.things.map { ($0.id, $0) })
        let shown = round.showValues
        self.init(
            roundTitle: round.title, name: sheet.participant.beneficiary.name,
            things: result.placements.filter { $0.participantID == id }.map {
                .init(
                    thingId: $0.thingID.text, title: things[$0.thingID]?.title ?? "", reason: $0.reason,
                    movedByHand: $0.movedByHand,
                    value: shown ? WishMoney.text(things[$0.thingID]?.value, round.currencyCode) : nil)
            },
            statement: result.statement,
            value: shown ? WishMoney.text(share?.value, round.currencyCode) : nil,
            entitlementValue: shown ? WishMoney.text(share?.entitlementValue, round.currencyCode) : nil,
            difference: shown ? WishMoney.text(share?.difference, round.currencyCode) : nil,
            currencyCode: shown ? round.currencyCode : nil)
    }
}
