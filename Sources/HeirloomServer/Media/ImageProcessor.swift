import CVipsShim
import Foundation
import NIOPosix

/// Reads and resizes pictures with libvips: header facts, an upright display size and thumbnail
/// without metadata. Runs on a thread pool, a few at a time.
struct ImageProcessor: Sendable {
    /// Facts from a picture's header.
    struct Info: Sendable {
        var width: Int
        var height: Int
        var takenAt: Date?
    }

    /// The largest picture accepted: beyond this a small file may decode into gigabytes.
    static let maximumPixels = 100_000_000
    static let displaySize: Int32 = 1600
    static let thumbnailSize: Int32 = 320

    let threadPool: NIOThreadPool
    let limiter: AsyncSemaphore

    /// Starts libvips once for the process.
    static let started: Bool = heirloom_vips_start() == 0

    func probe(_ file: URL) async throws -> Info {
        try await run {
            var info = heirloom_image_info()
            guard Self.started, heirloom_image_probe(file.path, &info) == 0 else {
                throw MediaError.unreadable(Self.lastError())
            }
            let width = Int(info.width)
            let height = Int(info.height)
            guard width > 0, height > 0 else { throw MediaError.unreadable("the picture has no size") }
            guard width * height <= Self.maximumPixels else {
                throw MediaError.tooManyPixels(width: width, height: height)
            }
            // Orientations 5–8 turn the picture a quarter, so it is shown the other way round.
            let swapped = (5...8).contains(info.orientation)
            let takenAt = withUnsafeBytes(of: info.taken_at) {
                Self.exifDate(String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self))
            }
            return Info(width: swapped ? height : width, height: swapped ? width : height, takenAt: takenAt)
        }
    }

    /// Writes the display size and the thumbnail as JPEG files.
    func makeSizes(from input: URL, display: URL, thumbnail: URL) async throws {
        try await run {
            let result = heirloom_image_resize_pair(
                input.path,
                display.path,
                Self.displaySize,
                thumbnail.path,
                Self.thumbnailSize,
                82
            )
            guard result == 0 else { throw MediaError.unreadable(Self.lastError()) }
        }
    }

    /// Writes a JPEG no larger than `size` on the long edge, for printed reports.
    func makePrintSize(from input: URL, to output: URL, size: Int, scratch: URL) async throws {
        try await run {
            defer { try? FileManager.default.removeItem(at: scratch) }
            let result = heirloom_image_resize_pair(input.path, output.path, Int32(size), scratch.path, 16, 80)
            guard result == 0 else { throw MediaError.unreadable(Self.lastError()) }
        }
    }

    /// Runs CPU-bound work (drawing a report) on the image thread pool, one per core at a time.
    func offload<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await run(body)
    }

    private func run<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await limiter.run {
            try await threadPool.runIfActive(body)
        }
    }

    private static func lastError() -> String {
        guard let pointer = heirloom_vips_error() else { return "unknown image error" }
        defer { heirloom_free(pointer) }
        let text = String(cString: pointer).split(separator: "\n").first.map(String.init) ?? ""
        return text.isEmpty ? "unknown image error" : text
    }

    /// EXIF writes "2024:05:01 12:30:00" in the camera's local time, with no zone; it is kept as UTC.
    static func exifDate(_ text: String) -> Date? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy:MM:dd HH:mm:ss"
        return formatter.date(from: String(text.prefix(19)))
    }
}
