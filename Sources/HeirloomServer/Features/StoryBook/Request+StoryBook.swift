import Foundation
import HeirloomCore
import Vapor

extension Request {
    /// The book as a PDF shown in the browser: its photos fetched from the household's media and made small, then
    /// the pages drawn off the event loop into a temporary file that is streamed and removed.
    func storyBookPDF(_ book: StoryBook, householdID: UUID, days: DayText) async throws -> Response {
        let pipeline = heirloom.services.media
        let images = try await heirloom.storyBooks.images(
            for: book, from: StoredBookPhotos(db: db, pipeline: pipeline, householdID: householdID))
        let document = StoryBookDocument(book: book, date: heirloom.now, days: days, images: images)
        return try await printedPDF(book.fileName) { try document.render(to: $0) }
    }
}

extension StoryBookLayout.SelectionError {
    /// A `?chapters=` list that cannot be used, as the API answers it: a 400 that names the id.
    var appError: AppError { AppError.badRequest(description) }
}
