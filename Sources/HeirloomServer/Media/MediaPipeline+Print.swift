import Foundation

extension MediaPipeline {
    /// A photo made small for print (no larger than `size` pixels on the long edge, JPEG), from its display
    /// rendition (upright, without metadata); nil for no photo, or one that cannot be read, which a printout leaves out.
    func printImage(_ media: MediaObject?, size: Int) async throws -> PrintImage? {
        guard let media, let display = media.displaySHA256 else { return nil }
        let output = store.temporaryFile(".jpg")
        defer { try? FileManager.default.removeItem(at: output) }
        do {
            try await store.withLocalFile(display) { [images, store] in
                try await images.makePrintSize(from: $0, to: output, size: size, scratch: store.temporaryFile(".jpg"))
            }
        } catch {
            return nil
        }
        return PrintImage(jpeg: try Data(contentsOf: output))
    }
}
