import Foundation
import HeirloomCore
import PropertyBased
import Testing

@Suite("Letters for later: when a letter is due, and the checks on what its writer enters")
struct LetterRulesTests {
    let berlin = TimeZone(identifier: "Europe/Berlin")!
    let now = Date(timeIntervalSince1970: 1_900_000_000)
    let holder = LetterRules.Writer(isEstateHolder: true)
    let member = LetterRules.Writer(isEstateHolder: false)

    func input(
        to: [LetterRecipientInput] = [.init(name: "Lily Hart", email: "Lily@Example.com ")],
        subject: String = "For your 18th", text: String = "Dear Lily, …", day: String? = "2031-04-28",
        afterPassing: Bool = false
    ) -> LetterInput {
        LetterInput(to: to, subject: subject, text: text, day: day, afterPassing: afterPassing)
    }

    @Test("a dated letter opens at the start of its day where the family lives, not at midnight UTC")
    func datedLetter() throws {
        let day = try #require(Day("2031-04-28"))
        let delivery = LetterDelivery.onDay(day)
        let start = day.start(in: berlin)
        #expect(!delivery.isDue(at: start.addingTimeInterval(-1), estate: EstateStatus(), timeZone: berlin))
        #expect(delivery.isDue(at: start, estate: EstateStatus(), timeZone: berlin))
        #expect(start == Day("2031-04-27")!.start(in: .gmt).addingTimeInterval(22 * 3_600))
    }

    @Test("a letter after passing is due from the release, not from the report, and never after a cancel")
    func afterPassing() throws {
        var estate = EstateStatus()
        let delivery = LetterDelivery.afterPassing
        #expect(!delivery.isDue(at: now, estate: estate, timeZone: berlin))
        try estate.report(at: now, waitingPeriodDays: 14)
        let release = try #require(estate.releaseAt)
        #expect(!delivery.isDue(at: release.addingTimeInterval(-1), estate: estate, timeZone: berlin))
        #expect(delivery.isDue(at: release, estate: estate, timeZone: berlin))
        try estate.cancel(at: release.addingTimeInterval(-60))
        #expect(!delivery.isDue(at: release.addingTimeInterval(86_400), estate: estate, timeZone: berlin))
    }

    @Test("a good letter is kept trimmed, its addresses lowercased")
    func checked() throws {
        let letter = try LetterRules.check(input(), writer: member, now: now, timeZone: berlin)
        #expect(letter.to == [.init(name: "Lily Hart", email: "lily@example.com")])
        #expect(letter.delivery == .onDay(Day("2031-04-28")!))
    }

    @Test("each problem is said next to its field")
    func refusals() {
        func field(_ input: LetterInput, _ writer: LetterRules.Writer? = nil) -> String? {
            do {
                _ = try LetterRules.check(input, writer: writer ?? member, now: now, timeZone: berlin)
                return nil
            } catch let error as FieldError {
                return error.field
            } catch {
                return "\(error)"
            }
        }
        let many = (0..<21).map { LetterRecipientInput(name: "P\($0)", email: "p\($0)@example.com") }
        #expect(field(input(to: [])) == "to")
        #expect(field(input(to: many)) == "to")
        #expect(field(input(to: [.init(name: "", email: "lily@example.com")])) == "to")
        #expect(field(input(to: [.init(name: "Lily", email: "lily")])) == "to")
        #expect(field(input(to: [.init(name: "", email: "")])) == "to")
        #expect(field(input(to: [.init(name: "A", email: "a@b.com"), .init(name: "B", email: "A@b.com")])) == "to")
        #expect(field(input(subject: " ")) == "subject")
        #expect(field(input(subject: String(repeating: "s", count: 201))) == "subject")
        #expect(field(input(text: "")) == "text")
        #expect(field(input(text: String(repeating: "t", count: 50_001))) == "text")
        #expect(field(input(text: String(repeating: "t", count: 50_000))) == nil)
        #expect(field(input(day: "2020-01-01")) == "deliver")
        #expect(field(input(day: "2031-02-30")) == "deliver")
        #expect(field(input(day: nil)) == "deliver")
        #expect(field(input(day: nil, afterPassing: true)) == "deliver")
        #expect(field(input(day: nil, afterPassing: true), holder) == nil)
        #expect(field(input(day: "2031-04-28", afterPassing: true), holder) == "deliver")
        #expect(
            field(input(day: nil, afterPassing: true), .init(isEstateHolder: false, membersMayWriteAfterPassing: true))
                == nil)
    }

    @Test("property: a dated letter is due exactly from its day's first moment, whatever the estate does")
    func dueExactlyFromItsDay() async {
        let zones = ["Europe/Berlin", "America/Los_Angeles", "Pacific/Auckland", "UTC", "Asia/Kolkata"]
        await propertyCheck(
            count: 300, input: Gen.int(in: 0...20_000), Gen.int(in: -200_000...200_000), Gen.int(in: 0...4),
            Gen.int(in: 0...2)
        ) { days, offset, zoneIndex, estateStep in
            let zone = TimeZone(identifier: zones[zoneIndex])!
            let day = Day(Date(timeIntervalSince1970: 1_900_000_000 + Double(days) * 86_400), in: .gmt)
            let start = day.start(in: zone)
            let moment = start.addingTimeInterval(Double(offset))
            var estate = EstateStatus()
            if estateStep > 0 { try? estate.report(at: moment.addingTimeInterval(-86_400 * 30), waitingPeriodDays: 14) }
            if estateStep > 1 { estate.releaseIfDue(at: moment) }
            #expect(LetterDelivery.onDay(day).isDue(at: moment, estate: estate, timeZone: zone) == (offset >= 0))
            #expect(Day(start, in: zone) == day)
        }
    }

    @Test("property: a letter after passing is due exactly when the estate counts as released")
    func dueWithTheRelease() async {
        await propertyCheck(
            count: 300, input: Gen.int(in: 1...90), Gen.int(in: -5_000_000...10_000_000), Gen.int(in: 0...1)
        ) { waiting, offset, cancel in
            let cancelled = cancel == 1
            var estate = EstateStatus()
            try? estate.report(at: now, waitingPeriodDays: waiting)
            if cancelled { try? estate.cancel(at: now.addingTimeInterval(1)) }
            let moment = now.addingTimeInterval(Double(offset))
            let due = LetterDelivery.afterPassing.isDue(at: moment, estate: estate, timeZone: berlin)
            let released = !cancelled && Double(offset) >= Double(waiting) * 86_400
            #expect(due == released)
            #expect(due == (estate.effectiveState(at: moment) == .released))
        }
    }

    @Test("a reader may have no email address, and a wrong one is named by whose it is")
    func readersWithoutEmail() throws {
        // given Lily has an address and Grandpa Joe has none
        let readers = try LetterRules.readers([
            .init(name: "Lily Hart", email: " lily@example.com"), .init(name: "Grandpa Joe", email: "  "),
        ])
        // then both are readers, Joe without an address
        #expect(
            readers == [.init(name: "Lily Hart", email: "lily@example.com"), .init(name: "Grandpa Joe", email: "")])
        // and a mistake in an address says whose it is
        #expect(throws: FieldError.self) { try LetterRules.readers([.init(name: "Lily Hart", email: "lily@")]) }
        do {
            _ = try LetterRules.readers([.init(name: "Lily Hart", email: "lily@")])
        } catch {
            #expect(error.message.contains("Lily Hart’s email address"))
        }
        // and an address without a name says which reader it is
        do {
            _ = try LetterRules.readers([.init(name: " ", email: "lily@example.com")])
            Issue.record("a reader without a name was taken")
        } catch {
            #expect(error.message == "Please give the name of the reader at lily@example.com, as they are called.")
        }
    }
}
