import Foundation
import HeirloomCore

/// Audio and video facts and renditions with ffprobe and ffmpeg.
struct AVProcessor: Sendable {
    /// What ffprobe tells of a file.
    struct Probe: Sendable {
        var duration: Double
        var audioCodec: String?
        var width: Int?
        var height: Int?
    }

    /// The sample rate the waveform is computed at; peaks need no more.
    static let waveformSampleRate = 4000

    let limiter: AsyncSemaphore
    let audioLimits: AudioLimits

    func probe(_ file: URL) async throws -> Probe {
        let result = try await limiter.run {
            try await ExternalTool.run(
                "ffprobe",
                ["-v", "error", "-print_format", "json", "-show_format", "-show_streams", file.path],
                timeout: 60
            )
        }
        guard result.status == 0, let json = try? JSONDecoder().decode(FFProbeOutput.self, from: result.output) else {
            throw MediaError.unreadable(Self.firstLine(result.errorOutput, or: "ffprobe could not read it"))
        }
        let audio = json.streams.first { $0.codecType == "audio" }
        let video = json.streams.first { $0.codecType == "video" && $0.disposition?.attachedPic != 1 }
        let duration = Double(json.format?.duration ?? "") ?? Double(audio?.duration ?? video?.duration ?? "") ?? 0
        var width = video?.width
        var height = video?.height
        if let rotation = video?.rotation, abs(rotation) % 180 == 90 { swap(&width, &height) }
        return Probe(duration: duration, audioCodec: audio?.codecName, width: width, height: height)
    }

    /// About 200 peaks 0…1 of the recording's loudness, and its length in seconds as decoded: the header's
    /// duration (0 when it has none, as in a browser's WebM) only sizes the slices.
    func waveform(of file: URL, duration: Double, scratch: URL) async throws -> (peaks: [Double], seconds: Double) {
        defer { try? FileManager.default.removeItem(at: scratch) }
        let result = try await limiter.run {
            try await ExternalTool.run(
                "ffmpeg",
                [
                    "-v", "error", "-y", "-i", file.path, "-vn", "-ac", "1", "-ar", "\(Self.waveformSampleRate)",
                    "-f", "s16le", "-acodec", "pcm_s16le",
                ] + audioLimits.outputBounds(bytesPerSecond: Self.waveformSampleRate * 2) + [scratch.path],
                timeout: audioLimits.timeout(forDuration: duration)
            )
        }
        guard result.status == 0, let reader = try? FileHandle(forReadingFrom: scratch) else {
            throw MediaError.unreadable(Self.firstLine(result.errorOutput, or: "the sound could not be decoded"))
        }
        defer { try? reader.close() }
        var builder = WaveformBuilder(
            expectedSamples: duration > 0 ? Int(duration * Double(Self.waveformSampleRate)) : nil)
        while let chunk = try reader.read(upToCount: 1 << 20), !chunk.isEmpty {
            let samples = chunk.withUnsafeBytes { raw in
                (0..<raw.count / 2).map {
                    Int16(littleEndian: raw.loadUnaligned(fromByteOffset: $0 * 2, as: Int16.self))
                }
            }
            builder.add(samples)
        }
        return (builder.normalisedPeaks, Double(builder.sampleCount) / Double(Self.waveformSampleRate))
    }

    /// An AAC .m4a copy that every browser and iPhone plays.
    func playableAAC(of file: URL, duration: Double, to output: URL) async throws {
        let result = try await limiter.run {
            try await ExternalTool.run(
                "ffmpeg",
                [
                    "-v", "error", "-y", "-i", file.path, "-vn", "-map_metadata", "-1", "-c:a", "aac", "-b:a", "128k",
                    "-movflags", "+faststart", "-f", "mp4",
                ] + audioLimits.outputBounds(bytesPerSecond: 128_000 / 8 + 1000) + [output.path],
                timeout: audioLimits.timeout(forDuration: duration)
            )
        }
        guard result.status == 0 else {
            throw MediaError.unreadable(Self.firstLine(result.errorOutput, or: "the sound could not be converted"))
        }
    }

    /// A still from early in the film, upright, as JPEG.
    func posterFrame(of file: URL, duration: Double, to output: URL) async throws {
        let offset = String(format: "%.2f", min(1.0, duration / 2))
        let result = try await limiter.run {
            try await ExternalTool.run(
                "ffmpeg",
                [
                    "-v", "error", "-y", "-ss", offset, "-i", file.path, "-frames:v", "1", "-q:v", "3", "-f", "image2",
                    output.path,
                ]
            )
        }
        guard result.status == 0, FileManager.default.fileExists(atPath: output.path) else {
            throw MediaError.unreadable(
                Self.firstLine(result.errorOutput, or: "no picture could be taken from the film"))
        }
    }

    static func firstLine(_ text: String, or fallback: String) -> String {
        let line = text.split(separator: "\n").first.map { String($0.prefix(200)) } ?? ""
        return line.isEmpty ? fallback : line
    }
}

/// The parts of ffprobe's JSON that Heirloom reads.
private struct FFProbeOutput: Decodable {
    struct Stream: Decodable {
        struct Disposition: Decodable {
            var attachedPic: Int?
            enum CodingKeys: String, CodingKey { case attachedPic = "attached_pic" }
        }

        struct SideData: Decodable {
            var rotation: Int?
        }

        var codecType: String?
        var codecName: String?
        var width: Int?
        var height: Int?
        var duration: String?
        var disposition: Disposition?
        var sideDataList: [SideData]?
        var tags: [String: String]?

        var rotation: Int? {
            sideDataList?.compactMap(\.rotation).first ?? tags?["rotate"].flatMap(Int.init)
        }

        enum CodingKeys: String, CodingKey {
            case codecType = "codec_type"
            case codecName = "codec_name"
            case width, height, duration, disposition, tags
            case sideDataList = "side_data_list"
        }
    }

    struct Format: Decodable {
        var duration: String?
    }

    var streams: [Stream]
    var format: Format?
}
