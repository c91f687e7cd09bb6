import Crypto
import Fluent
import Foundation
import HeirloomCore
import Vapor

/// `heirloom bench-transcripts`: recordings typed out through the real transcript jobs by an engine that takes a
/// fixed time for each, next to the ideal time for that many at once (`HEIRLOOM_STT_CONCURRENCY`); then a book of
/// many chapters with a photo each, its time and size (`make bench-transcripts`, which runs it on a fresh data
/// folder). Prints Markdown tables.
struct BenchTranscriptsCommand: AsyncCommand {
    struct Signature: CommandSignature {
        @Option(name: "recordings", help: "How many recordings are typed out (0: none); 100 unless given.")
        var recordings: Int?
        @Option(name: "seconds", help: "How long the engine takes for each recording; 1 unless given.")
        var seconds: Double?
        @Option(name: "chapters", help: "How many chapters the book has, with a photo each; 52 unless given.")
        var chapters: Int?
        @Option(name: "photo", help: "The JPEG each chapter's photo is made from (a large camera photo).")
        var photo: String?
        @Option(name: "book", help: "Where the book's PDF is written; a temporary file unless given.")
        var book: String?
    }

    var help: String { "Times the transcript jobs with a fixed-time engine, and the printed book of stories." }

    func run(using context: CommandContext, signature: Signature) async throws {
        let app = context.application
        try await prepareDatabase(app)
        let console = context.console
        let count = max(0, signature.recordings ?? 100)
        if count > 0 { try await typeOut(count, seconds: max(0, signature.seconds ?? 1), on: app, console: console) }
        guard let photo = signature.photo else {
            console.info("(no --photo: the book is not drawn)")
            return
        }
        try await drawBook(signature, photo: photo, on: app, console: console)
    }

    /// Part one: `count` recordings through the transcript jobs, next to the ideal time.
    private func typeOut(_ count: Int, seconds: Double, on app: Application, console: any Console) async throws {
        let concurrency = app.hub.config.speech.concurrency
        let household = Household(name: "Bench \(UUID().uuidString.prefix(8))")
        try await household.create(on: app.db)
        let householdID = try household.requireID()
        try await storeRecordings(count, householdID: householdID, on: app)

        let engine = FixedTimeEngine(seconds: seconds)
        let base = app.transcriptJobs()
        let jobs = TranscriptJobs(
            db: base.db, store: base.store, engine: engine, clock: base.clock, logger: base.logger,
            concurrency: concurrency)
        let start = ContinuousClock.now
        let finished = try await jobs.runOnce()
        let wall = Self.seconds(ContinuousClock.now - start)
        let ideal = (Double(count) / Double(concurrency)).rounded(.up) * seconds
        let done = try await Transcript.query(on: app.db).filter(\.$household.$id == householdID)
            .filter(\.$state == .done).count()
        console.info("| measure | Heirloom | ideal, same run | ratio |")
        console.info("|---|---|---|---|")
        console.info(
            "| \(count) recordings, \(concurrency) at once, \(Self.format(seconds)) s each (\(done) done of "
                + "\(finished) finished) | \(Self.format(wall)) s | \(Self.format(ideal)) s | "
                + "\(String(format: "%.2f", wall / max(ideal, 0.001)))× |")
    }

    /// Part two: the book, every chapter with a photo made from `photo` and a code.
    private func drawBook(_ signature: Signature, photo: String, on app: Application, console: any Console)
        async throws
    {
        let chapters = max(1, signature.chapters ?? 52)
        let file = signature.book.map { URL(fileURLWithPath: $0) } ?? app.hub.media.store.temporaryFile(".pdf")
        let book = StoryBook(
            storytellerName: "Rose Miller", paper: .letter,
            chapters: (1...chapters).map { number in
                StoryBook.Chapter(
                    id: UUID(), title: "Question \(number): what do you remember of the summer you turned \(number)?",
                    text: Self.story(number), photos: [StoryBook.Photo(mediaID: UUID(), caption: "Summer \(number)")],
                    recordingURL: "http://127.0.0.1:8080/media/\(UUID().uuidString.lowercased())/play",
                    answeredAt: Date(timeIntervalSince1970: 1_780_000_000 + Double(number) * 604_800))
            })
        let photos = FilePhotos(file: URL(fileURLWithPath: photo), pipeline: app.hub.media)
        let bookStart = ContinuousClock.now
        try await StoryBookService(pipeline: app.hub.media).render(
            book, photos: photos, date: Date(), days: DayText(zone: .current), to: file)
        let time = Self.seconds(ContinuousClock.now - bookStart)
        let size = (try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int) ?? 0
        let original = (try FileManager.default.attributesOfItem(atPath: photo)[.size] as? Int) ?? 0
        console.info("")
        console.info("| book | chapters | time | PDF size | the photo each chapter is made from |")
        console.info("|---|---|---|---|---|")
        console.info(
            "| US Letter, a photo and a code each | \(chapters) | \(Self.format(time)) s | "
                + "\(String(format: "%.1f", Double(size) / 1_000_000)) MB | "
                + "\(String(format: "%.1f", Double(original) / 1_000_000)) MB × \(chapters) |")
        if signature.book == nil { try? FileManager.default.removeItem(at: file) }
    }

    /// Stores `count` recordings of distinct bytes, each attached nowhere, with its transcript waiting.
    private func storeRecordings(_ count: Int, householdID: UUID, on app: Application) async throws {
        let store = app.hub.media.store
        for index in 0..<count {
            let bytes = Data("RIFF bench recording \(index) \(UUID())".utf8)
            let sha = SHA256.hash(data: bytes).map { String(format: "%02x", $0) }.joined()
            let temporary = store.temporaryFile(".wav")
            try bytes.write(to: temporary)
            try await store.withLock { try await store.adopt(temporary, sha256: sha) }
            let object = MediaObject()
            object.$household.id = householdID
            object.use = .audio
            object.format = .wav
            object.originalName = "recording-\(index).wav"
            object.sizeBytes = Int64(bytes.count)
            object.sha256 = sha
            object.durationSeconds = 60
            try await object.create(on: app.db)
            try await Transcript.enqueue(object, on: app.db)
        }
    }

    /// A story of a few paragraphs, different for each chapter.
    static func story(_ number: Int) -> String {
        (1...4).map { paragraph in
            "That summer (\(number), part \(paragraph)) we went down to the lake every morning before the heat. "
                + "My brother carried the rods and I carried the bread, and our mother called after us to be back "
                + "for lunch, which we never were. The water was so clear you could count the stones."
        }.joined(separator: "\n")
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    static func format(_ value: Double) -> String { String(format: "%.2f", value) }
}

/// An engine that takes a fixed time for every recording, as a speech model would, and hears the same words.
private struct FixedTimeEngine: SpeechEngine {
    let seconds: Double
    var name: String { "bench" }

    func transcribe(_ file: URL, duration: Double?) async throws -> SpeechResult {
        try await Task.sleep(for: .milliseconds(Int(seconds * 1000)))
        let text = "\(file.lastPathComponent.prefix(8)): we went down to the lake every morning."
        return SpeechResult(text: text, segments: [TranscriptSegment(start: 0, end: duration ?? 1, text: text)])
    }
}

/// Every photo of the book made, each on its own, from one large JPEG.
private struct FilePhotos: StoryBookPhotoSource {
    let file: URL
    let pipeline: MediaPipeline

    func printImage(_ photo: StoryBook.Photo, longEdge: Int) async throws -> PrintImage? {
        let output = pipeline.store.temporaryFile(".jpg")
        defer { try? FileManager.default.removeItem(at: output) }
        try await pipeline.images.makePrintSize(
            from: file, to: output, size: longEdge, scratch: pipeline.store.temporaryFile(".jpg"))
        return PrintImage(jpeg: try Data(contentsOf: output))
    }
}
