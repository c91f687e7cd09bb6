import Foundation
import HeirloomCore
import Testing

@Suite("Item drafts")
struct ItemDraftTests {
    let usd = CurrencyCode("USD")!
    var blank: ItemDraft { ItemDraft(name: "", currency: usd) }

    @Test("A new item's text is cleaned: trimmed name, canonical category, exact amounts")
    func cleansNewItem() throws {
        // given
        let input = ItemInput(
            name: "  Grandmother's clock ", category: "watches", estimatedValue: "1,250.50", purchaseDate: "1998-03-21")
        // when
        let draft = try ItemDraft(input, over: blank)
        // then
        #expect(draft.name == "Grandmother's clock")
        #expect(draft.category == ItemCategory.normalise("watches"))
        #expect(draft.estimatedValue == Money(minorUnits: 125_050, currency: usd))
        #expect(draft.purchaseDate == "1998-03-21")
    }

    @Test("Absent fields keep their value; an empty string clears an optional one")
    func partialChanges() throws {
        // given
        let base = try ItemDraft(ItemInput(name: "Clock", description: "Oak", estimatedValue: "100"), over: blank)
        // when
        let kept = try ItemDraft(ItemInput(name: "Mantel clock"), over: base)
        let cleared = try ItemDraft(ItemInput(description: "", estimatedValue: ""), over: base)
        // then
        #expect(kept.description == "Oak")
        #expect(kept.estimatedValue == Money(minorUnits: 10_000, currency: usd))
        #expect(cleared.description == "")
        #expect(cleared.estimatedValue == nil)
        #expect(cleared.name == "Clock")
    }

    @Test("Changing the currency keeps the written amounts")
    func currencyChange() throws {
        let base = try ItemDraft(ItemInput(name: "Ring", estimatedValue: "800"), over: blank)
        let euros = try ItemDraft(ItemInput(currencyCode: " eur "), over: base)
        #expect(euros.currency.code == "EUR")
        #expect(euros.estimatedValue?.decimalString == base.estimatedValue?.decimalString)
        #expect(euros.estimatedValue?.currency.code == "EUR")
    }

    @Test(
        "Each mistake names its field",
        arguments: [
            (ItemInput(name: "   "), "name"),
            (ItemInput(name: "Clock", description: String(repeating: "a", count: 20_001)), "description"),
            (ItemInput(name: "Clock", estimatedValue: "lots"), "estimatedValue"),
            (ItemInput(name: "Clock", purchasePrice: "-5"), "purchasePrice"),
            (ItemInput(name: "Clock", currencyCode: "XYZ"), "currencyCode"),
            (ItemInput(name: "Clock", purchaseDate: "2001-02-30"), "purchaseDate"),
            (ItemInput(name: "Clock", purchaseDate: "21/03/1998"), "purchaseDate"),
        ])
    func mistakes(_ input: ItemInput, _ field: String) {
        #expect {
            try ItemDraft(input, over: blank)
        } throws: { error in
            (error as? FieldError)?.field == field
        }
    }

    @Test("A purchase date is a real calendar day written year-month-day")
    func days() throws {
        #expect(try ItemDraft.day("2000-02-29", field: "d") == "2000-02-29")
        #expect(try ItemDraft.day("  ", field: "d") == nil)
        #expect(throws: FieldError.self) { try ItemDraft.day("1900-02-29", field: "d") }
        #expect(throws: FieldError.self) { try ItemDraft.day("999-01-01", field: "d") }
    }
}
