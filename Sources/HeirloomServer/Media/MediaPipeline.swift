import Foundation
import HeirloomCore
import NIOFileSystem
import NIOPosix

/// The long-lived parts of the media subsystem: the blob store, the processors and the limits.
struct MediaPipeline: Sendable {
    let store: BlobStore
    let images: ImageProcessor
    let audioVideo: AVProcessor
    let pdfs: PDFProcessor
    /// Writes uploads to their temporary files, on the hub's thread pool.
    let fileSystem: FileSystem
    let limits: [MediaUse: Int64]
    /// The stores this hub can open, for `heirloom media migrate`.
    let locations: MediaLocations

    /// The pipeline on the stores of `locations`: the configured one, or where a move has taken the media
    /// (`latestMove` reads it from the database).
    init(
        dataDirectory: URL, limits: [MediaUse: Int64], audio: AudioLimits = AudioLimits(maximumSeconds: 3 * 60 * 60),
        threadPool: NIOThreadPool, locations: MediaLocations,
        latestMove: @escaping @Sendable () async throws -> MediaMoveRecord?
    ) throws {
        let configured = try locations.open(locations.configured)
        let blobs = MovingBlobs(
            configured: locations.configured, store: configured, open: locations.open, latestMove: latestMove)
        store = try BlobStore(dataDirectory: dataDirectory, blobs: blobs)
        self.locations = locations
        // Decoding is CPU-bound: one at a time per core keeps the hub answering while it works.
        let cores = max(1, ProcessInfo.processInfo.activeProcessorCount)
        images = ImageProcessor(threadPool: threadPool, limiter: AsyncSemaphore(limit: cores))
        audioVideo = AVProcessor(limiter: AsyncSemaphore(limit: cores), audioLimits: audio)
        pdfs = PDFProcessor(limiter: AsyncSemaphore(limit: cores))
        fileSystem = FileSystem(threadPool: threadPool)
        self.limits = limits
    }

    func limit(for use: MediaUse) -> Int64 { limits[use] ?? use.defaultLimit }
}
