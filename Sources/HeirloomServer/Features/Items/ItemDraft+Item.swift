import Foundation
import HeirloomCore

extension ItemDraft {
    /// The item's fields as they are.
    init(_ item: Item) {
        self.init(name: item.name, currency: item.currency)
        description = item.description
        category = ItemCategory.normalise(item.category)
        estimatedValue = item.money(item.estimatedValue)
        suggestedPriceNew = item.money(item.suggestedPriceNew)
        suggestedPriceUsed = item.money(item.suggestedPriceUsed)
        purchasePrice = item.money(item.purchasePrice)
        purchaseDate = item.purchaseDate
        maker = item.maker
        serialNumber = item.serialNumber
        quantity = item.quantity
    }

    /// Writes the fields onto a model.
    func apply(to item: Item) {
        item.name = name
        item.description = description
        item.category = category.rawValue
        item.currencyCode = currency.code
        item.estimatedValue = estimatedValue?.minorUnits
        item.suggestedPriceNew = suggestedPriceNew?.minorUnits
        item.suggestedPriceUsed = suggestedPriceUsed?.minorUnits
        item.purchasePrice = purchasePrice?.minorUnits
        item.purchaseDate = purchaseDate
        item.maker = maker
        item.serialNumber = serialNumber
        item.quantity = quantity
    }
}
