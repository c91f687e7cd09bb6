import Foundation
import PropertyBased
import Testing

@testable import HeirloomCore

/// A day's text is what `String(format: "%04d-%02d-%02d")` writes, for any numbers.
@Suite("A day as text")
struct JournalDayTextTests {
    @Test("padded as printf pads, signs included")
    func paddedAsPrintf() async {
        await propertyCheck(count: 5_000, input: Gen.int(in: -20_000...20_000), Gen.int(in: 0...6)) { value, width in
            #expect(JournalDay.padded(value, to: width) == String(format: "%0\(width)d", value))
        }
        #expect(JournalDay(year: 2026, month: 3, day: 7).description == "2026-03-07")
        #expect(JournalDay(year: 812, month: 12, day: 31).description == "0812-12-31")
    }
}
