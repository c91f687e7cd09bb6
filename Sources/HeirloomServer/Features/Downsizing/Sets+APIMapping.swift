import Foundation
import HeirloomAPI
import HeirloomCore

extension ItemSetInput {
    init(_ body: Components.Schemas.ItemSetInput) {
        self.init(
            name: body.name, type: body._type?.rawValue, story: body.story, sellTogether: body.sellTogether,
            currencyCode: body.currencyCode)
    }
}

extension DispositionInput {
    init(_ body: Components.Schemas.DispositionInput) {
        self.init(value: body.value?.rawValue, status: body.status?.rawValue, note: body.note, amount: body.amount)
    }
}

extension Components.Schemas.Disposition {
    init(_ disposition: Disposition) {
        self.init(
            value: .init(rawValue: disposition.value.rawValue) ?? .undecided,
            status: .init(rawValue: disposition.status.rawValue) ?? .notStarted,
            note: disposition.note, amount: disposition.amount?.decimalString)
    }
}

extension Components.Schemas.ItemSet {
    init(_ set: ItemSet) throws {
        let members = set.members.compactMap { member -> Components.Schemas.ItemSetMember? in
            guard let item = member.$item.value else { return nil }
            return Components.Schemas.ItemSetMember(
                itemId: member.$item.id.text, name: item.name,
                category: ItemCategory.normalise(item.category).rawValue, quantity: member.quantity,
                itemQuantity: item.quantity, estimatedValue: item.money(item.estimatedValue)?.decimalString,
                currencyCode: item.currencyCode)
        }
        self.init(
            id: try set.requireID().text, name: set.name, _type: .init(rawValue: set.type.rawValue) ?? .other,
            story: set.story, sellTogether: set.sellTogether, currencyCode: set.currencyCode,
            members: members.sorted { $0.name.localizedCaseInsensitiveCompare($1.name) == .orderedAscending },
            value: SetService.value(of: set).map(Components.Schemas.MoneyTotal.init),
            disposition: .init(set.disposition),
            createdAt: set.createdAt ?? Date(), updatedAt: set.updatedAt ?? set.createdAt ?? Date())
    }
}

extension Components.Schemas.ItemSetConflict {
    init(_ found: PromisedInSet) {
        let names: [String]? =
            switch found.promise {
            case .leftTo(let names) where !names.isEmpty: names
            default: nil
            }
        self.init(
            itemId: found.itemID.text, name: found.name, promise: found.promise.words, beneficiaries: names,
            lotNumber: found.lotNumber, message: found.message)
    }
}

extension Components.Schemas.EstateFigure {
    init(_ bucket: DownsizingTally.Bucket) {
        self.init(
            units: bucket.units, doneUnits: bucket.doneUnits, sets: bucket.sets, doneSets: bucket.doneSets,
            totals: bucket.value.map(Components.Schemas.MoneyTotal.init),
            fetched: bucket.fetched.map(Components.Schemas.MoneyTotal.init))
    }
}

extension Components.Schemas.EstateSummary {
    init(_ summary: DownsizingSummaryService.Summary) {
        let tally = summary.tally
        self.init(
            itemCount: tally.itemCount, unitCount: tally.unitCount, valuedItemCount: tally.valuedItemCount,
            setCount: summary.setCount, totalsAvailable: summary.totalsAvailable,
            totals: tally.value.map(Components.Schemas.MoneyTotal.init),
            fetched: tally.fetched.map(Components.Schemas.MoneyTotal.init),
            legacy: .init(tally.legacy), everythingElse: .init(tally.everythingElse),
            byCategory: ItemCategory.allCases.compactMap { category in
                tally.byCategory[category].map {
                    .init(
                        category: category.rawValue, units: $0.units,
                        totals: $0.value.map(Components.Schemas.MoneyTotal.init),
                        fetched: $0.fetched.map(Components.Schemas.MoneyTotal.init))
                }
            },
            byDisposition: DispositionValue.allCases.compactMap { value in
                tally.byDisposition[value].map {
                    .init(value: .init(rawValue: value.rawValue) ?? .undecided, figure: .init($0))
                }
            },
            mostValuable: summary.mostValuable.map {
                .init(
                    itemId: $0.id.text, name: $0.name, category: $0.category.rawValue, quantity: $0.quantity,
                    each: .init($0.each), total: .init($0.total))
            },
            nextSteps: .init(
                undecidedItems: summary.nextSteps.undecidedItems,
                itemsWithoutPhoto: summary.nextSteps.itemsWithoutPhoto,
                beneficiariesWithoutEmail: summary.nextSteps.beneficiariesWithoutEmail,
                lotsNotReady: summary.nextSteps.lotsNotReady))
    }
}
