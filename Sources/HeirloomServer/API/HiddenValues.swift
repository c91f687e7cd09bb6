import HeirloomAPI

/// The JSON a viewer reads when the household keeps values from viewers (`Principal.seesValues`): the things, and
/// none of what they are worth, were bought for or fetched.
extension Components.Schemas.Item {
    func valuesShown(to principal: Principal) -> Self {
        guard !principal.seesValues else { return self }
        var item = self
        item.estimatedValue = nil
        item.suggestedPriceNew = nil
        item.suggestedPriceUsed = nil
        item.purchasePrice = nil
        item.disposition.amount = nil
        return item
    }
}

extension Components.Schemas.ItemSet {
    func valuesShown(to principal: Principal) -> Self {
        guard !principal.seesValues else { return self }
        var set = self
        for index in set.members.indices { set.members[index].estimatedValue = nil }
        set.value = []
        set.disposition.amount = nil
        return set
    }
}

extension Components.Schemas.EstateSummary {
    func valuesShown(to principal: Principal) -> Self {
        guard !principal.seesValues else { return self }
        var summary = self
        summary.totalsAvailable = false
        summary.totals = []
        summary.fetched = []
        for figure in [\Self.legacy, \Self.everythingElse] {
            summary[keyPath: figure].totals = []
            summary[keyPath: figure].fetched = []
        }
        for index in summary.byCategory.indices { summary.byCategory[index].totals = [] }
        for index in summary.byDisposition.indices {
            summary.byDisposition[index].figure.totals = []
            summary.byDisposition[index].figure.fetched = []
        }
        summary.mostValuable = []
        return summary
    }
}
