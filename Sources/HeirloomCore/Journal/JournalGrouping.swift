/// How the journal's views group cards: the cabinet by calendar week, the bookshelf by month.
public enum JournalGrouping: String, CaseIterable, Sendable {
    /// The timeline: one stack, newest first.
    case none
    /// The cabinet: Monday to Sunday weeks, "Nov 16 – 22, 2026".
    case week
    /// The bookshelf: calendar months, "November 2026".
    case month

    /// One group of days.
    public struct Group: Equatable, Sendable {
        /// A stable key: the group's first day ("2026-11-16", or "2026-11-01" for a month).
        public var key: String
        public var label: String
        public var from: JournalDay
        public var to: JournalDay
    }

    /// The group a day belongs to.
    public func group(of day: JournalDay) -> Group {
        switch self {
        case .none:
            return Group(key: "all", label: "All cards", from: day, to: day)
        case .week:
            let monday = day.adding(days: 1 - day.weekday)
            let sunday = monday.adding(days: 6)
            return Group(
                key: monday.description, label: Self.weekLabel(monday, sunday), from: monday, to: sunday)
        case .month:
            let first = JournalDay(year: day.year, month: day.month, day: 1)
            let last = JournalDay(
                year: day.year, month: day.month, day: JournalDay.daysIn(month: day.month, year: day.year))
            let label = "\(JournalDay.monthNames[day.month - 1]) \(day.year)"
            return Group(key: first.description, label: label, from: first, to: last)
        }
    }

    /// Splits items (already newest first) into consecutive groups, keeping their order.
    public func split<Item>(_ items: [Item], day: (Item) -> JournalDay) -> [(group: Group, items: [Item])] {
        var result: [(group: Group, items: [Item])] = []
        for item in items {
            let group = group(of: day(item))
            if let last = result.indices.last, result[last].group.key == group.key {
                result[last].items.append(item)
            } else {
                result.append((group, [item]))
            }
        }
        return result
    }

    /// "Nov 16 – 22, 2026", "Nov 30 – Dec 6, 2026" or "Dec 28, 2026 – Jan 3, 2027".
    static func weekLabel(_ from: JournalDay, _ to: JournalDay) -> String {
        let short = JournalDay.monthNames.map { String($0.prefix(3)) }
        if from.year != to.year {
            return "\(short[from.month - 1]) \(from.day), \(from.year) – \(short[to.month - 1]) \(to.day), \(to.year)"
        }
        if from.month != to.month {
            return "\(short[from.month - 1]) \(from.day) – \(short[to.month - 1]) \(to.day), \(to.year)"
        }
        return "\(short[from.month - 1]) \(from.day) – \(to.day), \(to.year)"
    }
}
