import Foundation
import HeirloomCore
import Testing

@Suite("A form's mistakes, all at once")
struct FieldChecksTests {
    let usd = CurrencyCode("USD")!

    /// The fields a draft refuses, in the form's order; nil when it accepts them.
    private func refused(_ make: () throws -> Void) -> [String]? {
        do {
            try make()
            return nil
        } catch let error as FieldError {
            return [error.field]
        } catch let errors as FieldErrors {
            return errors.all.map(\.field)
        } catch {
            return ["\(error)"]
        }
    }

    @Test("Each check runs; one mistake is thrown alone, several together, each field once")
    func collects() throws {
        var none = FieldChecks()
        #expect(try none.value { 3 } == 3)
        try none.finish()

        var one = FieldChecks()
        #expect(try one.value { () throws -> Int in throw FieldError(field: "a", message: "A.") } == nil)
        #expect(throws: FieldError(field: "a", message: "A.")) { try one.finish() }

        var several = FieldChecks()
        several.note(FieldError(field: "a", message: "A."))
        several.note(FieldError(field: "a", message: "A second time."))
        several.note(FieldError(field: "b", message: "B."))
        #expect(
            throws: FieldErrors([FieldError(field: "a", message: "A."), FieldError(field: "b", message: "B.")])
        ) { try several.finish() }
    }

    @Test("An error that is not a field's stops the checks at once")
    func otherErrors() {
        struct Broken: Error {}
        var checks = FieldChecks()
        #expect(throws: Broken.self) { try checks.value { () throws -> Int in throw Broken() } }
        #expect(checks.mistakes.isEmpty)
    }

    @Test("An item with a blank name, no pieces, an unreadable value and a lost date: all four, in order")
    func item() {
        let input = ItemInput(name: " ", estimatedValue: "twenty-ish", purchaseDate: "1998-02-30", quantity: "0")
        #expect(
            refused { _ = try ItemDraft(input, over: ItemDraft(name: "", currency: usd)) }
                == ["name", "quantity", "estimatedValue", "purchaseDate"])
    }

    @Test("A person, a memory, a letter and a binder entry say every mistake")
    func otherForms() {
        #expect(
            refused { _ = try PersonInput(name: " ", relationship: nil, birthDate: "someday", deathDate: "never") }
                == ["name", "birthDate", "deathDate"])
        #expect(
            refused {
                _ = try MemoryDetails(
                    title: "", description: nil, content: nil, date: "summer of love", location: nil, context: nil,
                    kind: .text)
            } == ["title", "content", "date"])
        let letter = LetterInput(to: [], subject: " ", text: "", day: nil, afterPassing: false)
        #expect(
            refused {
                _ = try LetterRules.check(
                    letter, writer: LetterRules.Writer(isEstateHolder: true), now: Date(), timeZone: .gmt)
            } == ["to", "subject", "text", "deliver"])
        #expect(
            refused {
                _ = try BinderEntryDraft(
                    section: "money", title: " ", text: nil, fields: ["petName": "Rex"], reviewOn: "next year")
            } == ["title", "fields.petName", "reviewOn"])
    }
}
