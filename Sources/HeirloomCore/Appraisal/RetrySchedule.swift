import Foundation

/// When to ask an AI provider again after a refusal or a failure, within one overall deadline.
public enum RetrySchedule {
    /// The delay a `Retry-After` header asks for: whole seconds, or an HTTP date.
    public static func retryAfter(_ header: String?, now: Date) -> TimeInterval? {
        guard let text = header?.trimmingWhitespace(), !text.isEmpty else { return nil }
        if let seconds = Double(text), seconds >= 0, seconds.isFinite { return seconds }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        guard let date = formatter.date(from: text) else { return nil }
        return max(0, date.timeIntervalSince(now))
    }

    /// The delay in a Gemini error body's `google.rpc.RetryInfo` detail ("retryDelay": "12s" or "1.5s").
    public static func geminiRetryDelay(_ body: Data) -> TimeInterval? {
        guard let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any],
            let error = object["error"] as? [String: Any],
            let details = error["details"] as? [[String: Any]]
        else { return nil }
        for detail in details where (detail["@type"] as? String)?.hasSuffix("google.rpc.RetryInfo") == true {
            guard var text = detail["retryDelay"] as? String, text.hasSuffix("s") else { continue }
            text.removeLast()
            if let seconds = Double(text), seconds >= 0, seconds.isFinite { return seconds }
        }
        return nil
    }

    /// Exponential back-off for attempt 1, 2, 3… from `base` seconds, at most `cap`.
    public static func backoff(attempt: Int, base: TimeInterval = 0.5, cap: TimeInterval = 8) -> TimeInterval {
        min(cap, base * pow(2, Double(max(0, attempt - 1))))
    }

    /// How long to wait before the next attempt, or nil when it would not finish before the deadline:
    /// the provider's own hint when it gave one, else the back-off.
    public static func delay(
        attempt: Int, hinted: TimeInterval?, remaining: TimeInterval, maximumAttempts: Int = 4
    ) -> TimeInterval? {
        guard attempt < maximumAttempts else { return nil }
        let delay = hinted ?? backoff(attempt: attempt)
        // Leave at least a second for the attempt itself.
        return delay + 1 <= remaining ? delay : nil
    }
}
