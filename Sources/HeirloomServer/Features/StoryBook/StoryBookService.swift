import Fluent
import Foundation
import HeirloomCore

/// Where a book's photos come from: the stored media, made small for print. A protocol so the book can be drawn from
/// any source (the folder store, S3, a test's own pictures).
protocol StoryBookPhotoSource: Sendable {
    /// The photo as a JPEG no larger than `longEdge` pixels, or nil when it cannot be found or read.
    func printImage(_ photo: StoryBook.Photo, longEdge: Int) async throws -> PrintImage?
}

/// Photos from the household's stored media (in a folder or on S3), through the media pipeline.
struct StoredBookPhotos: StoryBookPhotoSource {
    let db: any Database
    let pipeline: MediaPipeline
    let householdID: UUID

    func printImage(_ photo: StoryBook.Photo, longEdge: Int) async throws -> PrintImage? {
        // Only the household's own media: an id of another household's photo draws nothing.
        let media = try await MediaObject.query(on: db).filter(\.$id == photo.mediaID)
            .filter(\.$household.$id == householdID).first()
        return try await pipeline.printImage(media, size: longEdge)
    }
}

/// Draws "The book of <name>'s stories" into a PDF file: the photos are fetched and made small first, then the
/// pages are laid out off the event loop.
struct StoryBookService: Sendable {
    let pipeline: MediaPipeline

    /// How sharp the photos are printed: 200 dots per inch at their printed size keeps the book small and sharp.
    static let photoDPI = 200.0

    func render(
        _ book: StoryBook, photos: some StoryBookPhotoSource, date: Date, days: DayText, to file: URL
    ) async throws {
        let document = StoryBookDocument(
            book: book, date: date, days: days,
            images: try await images(for: book, from: photos))
        try await pipeline.images.offload { try document.render(to: file) }
    }

    /// Every photo of the book, once each, at the size it is printed.
    func images(for book: StoryBook, from photos: some StoryBookPhotoSource) async throws -> [UUID: PrintImage] {
        let box = StoryBookDocument.photoBox(book.sheet)
        let longEdge = Int((max(box.width, box.height) / 72 * Self.photoDPI).rounded())
        var images: [UUID: PrintImage] = [:]
        for photo in book.chapters.flatMap(\.photos) where images[photo.mediaID] == nil {
            images[photo.mediaID] = try await photos.printImage(photo, longEdge: longEdge)
        }
        return images
    }
}
