import Foundation
import HeirloomCore
import PropertyBased
import Testing

@Suite("Weekly schedule: the storyteller's day and hour where the family lives")
struct WeeklyScheduleTests {
    let newYork = TimeZone(identifier: "America/New_York")!

    func date(_ text: String) -> Date { ISO8601DateFormatter().date(from: text)! }

    @Test("Monday is 1 and Sunday 7; the next Sunday at 9 in New York")
    func nextSunday() throws {
        // given Friday, November 27 2026, noon UTC
        let schedule = try WeeklySchedule(weekday: 7, hour: 9)
        // then Sunday, November 29, 9 am EST is 14:00 UTC
        #expect(schedule.nextSend(after: date("2026-11-27T12:00:00Z"), in: newYork) == date("2026-11-29T14:00:00Z"))
        #expect(schedule.weekdayName == "Sunday")
        #expect(try WeeklySchedule(weekday: 1, hour: 0).weekdayName == "Monday")
    }

    @Test("strictly after: at the very moment, the next week")
    func strictlyAfter() throws {
        let schedule = try WeeklySchedule(weekday: 5, hour: 7)
        let now = date("2026-11-27T12:00:00Z")  // Friday 7 am in New York
        #expect(schedule.nextSend(after: now, in: newYork) == date("2026-12-04T12:00:00Z"))
    }

    @Test("after a question sent by hand on the chosen day, the next goes a week on, not later that day")
    func nextQuestionAfterOneByHand() throws {
        let schedule = try WeeklySchedule(weekday: 7, hour: 18)
        // given one sent by hand on Sunday, November 29 2026 at 9 am in New York, hours before the chosen 6 pm
        let byHand = date("2026-11-29T14:00:00Z")
        // then the next goes on Sunday, December 6 at 6 pm, not on the 29th at 6 pm
        #expect(schedule.nextSend(after: byHand, in: newYork) == date("2026-11-29T23:00:00Z"))
        #expect(schedule.nextQuestion(afterOneSentAt: byHand, in: newYork) == date("2026-12-06T23:00:00Z"))
        // and one sent by the weekly pass at the chosen moment is followed a week later, as before
        let weekly = date("2026-11-29T23:00:00Z")
        #expect(schedule.nextQuestion(afterOneSentAt: weekly, in: newYork) == date("2026-12-06T23:00:00Z"))
        // and one sent by hand on a Thursday leaves the storyteller at least six days
        let thursday = date("2026-12-03T15:00:00Z")
        #expect(schedule.nextQuestion(afterOneSentAt: thursday, in: newYork) == date("2026-12-13T23:00:00Z"))
    }

    @Test("summer time: the same hour on the clock, an hour earlier in UTC")
    func summerTime() throws {
        let schedule = try WeeklySchedule(weekday: 1, hour: 9)
        // Sunday March 8 2026 the clocks in New York went forward.
        #expect(schedule.nextSend(after: date("2026-03-06T12:00:00Z"), in: newYork) == date("2026-03-09T13:00:00Z"))
        #expect(schedule.nextSend(after: date("2026-03-01T12:00:00Z"), in: newYork) == date("2026-03-02T14:00:00Z"))
    }

    @Test("an hour the clocks jump over goes at the first moment after the jump")
    func skippedHour() throws {
        // Sunday March 8 2026, 2 am does not exist in New York: 3 am EDT = 07:00 UTC.
        let schedule = try WeeklySchedule(weekday: 7, hour: 2)
        #expect(schedule.nextSend(after: date("2026-03-07T12:00:00Z"), in: newYork) == date("2026-03-08T07:00:00Z"))
        // Sunday March 26 2028, 1 am does not exist in London: 2 am BST = 01:00 UTC, not a week later (the
        // property's find: Foundation's nextDate(matching:) passed over the day).
        let london = try #require(TimeZone(identifier: "Europe/London"))
        let sundayAtOne = try WeeklySchedule(weekday: 7, hour: 1)
        #expect(sundayAtOne.nextSend(after: date("2028-03-19T02:00:00Z"), in: london) == date("2028-03-26T01:00:00Z"))
    }

    @Test("a day or hour out of range names its field")
    func invalid() {
        #expect(throws: FieldError.self) { try WeeklySchedule(weekday: 0, hour: 9) }
        #expect(throws: FieldError.self) { try WeeklySchedule(weekday: 8, hour: 9) }
        #expect(throws: FieldError.self) { try WeeklySchedule(weekday: 1, hour: 24) }
        #expect(throws: FieldError.self) { try WeeklySchedule(weekday: 1, hour: -1) }
    }

    @Test("property: the next send is later, within a week, on the day and hour chosen")
    func property() async {
        let zones = ["America/New_York", "Europe/London", "Australia/Lord_Howe", "Asia/Kolkata", "UTC"]
        await propertyCheck(
            count: 500, input: Gen.int(in: 1...7), Gen.int(in: 0...23), Gen.int(in: 0...400_000_000),
            Gen.int(in: 0...4)
        ) { weekday, hour, seconds, zoneIndex in
            let zone = TimeZone(identifier: zones[zoneIndex])!
            let now = Date(timeIntervalSince1970: 1_600_000_000 + Double(seconds))
            let next = try! WeeklySchedule(weekday: weekday, hour: hour).nextSend(after: now, in: zone)
            #expect(next > now)
            #expect(next.timeIntervalSince(now) <= 7 * 24 * 3600 + 3600)
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = zone
            #expect(calendar.component(.weekday, from: next) == weekday % 7 + 1)
            // The hour on the clock, or the one just after a jump over it.
            let clockHour = calendar.component(.hour, from: next)
            #expect(clockHour == hour || clockHour == (hour + 1) % 24)
        }
    }
}
