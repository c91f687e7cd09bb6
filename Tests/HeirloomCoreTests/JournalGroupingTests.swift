import Foundation
import HeirloomCore
import Testing

@Suite("Journal days and grouping")
struct JournalGroupingTests {
    private func day(_ text: String) throws -> JournalDay { try #require(JournalDay(text)) }

    @Test("days read and print as ISO dates; impossible days are refused")
    func days() throws {
        #expect(try day("2026-11-22").description == "2026-11-22")
        #expect(try day("2026-11-22").inWords == "November 22, 2026")
        #expect(JournalDay("2026-02-29") == nil)
        #expect(JournalDay("2024-02-29") != nil)
        #expect(JournalDay("2026-13-01") == nil)
        #expect(JournalDay("22/11/2026") == nil)
        #expect(try day("2026-11-16").weekday == 1)
        #expect(try day("2026-11-22").weekday == 7)
    }

    @Test("the cabinet groups Monday to Sunday weeks, labelled with their dates")
    func weeks() throws {
        let group = JournalGrouping.week.group(of: try day("2026-11-19"))
        #expect(group.label == "Nov 16 – 22, 2026")
        #expect(group.from == (try day("2026-11-16")))
        #expect(group.to == (try day("2026-11-22")))
        #expect(JournalGrouping.week.group(of: try day("2026-11-22")).key == "2026-11-16")
        #expect(JournalGrouping.week.group(of: try day("2026-12-02")).label == "Nov 30 – Dec 6, 2026")
        #expect(JournalGrouping.week.group(of: try day("2026-12-31")).label == "Dec 28, 2026 – Jan 3, 2027")
    }

    @Test("the bookshelf groups by month")
    func months() throws {
        let group = JournalGrouping.month.group(of: try day("2026-02-14"))
        #expect(group.label == "February 2026")
        #expect(group.from.description == "2026-02-01")
        #expect(group.to.description == "2026-02-28")
    }

    @Test("splitting keeps the order and starts a new group when the week changes")
    func split() throws {
        let days = try ["2026-11-23", "2026-11-22", "2026-11-16", "2026-11-15"].map(day)
        let groups = JournalGrouping.week.split(days) { $0 }
        #expect(groups.map(\.group.label) == ["Nov 23 – 29, 2026", "Nov 16 – 22, 2026", "Nov 9 – 15, 2026"])
        #expect(groups.map(\.items.count) == [1, 2, 1])
        #expect(JournalGrouping.none.split(days) { $0 }.count == 1)
    }
}
