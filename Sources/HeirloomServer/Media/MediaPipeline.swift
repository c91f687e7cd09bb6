import Foundation
import HeirloomCore
import NIOPosix

/// The long-lived parts of the media subsystem: the blob store, the processors and the limits.
struct MediaPipeline: Sendable {
    let store: BlobStore
    let images: ImageProcessor
    let audioVideo: AVProcessor
    let pdfs: PDFProcessor
    let fileIO: NonBlockingFileIO
    let limits: [MediaUse: Int64]

    init(
        dataDirectory: URL, limits: [MediaUse: Int64], audio: AudioLimits = AudioLimits(maximumSeconds: 3 * 60 * 60),
        threadPool: NIOThreadPool
    ) throws {
        store = try BlobStore(dataDirectory: dataDirectory)
        // Decoding is CPU-bound: one at a time per core keeps the hub answering while it works.
        let cores = max(1, ProcessInfo.processInfo.activeProcessorCount)
        images = ImageProcessor(threadPool: threadPool, limiter: AsyncSemaphore(limit: cores))
        audioVideo = AVProcessor(limiter: AsyncSemaphore(limit: cores), audioLimits: audio)
        pdfs = PDFProcessor(limiter: AsyncSemaphore(limit: cores))
        fileIO = NonBlockingFileIO(threadPool: threadPool)
        self.limits = limits
    }

    func limit(for use: MediaUse) -> Int64 { limits[use] ?? use.defaultLimit }
}
