import Foundation
import HeirloomCore
import Vapor

/// Speech-to-text through an OpenAI-compatible `/audio/transcriptions` endpoint (a Whisper server on the home
/// network, or a hosted one): the Legacy Treasure Chest app's recording summaries and the hub's transcripts.
struct SpeechToTextClient: Sendable {
    let settings: TreasureChestSettings.SpeechToText
    let client: any Client
    var timeout: TimeInterval = 60

    /// The words spoken in the recording.
    func transcribe(_ audio: Data, mimeType: String) async throws -> String {
        let json = try await send(audio, mimeType: mimeType, format: "json")
        guard let words = json["text"] as? String else { throw AppError.ai(.invalidReply) }
        return words
    }

    /// The words spoken, in timed phrases (`verbose_json`); a server that gives no segments gives the text as one.
    func transcribeTimed(_ audio: Data, mimeType: String, duration: Double?) async throws -> SpeechResult {
        let json = try await send(audio, mimeType: mimeType, format: "verbose_json")
        guard let text = json["text"] as? String else { throw AppError.ai(.invalidReply) }
        let segments: [TranscriptSegment] = ((json["segments"] as? [[String: Any]]) ?? []).compactMap { segment in
            guard let words = (segment["text"] as? String)?.trimmingCharacters(in: .whitespacesAndNewlines),
                !words.isEmpty
            else { return nil }
            let start = (segment["start"] as? NSNumber)?.doubleValue ?? 0
            let end = (segment["end"] as? NSNumber)?.doubleValue ?? start
            return TranscriptSegment(start: start, end: max(start, end), text: words)
        }
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if segments.isEmpty, !trimmed.isEmpty {
            return SpeechResult(text: trimmed, segments: [.init(start: 0, end: duration ?? 0, text: trimmed)])
        }
        return SpeechResult(
            text: segments.isEmpty ? trimmed : TranscriptSegmenter.text(of: segments), segments: segments)
    }

    private func send(_ audio: Data, mimeType: String, format: String) async throws -> [String: Any] {
        let boundary = "heirloom-\(UUID().text)"
        let ext = mimeType.contains("wav") ? "wav" : mimeType.contains("mpeg") ? "mp3" : "m4a"
        var body = Data()
        func text(_ name: String, _ value: String) {
            body.append(
                Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n".utf8))
        }
        text("model", settings.model)
        text("response_format", format)
        if format == "verbose_json" { text("timestamp_granularities[]", "segment") }
        body.append(
            Data(
                ("--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"recording.\(ext)\"\r\n"
                    + "Content-Type: \(mimeType)\r\n\r\n").utf8))
        body.append(audio)
        body.append(Data("\r\n--\(boundary)--\r\n".utf8))
        var base = settings.baseURL.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        var request = ClientRequest(method: .POST, url: URI(string: base + "/audio/transcriptions"))
        request.headers.replaceOrAdd(name: .contentType, value: "multipart/form-data; boundary=\(boundary)")
        if let key = settings.apiKey { request.headers.bearerAuthorization = .init(token: key.value) }
        request.body = ByteBuffer(data: body)
        request.timeout = .seconds(Int64(timeout))
        let response: ClientResponse
        do {
            response = try await client.send(request)
        } catch {
            throw AppError.ai(.unreachable)
        }
        guard response.status == .ok else {
            throw AppError.ai(
                response.status.code == 429 ? .quota : response.status.code >= 500 ? .unavailable : .refused)
        }
        guard let json = AIHTTP.json(response) else { throw AppError.ai(.invalidReply) }
        return json
    }
}
