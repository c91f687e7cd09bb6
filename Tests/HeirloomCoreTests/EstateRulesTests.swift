import Foundation
import HeirloomCore
import Testing

@Suite("The estate: reporting, cancelling, releasing and reopening")
struct EstateStatusTests {
    let now = Date(timeIntervalSince1970: 1_940_000_000)
    let day: TimeInterval = 86_400

    @Test("a report waits the waiting period, then counts as released from its release moment")
    func reportThenRelease() throws {
        // given
        var estate = EstateStatus()
        // when
        try estate.report(at: now, waitingPeriodDays: 14)
        // then
        #expect(estate.state == .passingReported)
        #expect(estate.reportedAt == now)
        #expect(estate.releaseAt == now.addingTimeInterval(14 * day))
        #expect(estate.halfwayAt == now.addingTimeInterval(7 * day))
        #expect(estate.effectiveState(at: now.addingTimeInterval(14 * day - 1)) == .passingReported)
        #expect(estate.ownerReleaseState(at: now.addingTimeInterval(14 * day - 1)) == .alive)
        #expect(estate.effectiveState(at: now.addingTimeInterval(14 * day)) == .released)
        #expect(estate.ownerReleaseState(at: now.addingTimeInterval(15 * day)) == .passingConfirmed(on: now + 14 * day))
        // when the scheduler writes it down late, the release moment stays the one that was due
        let early = estate.releaseIfDue(at: now.addingTimeInterval(13 * day))
        let due = estate.releaseIfDue(at: now.addingTimeInterval(20 * day))
        #expect(!early)
        #expect(due)
        #expect(estate.state == .released)
        #expect(estate.releasedAt == now.addingTimeInterval(14 * day))
        let again = estate.releaseIfDue(at: now.addingTimeInterval(21 * day))
        #expect(!again)
    }

    @Test("whom to ask: nobody named, one person, or a list ending in \"or\"; never more than three")
    func whoToContact() {
        let people = ["Olive", "Ben", "Cara", "Dan"].map {
            WhoToContact.Person(name: $0, email: "\($0.lowercased())@x.org")
        }
        #expect(WhoToContact.sentence([]) == "If you have questions, please speak to the family.")
        #expect(
            WhoToContact.sentence(Array(people.prefix(1)))
                == "If you have questions, please contact Olive (olive@x.org).")
        #expect(
            WhoToContact.sentence(people)
                == "If you have questions, please contact Olive (olive@x.org), Ben (ben@x.org) or Cara (cara@x.org).")
    }

    @Test("nobody is told to contact themself: the owners other than the reader, else the other trusted contacts")
    func neverOneself() {
        let tom = WhoToContact.Person(name: "Tom", email: "tom@x.org")
        let mary = WhoToContact.Person(name: "Mary", email: "mary@x.org")
        let anil = WhoToContact.Person(name: "Anil", email: "anil@x.org")
        // the holder was the only owner: the trusted contacts, but not the one reading
        #expect(WhoToContact.people(owners: [], executors: [mary, anil], reader: " Mary@X.org ") == [anil])
        #expect(WhoToContact.people(owners: [], executors: [mary], reader: "mary@x.org") == [])
        #expect(
            WhoToContact.sentence(WhoToContact.people(owners: [], executors: [mary], reader: "mary@x.org"))
                == "If you have questions, please speak to the family.")
        // an owner who is also a recipient is not sent to themself either; other owners come first
        #expect(WhoToContact.people(owners: [tom], executors: [mary], reader: "tom@x.org") == [mary])
        #expect(WhoToContact.people(owners: [tom], executors: [mary], reader: nil) == [tom])
    }

    @Test("a report's moments are whole seconds, so every database reads back the moment people were shown")
    func wholeSeconds() throws {
        var estate = EstateStatus()
        try estate.report(at: now.addingTimeInterval(0.75), waitingPeriodDays: 2)
        #expect(estate.reportedAt == now)
        #expect(estate.releaseAt == now.addingTimeInterval(2 * day))
    }

    @Test("reporting twice is refused, also once the report has run out")
    func reportTwice() throws {
        var estate = EstateStatus()
        try estate.report(at: now, waitingPeriodDays: 1)
        #expect(throws: EstateTransitionError.alreadyReported) { try estate.report(at: now, waitingPeriodDays: 1) }
        #expect(throws: EstateTransitionError.alreadyReported) {
            try estate.report(at: now.addingTimeInterval(2 * day), waitingPeriodDays: 1)
        }
    }

    @Test("the holder cancels a waiting report, but not one whose moment has come")
    func cancel() throws {
        var estate = EstateStatus()
        #expect(throws: EstateTransitionError.notReported) { try estate.cancel(at: now) }
        try estate.report(at: now, waitingPeriodDays: 3)
        try estate.cancel(at: now.addingTimeInterval(3 * day - 1))
        #expect(estate == EstateStatus())
        try estate.report(at: now, waitingPeriodDays: 3)
        #expect(throws: EstateTransitionError.notReported) { try estate.cancel(at: now.addingTimeInterval(3 * day)) }
    }

    @Test("a released estate reopens to active; an active or waiting one cannot be reopened")
    func reopen() throws {
        var estate = EstateStatus()
        #expect(throws: EstateTransitionError.notReleased) { try estate.reopen(at: now) }
        try estate.report(at: now, waitingPeriodDays: 2)
        #expect(throws: EstateTransitionError.notReleased) { try estate.reopen(at: now) }
        try estate.reopen(at: now.addingTimeInterval(2 * day))
        #expect(estate == EstateStatus())
        #expect(estate.ownerReleaseState(at: now.addingTimeInterval(100 * day)) == .alive)
    }
}

@Suite("Estate settings and dates")
struct EstateRulesTests {
    let utc = TimeZone(identifier: "UTC")!
    let tokyo = TimeZone(identifier: "Asia/Tokyo")!

    @Test("the waiting period is 1 to 90 days, the inactivity check off or 3 to 24 months")
    func bounds() throws {
        #expect(try EstateRules.waitingPeriod(1) == 1)
        #expect(try EstateRules.waitingPeriod(90) == 90)
        for bad in [0, 91, -5] {
            #expect(throws: FieldError.self) { try EstateRules.waitingPeriod(bad) }
        }
        #expect(try EstateRules.inactivity(nil) == nil)
        #expect(try EstateRules.inactivity(3) == 3)
        #expect(try EstateRules.inactivity(24) == 24)
        for bad in [0, 2, 25] {
            let error = #expect(throws: FieldError.self) { try EstateRules.inactivity(bad) }
            #expect(error?.field == "inactivityMonths")
        }
    }

    @Test("a date of passing is a real day, not after today where the family lives")
    func dateOfPassing() throws {
        // given: 23:30 UTC on 30 April 2031 is already 1 May in Tokyo
        let now = try #require(ISO8601DateFormatter().date(from: "2031-04-30T23:30:00Z"))
        // then
        #expect(try EstateRules.dateOfPassing(" 2031-04-30 ", now: now, timeZone: utc) == "2031-04-30")
        #expect(try EstateRules.dateOfPassing("2031-05-01", now: now, timeZone: tokyo) == "2031-05-01")
        for bad in ["2031-05-01", "2031-02-30", "31-05-01", "yesterday", "", "2031-5-1"] {
            let error = #expect(throws: FieldError.self) { try EstateRules.dateOfPassing(bad, now: now, timeZone: utc) }
            #expect(error?.field == "dateOfPassing")
        }
    }

    @Test("time zones are named the IANA way")
    func timeZones() throws {
        #expect(try EstateRules.timeZone("Europe/Berlin").identifier == "Europe/Berlin")
        #expect(throws: FieldError.self) { try EstateRules.timeZone("Mars/Olympus") }
        #expect(throws: FieldError.self) { try EstateRules.timeZone("") }
    }
}

@Suite("What a recipient sees")
struct RecipientVisibilityTests {
    let berlin = TimeZone(identifier: "Europe/Berlin")!
    let iso = ISO8601DateFormatter()

    func date(_ text: String) throws -> Date { try #require(iso.date(from: text)) }

    @Test("a date rule opens at the start of its day in the household's time zone")
    func dateInTimeZone() throws {
        // given: stored as 1 May 2031 midnight UTC; midnight in Berlin is 22:00 UTC the day before
        let rule = ReleaseRule.afterSpecificDate(try date("2031-05-01T00:00:00Z"))
        let estate = EstateStatus()
        // then
        #expect(
            !RecipientVisibility.isVisible(
                rule, estate: estate, at: try date("2031-04-30T21:59:59Z"), timeZone: berlin, invited: true))
        #expect(
            RecipientVisibility.isVisible(
                rule, estate: estate, at: try date("2031-04-30T22:00:00Z"), timeZone: berlin, invited: true))
    }

    @Test("an immediate link shows once the beneficiary is invited; upon passing once the estate is released")
    func immediateAndPassing() throws {
        let now = try date("2031-05-01T09:00:00Z")
        var estate = EstateStatus()
        #expect(!RecipientVisibility.isVisible(.immediate, estate: estate, at: now, timeZone: berlin, invited: false))
        #expect(RecipientVisibility.isVisible(.immediate, estate: estate, at: now, timeZone: berlin, invited: true))
        #expect(!RecipientVisibility.isVisible(.uponPassing, estate: estate, at: now, timeZone: berlin, invited: true))
        try estate.report(at: now, waitingPeriodDays: 1)
        let later = now.addingTimeInterval(86_400)
        #expect(
            !RecipientVisibility.isVisible(.uponPassing, estate: estate, at: later - 1, timeZone: berlin, invited: true)
        )
        #expect(RecipientVisibility.isVisible(.uponPassing, estate: estate, at: later, timeZone: berlin, invited: true))
        try estate.reopen(at: later)
        #expect(
            !RecipientVisibility.isVisible(.uponPassing, estate: estate, at: later, timeZone: berlin, invited: true))
    }

    @Test("the preview counts immediate links as invited and the estate as released at that moment")
    func preview() throws {
        let moment = try date("2031-05-01T09:00:00Z")
        #expect(RecipientVisibility.isVisibleInPreview(.immediate, at: moment, timeZone: berlin))
        #expect(RecipientVisibility.isVisibleInPreview(.uponPassing, at: moment, timeZone: berlin))
        let june = ReleaseRule.afterSpecificDate(try date("2031-06-01T00:00:00Z"))
        #expect(!RecipientVisibility.isVisibleInPreview(june, at: moment, timeZone: berlin))
    }
}

@Suite("The inactivity check")
struct InactivityCheckTests {
    @Test("three reminders over four weeks after the months without a sign-in, then the executors")
    func schedule() throws {
        // given: last seen on 15 January 2031, a check after 3 months
        let seen = try #require(ISO8601DateFormatter().date(from: "2031-01-15T10:00:00Z"))
        let inactive = try #require(ISO8601DateFormatter().date(from: "2031-04-15T10:00:00Z"))
        let day: TimeInterval = 86_400
        // then
        #expect(InactivityCheck.inactiveFrom(lastSeen: seen, months: 3) == inactive)
        #expect(InactivityCheck.remindersDue(lastSeen: seen, months: 3, now: inactive - 1) == 0)
        #expect(InactivityCheck.remindersDue(lastSeen: seen, months: 3, now: inactive) == 1)
        #expect(InactivityCheck.remindersDue(lastSeen: seen, months: 3, now: inactive + 14 * day) == 2)
        #expect(InactivityCheck.remindersDue(lastSeen: seen, months: 3, now: inactive + 28 * day) == 3)
        #expect(InactivityCheck.remindersDue(lastSeen: seen, months: 3, now: inactive + 300 * day) == 3)
        #expect(!InactivityCheck.executorsDue(lastSeen: seen, months: 3, now: inactive + 34 * day))
        #expect(InactivityCheck.executorsDue(lastSeen: seen, months: 3, now: inactive + 35 * day))
    }
}
