/// Names a browser session after the browser and system in its User-Agent, so that people recognise it
/// in their list of sessions ("Safari on iPhone").
public enum DeviceName {
    public static func describe(userAgent: String?) -> String {
        guard let agent = userAgent, !agent.isEmpty else { return "Web browser" }
        let system: String? =
            if agent.contains("iPhone") { "iPhone" } else if agent.contains("iPad") {
                "iPad"
            } else if agent.contains("Android") {
                "Android"
            } else if agent.contains("Mac OS X") || agent.contains("Macintosh") {
                "Mac"
            } else if agent.contains("Windows") { "Windows" } else if agent.contains("CrOS") {
                "Chromebook"
            } else if agent.contains("Linux") { "Linux" } else { nil }
        let browser: String =
            if agent.contains("Edg/") { "Edge" } else if agent.contains("Firefox/") {
                "Firefox"
            } else if agent.contains("Chrome/") || agent.contains("Chromium/") || agent.contains("CriOS/") {
                "Chrome"
            } else if agent.contains("Safari/") { "Safari" } else { "Web browser" }
        return system.map { "\(browser) on \($0)" } ?? browser
    }
}
