import Foundation

/// One device's use of the AI gateway in the last minute: 60 calls in all and 10 analyses a minute.
public struct TreasureChestRateLimit: Equatable, Sendable {
    public static let callsPerMinute = 60
    public static let analysesPerMinute = 10
    /// The daily analysis quota a device starts with; owners change it.
    public static let defaultDailyAnalyses = 50
    /// How long a call counts.
    public static let window: TimeInterval = 60

    /// The calls still inside the window, oldest first.
    public private(set) var calls: [Date] = []
    /// The analyses among them.
    public private(set) var analyses: [Date] = []

    public init() {}

    /// A device's counts as the server kept them.
    public init(calls: [Date], analyses: [Date]) {
        self.calls = calls
        self.analyses = analyses
    }

    /// Counts the call when it is allowed; otherwise answers how many seconds to wait (at least 1).
    public mutating func admit(at now: Date, isAnalysis: Bool) -> Int? {
        let windowStart = now.addingTimeInterval(-Self.window)
        calls.removeAll { $0 <= windowStart }
        analyses.removeAll { $0 <= windowStart }
        if calls.count >= Self.callsPerMinute { return Self.wait(until: calls[0], now: now) }
        if isAnalysis, analyses.count >= Self.analysesPerMinute { return Self.wait(until: analyses[0], now: now) }
        calls.append(now)
        if isAnalysis { analyses.append(now) }
        return nil
    }

    private static func wait(until oldest: Date, now: Date) -> Int {
        max(1, Int(oldest.addingTimeInterval(Self.window).timeIntervalSince(now).rounded(.up)))
    }

    /// Seconds until the next UTC day, when the daily quota starts again.
    public static func secondsUntilNextDay(_ now: Date) -> Int {
        let day = 86_400.0
        let elapsed = now.timeIntervalSince1970.truncatingRemainder(dividingBy: day)
        return max(1, Int((day - elapsed).rounded(.up)))
    }

    /// The UTC day a call counts against, as `yyyy-MM-dd`.
    public static func day(_ now: Date) -> String {
        String(TreasureChestJSON.timestamp(now).prefix(10))
    }
}
