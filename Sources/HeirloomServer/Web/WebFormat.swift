import Foundation

/// How dates read on pages: in words ("November 22, 2026"), the same whatever the server's locale.
enum WebFormat {
    static func day(_ date: Date?) -> String {
        guard let date else { return "" }
        return dayFormatter.string(from: date)
    }

    static func dayAndTime(_ date: Date?) -> String {
        guard let date else { return "Never" }
        return dayAndTimeFormatter.string(from: date)
    }

    /// "November 22", for "On this day".
    static func monthAndDay(_ date: Date) -> String { monthAndDayFormatter.string(from: date) }

    private static let dayFormatter = formatter("MMMM d, yyyy")
    private static let monthAndDayFormatter = formatter("MMMM d")
    private static let dayAndTimeFormatter = formatter("MMMM d, yyyy 'at' h:mm a")

    private static func formatter(_ format: String) -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = format
        return formatter
    }
}
