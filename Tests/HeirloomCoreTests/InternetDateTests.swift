import Foundation
import HeirloomCore
import PropertyBased
import Testing

@Suite("Moments written for the API")
struct InternetDateTests {
    @Test("any moment from 1582-10-15 to 9999 is written exactly as ISO8601DateFormatter writes it")
    func sameAsFoundation() async {
        let formatter = ISO8601DateFormatter()
        // -12219292800 is 1582-10-15T00:00:00Z; 253402300799 is 9999-12-31T23:59:59Z.
        await propertyCheck(
            count: 20_000, input: Gen.int(in: -12_219_292_800...253_402_300_799), Gen.int(in: 0...999_999)
        ) { seconds, micros in
            // given a moment, with a fraction of a second
            let date = Date(timeIntervalSince1970: Double(seconds) + Double(micros) / 1_000_000)
            // when it is written, then it reads as Foundation writes it
            #expect(InternetDate.string(from: date) == formatter.string(from: date))
        }
    }

    @Test("moments on and beside half a millisecond round as Foundation rounds them")
    func halfMilliseconds() async {
        let formatter = ISO8601DateFormatter()
        await propertyCheck(
            count: 20_000, input: Gen.int(in: -12_219_292_800...253_402_300_799), Gen.int(in: -2...2_002)
        ) { seconds, halves in
            // given a moment a whole number of half milliseconds past a second (a little either side of it)
            let date = Date(timeIntervalSince1970: Double(seconds) + Double(halves) * 0.0005)
            // then it reads as Foundation writes it
            #expect(InternetDate.string(from: date) == formatter.string(from: date))
        }
        #expect(InternetDate.string(from: Date(timeIntervalSince1970: 0.9994)) == "1970-01-01T00:00:00Z")
        #expect(InternetDate.string(from: Date(timeIntervalSince1970: 0.9995)) == "1970-01-01T00:00:01Z")
        #expect(InternetDate.string(from: Date(timeIntervalSince1970: -0.0005)) == "1970-01-01T00:00:00Z")
        #expect(InternetDate.string(from: Date(timeIntervalSince1970: -0.0006)) == "1969-12-31T23:59:59Z")
    }

    @Test("the edges: the epoch, a second before it, leap days, the last second of a century, the range's ends")
    func edges() {
        #expect(InternetDate.string(from: InternetDate.range.lowerBound) == "1582-10-15T00:00:00Z")
        #expect(InternetDate.string(from: InternetDate.range.lowerBound - 1) == nil)
        #expect(InternetDate.string(from: InternetDate.range.upperBound - 0.5) == "9999-12-31T23:59:59Z")
        #expect(InternetDate.string(from: InternetDate.range.upperBound) == nil)
        #expect(InternetDate.string(from: Date(timeIntervalSince1970: 0)) == "1970-01-01T00:00:00Z")
        #expect(InternetDate.string(from: Date(timeIntervalSince1970: -0.25)) == "1969-12-31T23:59:59Z")
        #expect(InternetDate.string(from: Date(timeIntervalSince1970: 951_782_400)) == "2000-02-29T00:00:00Z")
        #expect(InternetDate.string(from: Date(timeIntervalSince1970: 4_102_444_799.9)) == "2099-12-31T23:59:59Z")
        #expect(InternetDate.string(from: Date(timeIntervalSince1970: 1_795_471_509)) == "2026-11-23T22:05:09Z")
    }
}
