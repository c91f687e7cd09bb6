import Foundation

@testable import HeirloomServer

/// Media files made by real tools (vips, heif-enc, ffmpeg) once per test run.
enum MediaFixtures {
    static let directory: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "heirloom-fixtures-\(ProcessInfo.processInfo.processIdentifier)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }()

    /// Makes (once) and returns a fixture file.
    static func file(_ name: String) async throws -> URL {
        let url = directory.appendingPathComponent(name)
        if FileManager.default.fileExists(atPath: url.path) { return url }
        let scratch = directory.appendingPathComponent("scratch-\(UUID().uuidString)-\(name)")
        try await make(name, at: scratch)
        try? FileManager.default.moveItem(at: scratch, to: url)
        return url
    }

    static func data(_ name: String) async throws -> Data {
        try Data(contentsOf: try await file(name))
    }

    private static func make(_ name: String, at url: URL) async throws {
        let path = url.path
        switch name {
        case "photo.jpg":
            try await tool("vips", ["gaussnoise", path + "[Q=90]", "800", "600"])
        case "rotated.jpg":
            // An 800 × 600 JPEG that says it must be turned a quarter (EXIF orientation 6), with a date and GPS.
            let plain = try await data("photo.jpg")
            try EXIFWriter.insert(into: plain, orientation: 6, taken: "2019:07:04 18:30:00").write(to: url)
        case "photo.png": try await tool("vips", ["black", path, "640", "480", "--bands", "4"])
        case "photo.webp": try await tool("vips", ["gaussnoise", path, "500", "400"])
        case "photo.gif":
            try await tool(
                "ffmpeg", ["-v", "error", "-f", "lavfi", "-i", "testsrc=size=320x240:rate=5", "-t", "1", path])
        case "photo.heic":
            try await tool("heif-enc", ["-q", "60", "-o", path, try await file("photo.jpg").path])
        case "bomb.png": try await tool("vips", ["black", path, "12000", "9000"])
        case "story.wav":
            try await tool("ffmpeg", ["-v", "error", "-f", "lavfi", "-i", "sine=frequency=440:duration=3", path])
        case "story.webm":
            try await tool(
                "ffmpeg",
                ["-v", "error", "-f", "lavfi", "-i", "sine=frequency=330:duration=2", "-c:a", "libopus", path])
        case "browser.webm":
            // As a browser's recorder writes it: streamed, so its header has no duration. 1.5 s of sound, then
            // 1.5 s of silence.
            let result = try await ExternalTool.run(
                "ffmpeg",
                [
                    "-v", "error", "-f", "lavfi", "-i", "sine=frequency=330:duration=1.5,apad=whole_dur=3", "-c:a",
                    "libopus", "-f", "webm", "pipe:1",
                ], timeout: 120)
            guard result.status == 0 else { throw TestFailure("ffmpeg failed: \(result.errorOutput)") }
            try result.output.write(to: url)
        case "story.mp3":
            try await tool(
                "ffmpeg",
                ["-v", "error", "-f", "lavfi", "-i", "sine=frequency=220:duration=2", "-c:a", "libmp3lame", path])
        case "story.m4a":
            try await tool(
                "ffmpeg", ["-v", "error", "-f", "lavfi", "-i", "sine=frequency=550:duration=2", "-c:a", "aac", path])
        case "story.ogg":
            try await tool(
                "ffmpeg",
                ["-v", "error", "-f", "lavfi", "-i", "sine=frequency=660:duration=2", "-c:a", "libvorbis", path])
        case "clip.mp4":
            try await tool(
                "ffmpeg",
                [
                    "-v", "error", "-f", "lavfi", "-i", "testsrc=size=640x360:rate=25", "-f", "lavfi", "-i",
                    "sine=duration=2",
                    "-t", "2", "-c:v", "libx264", "-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest", path,
                ]
            )
        case "clip.mov":
            try await tool(
                "ffmpeg",
                [
                    "-v", "error", "-f", "lavfi", "-i", "testsrc=size=480x270:rate=25", "-t", "1", "-c:v", "libx264",
                    "-pix_fmt", "yuv420p", path,
                ]
            )
        case "two-minutes.ogg":
            try await tool(
                "ffmpeg",
                [
                    "-v", "error", "-f", "lavfi", "-i", "sine=frequency=440:duration=120", "-c:a", "libopus", "-b:a",
                    "24k", path,
                ])
        case "silence-minute.ogg":
            // Near-silence in long Opus frames: a few bytes a second.
            try await tool(
                "ffmpeg",
                [
                    "-v", "error", "-f", "lavfi", "-i", "anullsrc=r=48000:cl=mono", "-t", "60", "-c:a", "libopus",
                    "-b:a", "6k", "-frame_duration", "120", "-application", "voip", path,
                ])
        case "silence-half-hour.ogg":
            // Half an hour of it in under 500 KB, copied rather than encoded again: a decompression bomb.
            let minute = try await file("silence-minute.ogg").path
            try await tool("ffmpeg", ["-v", "error", "-stream_loop", "29", "-i", minute, "-c", "copy", path])
        case "letter.pdf": try MinimalPDF.make(pages: 2).write(to: url)
        case "sterling.png":
            // Printed text, dark on white, for the offline reader (Tesseract).
            let text = directory.appendingPathComponent("text-\(UUID().uuidString).png").path
            let inverted = directory.appendingPathComponent("inverted-\(UUID().uuidString).png").path
            try await tool("vips", ["text", text, "STERLING 925", "--dpi", "300"])
            try await tool("vips", ["invert", text, inverted])
            try await tool("vips", ["embed", inverted, path, "40", "40", "800", "200", "--extend", "white"])
        default: throw TestFailure("no fixture called \(name)")
        }
    }

    private static func tool(_ name: String, _ arguments: [String]) async throws {
        let result = try await ExternalTool.run(name, arguments, timeout: 120)
        guard result.status == 0 else { throw TestFailure("\(name) failed: \(result.errorOutput)") }
    }
}

/// Writes a minimal EXIF block (orientation, DateTimeOriginal, a GPS tag) into a JPEG.
enum EXIFWriter {
    static func insert(into jpeg: Data, orientation: UInt16, taken: String) throws -> Data {
        var tiff = Data("MM".utf8) + be16(42) + be32(8)
        // IFD0 at 8: orientation, Exif IFD pointer (50), GPS IFD pointer (68).
        tiff += be16(3)
        tiff += be16(0x0112) + be16(3) + be32(1) + be16(orientation) + be16(0)
        tiff += be16(0x8769) + be16(4) + be32(1) + be32(50)
        tiff += be16(0x8825) + be16(4) + be32(1) + be32(68)
        tiff += be32(0)
        // Exif IFD at 50: DateTimeOriginal at 86.
        tiff += be16(1) + be16(0x9003) + be16(2) + be32(20) + be32(86) + be32(0)
        // GPS IFD at 68: GPSLatitudeRef "N".
        tiff += be16(1) + be16(0x0001) + be16(2) + be32(2) + Data("N\u{0}\u{0}\u{0}".utf8) + be32(0)
        tiff += Data(taken.utf8.prefix(19)) + Data([0])
        let payload = Data("Exif".utf8) + Data([0, 0]) + tiff
        let segment = Data([0xFF, 0xE1]) + be16(UInt16(payload.count + 2)) + payload
        guard jpeg.starts(with: [0xFF, 0xD8]) else { throw TestFailure("not a JPEG") }
        return jpeg.prefix(2) + segment + jpeg.dropFirst(2)
    }

    private static func be16(_ value: UInt16) -> Data { Data([UInt8(value >> 8), UInt8(value & 0xFF)]) }
    private static func be32(_ value: UInt32) -> Data {
        Data([UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)])
    }
}

/// A small, valid PDF with text on each page.
enum MinimalPDF {
    static func make(pages: Int) -> Data {
        var objects: [String] = []
        let kids = (0..<pages).map { "\(3 + $0 * 2) 0 R" }.joined(separator: " ")
        objects.append("<< /Type /Catalog /Pages 2 0 R >>")
        objects.append("<< /Type /Pages /Kids [\(kids)] /Count \(pages) >>")
        for page in 0..<pages {
            let content = "BT /F1 24 Tf 72 720 Td (Appraisal page \(page + 1)) Tj ET"
            objects.append(
                "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents \(4 + page * 2) 0 R "
                    + "/Resources << /Font << /F1 \(3 + pages * 2) 0 R >> >> >>"
            )
            objects.append("<< /Length \(content.utf8.count) >>\nstream\n\(content)\nendstream")
        }
        objects.append("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>")
        var pdf = "%PDF-1.4\n"
        var offsets: [Int] = []
        for (index, object) in objects.enumerated() {
            offsets.append(pdf.utf8.count)
            pdf += "\(index + 1) 0 obj\n\(object)\nendobj\n"
        }
        let xref = pdf.utf8.count
        pdf += "xref\n0 \(objects.count + 1)\n0000000000 65535 f \n"
        for offset in offsets { pdf += String(format: "%010d 00000 n \n", offset) }
        pdf += "trailer\n<< /Size \(objects.count + 1) /Root 1 0 R >>\nstartxref\n\(xref)\n%%EOF\n"
        return Data(pdf.utf8)
    }
}
