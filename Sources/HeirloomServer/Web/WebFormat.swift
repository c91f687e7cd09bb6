import Foundation

/// How dates read on pages: in words ("November 22, 2026").
enum WebFormat {
    static func day(_ date: Date?) -> String {
        guard let date else { return "" }
        return date.formatted(.dateTime.month(.wide).day().year())
    }

    static func dayAndTime(_ date: Date?) -> String {
        guard let date else { return "Never" }
        return date.formatted(.dateTime.month(.wide).day().year().hour().minute())
    }
}
