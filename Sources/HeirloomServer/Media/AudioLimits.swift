import Foundation

/// How much sound an upload may make the hub decode, checked from ffprobe's answer before any transcoding.
///
/// A valid Opus file of near-silence holds an hour in under 100 KB; decoding it costs as much as any hour.
/// So a recording may last at most `maximumSeconds`, and one longer than ten minutes must have at least
/// 400 bytes a second (3.2 kbit/s, below any speech codec a phone or browser records with).
struct AudioLimits: Sendable {
    var maximumSeconds: Double

    static let minimumBytesPerSecond = 400.0
    /// Shorter recordings are cheap to decode whatever their size.
    static let ratioCheckedAfterSeconds = 600.0

    /// Refuses a recording that is too long, or whose bytes cannot hold the time it claims.
    func check(duration: Double, size: Int64) throws(MediaError) {
        guard duration <= maximumSeconds else { throw .tooLong(limitSeconds: maximumSeconds) }
        if duration > Self.ratioCheckedAfterSeconds, Double(size) / duration < Self.minimumBytesPerSecond {
            throw .implausibleDuration(seconds: duration)
        }
    }

    /// ffmpeg output options that stop decoding at the limit and cap the file written, whatever the header says.
    func outputBounds(bytesPerSecond: Int) -> [String] {
        let seconds = Int(maximumSeconds.rounded(.up))
        return ["-t", "\(seconds)", "-fs", "\(seconds * bytesPerSecond + 1_000_000)"]
    }

    /// How long one ffmpeg run over a recording may take: at least five times faster than it plays.
    func timeout(forDuration duration: Double) -> TimeInterval {
        let known = duration > 0 ? min(duration, maximumSeconds) : maximumSeconds
        return 120 + known / 5
    }

    /// "3 hours", "90 minutes", "1 minute", for messages.
    static func describe(seconds: Double) -> String {
        let minutes = Int((seconds / 60).rounded())
        if minutes % 60 == 0, minutes >= 60 { return minutes == 60 ? "1 hour" : "\(minutes / 60) hours" }
        return minutes == 1 ? "1 minute" : "\(minutes) minutes"
    }
}
